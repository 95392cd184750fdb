// Earlier salary of the financial year (issue 26, going live mid-year) as payroll users read it: the rows by unit and
// year and the unit's Excel template. Payroll users reach the employees of their units only (another's row is 404);
// the year is closed for a unit once its March run is approved or locked.
import type { TEarlierSalary, ZEarlierSalaryQuery } from '@hr/contract';
import { toRupees } from '@hr/payroll';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { earlierSalaries } from '../../db/schema';
import { Conflict, NotFound } from '../../lib/errors';
import { FINAL_RUN } from '../../lib/month-lock';
import { containsPattern } from '../../lib/sql';
import { INR_NUMBER_FORMAT, TEXT_FORMAT, xlsxBook } from '../../lib/xlsx';
import { type AuthContext, canReachUnit, unitScope } from '../access/context';
import { type EarlierFigures, FIGURE_COLUMNS, type SheetEmployee, TEMPLATE_HEADERS } from './earlier-salary-sheet';

/** Whether the year is closed for the unit of `e` (SQL on employees e): its March run approved or locked. */
const closedSql = (fy: string) =>
  sql`exists (select 1 from payroll_runs r where r.unit_id = e.unit_id and r.year = ${Number(fy.slice(0, 4)) + 1} and r.month = 3 and ${FINAL_RUN})`;

/** The employees the caller reaches (or those of `ids`), with the year's closed flag and the months paid here. */
export async function sheetEmployees(db: Db | Tx, auth: AuthContext, fy: string, ids?: number[]) {
  const start = Number(fy.slice(0, 4));
  const scope = unitScope(auth, sql`e.unit_id`) ?? sql`true`;
  const only = ids ? sql`and e.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)` : sql``;
  const rows = await queryRows<{ id: number; code: string; unitId: number; closed: boolean; paid: string[] | null }>(
    db,
    sql`select e.id, lower(e.employee_code) as code, e.unit_id as "unitId", ${closedSql(fy)} as closed,
          (select jsonb_agg(distinct r.year::text || '-' || lpad(r.month::text, 2, '0')) from salary_slips s join payroll_runs r on r.id = s.run_id
            where s.employee_id = e.id and r.year * 100 + r.month between ${start * 100 + 4} and ${(start + 1) * 100 + 3}) as paid
        from employees e where ${scope} ${only}`,
  );
  return rows.map((r) => ({ code: r.code, e: { id: r.id, unitId: r.unitId, closed: r.closed, paidMonths: new Set(r.paid ?? []) } }));
}

export type Row = typeof earlierSalaries.$inferSelect;
export const MONEY = FIGURE_COLUMNS.map((c) => c.key).filter((k) => k !== 'otherExemptSection') as Exclude<
  (typeof FIGURE_COLUMNS)[number]['key'],
  'otherExemptSection'
>[];

export async function listRows(db: Db, auth: AuthContext, q: z.output<typeof ZEarlierSalaryQuery>, id?: number) {
  const scope = unitScope(auth, sql`e.unit_id`) ?? sql`true`;
  const where = sql`x.is_active and x.financial_year = ${q.financialYear} and ${scope}
    ${q.unitId ? sql`and e.unit_id = ${Number(q.unitId)}` : sql``}
    ${q.search ? sql`and (e.employee_code ilike ${containsPattern(q.search)} or e.name ilike ${containsPattern(q.search)})` : sql``}
    ${id ? sql`and x.id = ${id}` : sql``}`;
  const rows = await queryRows<Row & { employeeCode: string; name: string; unitId: number; unitName: string; closed: boolean }>(
    db,
    sql`select x.id, x.employee_id as "employeeId", x.financial_year as "financialYear", x.from_month as "fromMonth", x.to_month as "toMonth",
          x.gross, x.hra_exempt as "hraExempt", x.lta_exempt as "ltaExempt", x.other_exempt as "otherExempt",
          x.other_exempt_section as "otherExemptSection", x.pf, x.pt, x.tds, x.prev_income as "prevIncome", x.prev_pf as "prevPf",
          x.prev_pt as "prevPt", x.prev_tds as "prevTds", e.employee_code as "employeeCode", e.name, e.unit_id as "unitId",
          u.name as "unitName", ${closedSql(q.financialYear)} as closed
        from earlier_salaries x join employees e on e.id = x.employee_id join units u on u.id = e.unit_id
        where ${where}
        order by e.employee_code, x.from_month nulls first, x.id
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from earlier_salaries x join employees e on e.id = x.employee_id where ${where}`,
  );
  const view = (r: (typeof rows)[number]): TEarlierSalary => ({
    id: r.id,
    employeeId: r.employeeId,
    employeeCode: r.employeeCode,
    name: r.name,
    unitId: r.unitId,
    unitName: r.unitName,
    financialYear: r.financialYear,
    fromMonth: r.fromMonth,
    toMonth: r.toMonth,
    otherExemptSection: r.otherExemptSection,
    closed: r.closed,
    ...(Object.fromEntries(MONEY.map((k) => [k, toRupees(Number(r[k]))])) as Record<(typeof MONEY)[number], number>),
  });
  return { rows: rows.map(view), total: n };
}

/** The stored row of `id` the caller reaches, with its employee's context (404 otherwise; 409 once the year is closed). */
export async function reachableRow(db: Db | Tx, auth: AuthContext, id: number): Promise<{ row: Row; e: SheetEmployee }> {
  const [row] = await db.select().from(earlierSalaries).where(eq(earlierSalaries.id, id));
  if (!row?.isActive) throw new NotFound('Earlier salary row not found');
  const [found] = await sheetEmployees(db, auth, row.financialYear, [row.employeeId]);
  if (!found || !canReachUnit(auth, found.e.unitId)) throw new NotFound('Earlier salary row not found');
  if (found.e.closed) throw new Conflict(`The financial year ${row.financialYear} is closed for the employee's unit`);
  return { row, e: found.e };
}

export const valuesOf = (f: EarlierFigures) =>
  Object.fromEntries([...MONEY.map((k) => [k, f[k]]), ['otherExemptSection', f.otherExemptSection]]);

/** The rows of a year within reach, paged (404 for a unit out of reach). */
export async function listEarlierSalary(db: Db, auth: AuthContext, q: z.output<typeof ZEarlierSalaryQuery>) {
  if (q.unitId && !canReachUnit(auth, Number(q.unitId))) throw new NotFound('Unit not found');
  return listRows(db, auth, q);
}

/** The unit's template: its staff (not exited), a column per figure (404 for a unit out of reach). */
export async function earlierSalaryTemplate(db: Db, auth: AuthContext, unitId: number) {
  if (!canReachUnit(auth, unitId)) throw new NotFound('Unit not found');
  const staff = await queryRows<{ code: string; name: string }>(
    db,
    sql`select employee_code as code, name from employees where unit_id = ${unitId} and status <> 'exited' order by employee_code`,
  );
  // Months stay text ('2026-04' is no date); the figures are rupees, typed as numbers in the Indian format.
  const file = await xlsxBook([
    {
      sheet: 'Earlier salary',
      frozenColumns: 2,
      columns: [
        { header: TEMPLATE_HEADERS[0], width: 20, numFmt: TEXT_FORMAT },
        { header: TEMPLATE_HEADERS[1], width: 28 },
        { header: TEMPLATE_HEADERS[2], width: 20, numFmt: TEXT_FORMAT, note: 'The first month of the salary, as YYYY-MM' },
        { header: TEMPLATE_HEADERS[3], width: 20, numFmt: TEXT_FORMAT, note: 'The last month of the salary, as YYYY-MM' },
        ...FIGURE_COLUMNS.map((c) =>
          c.key === 'otherExemptSection'
            ? { header: c.header, width: 18 }
            : { header: c.header, width: 18, type: 'number' as const, numFmt: INR_NUMBER_FORMAT, note: 'Rupees' },
        ),
      ],
      rows: staff.map((e) => ({ values: [e.code, e.name] })),
    },
  ]);
  return file;
}

/** One row as the list shows it (after a change). */
export async function earlierSalaryView(db: Db, auth: AuthContext, id: number): Promise<TEarlierSalary> {
  const [r] = await db.select({ fy: earlierSalaries.financialYear }).from(earlierSalaries).where(eq(earlierSalaries.id, id));
  const [view] = (await listRows(db, auth, { financialYear: r.fy, page: 1, pageSize: 1 }, id)).rows;
  return view;
}
