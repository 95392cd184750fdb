// Earlier salary of the financial year (issue 26, going live mid-year): the list by unit and year, the unit's Excel
// template, the upload (every row checked first; an employee in the file has the year's rows replaced by the file's;
// all rows or none) and the change or removal of one row until the year is closed for the unit (its March run
// approved or locked). Payroll users reach the employees of their units only (another's row is 404).
import {
  MENU,
  type TEarlierSalary,
  ZEarlierSalaryImported,
  ZEarlierSalaryImportQuery,
  ZEarlierSalaryInput,
  ZEarlierSalaryPage,
  ZEarlierSalaryQuery,
  ZEarlierSalaryTemplateQuery,
  ZIdParams,
} from '@hr/contract';
import { toPaise, toRupees } from '@hr/payroll';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { earlierSalaries } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { FINAL_RUN } from '../../lib/month-lock';
import { fileResponse, noContent } from '../../lib/responses';
import { containsPattern } from '../../lib/sql';
import { INR_NUMBER_FORMAT, TEXT_FORMAT, uploadedSheet, xlsxBook } from '../../lib/xlsx';
import { type AuthContext, canReachUnit, unitScope } from '../access/context';
import {
  checkMonths,
  checkRow,
  type EarlierFigures,
  FIGURE_COLUMNS,
  readSheet,
  type SheetEmployee,
  TEMPLATE_HEADERS,
} from './earlier-salary-sheet';

const menu = MENU.earlierSalary;
const tags = ['tax'];

/** Whether the year is closed for the unit of `e` (SQL on employees e): its March run approved or locked. */
const closedSql = (fy: string) =>
  sql`exists (select 1 from payroll_runs r where r.unit_id = e.unit_id and r.year = ${Number(fy.slice(0, 4)) + 1} and r.month = 3 and ${FINAL_RUN})`;

/** The employees the caller reaches (or those of `ids`), with the year's closed flag and the months paid here. */
async function sheetEmployees(db: Db | Tx, auth: AuthContext, fy: string, ids?: number[]) {
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

type Row = typeof earlierSalaries.$inferSelect;
const MONEY = FIGURE_COLUMNS.map((c) => c.key).filter((k) => k !== 'otherExemptSection') as Exclude<
  (typeof FIGURE_COLUMNS)[number]['key'],
  'otherExemptSection'
>[];

async function listRows(db: Db, auth: AuthContext, q: z.output<typeof ZEarlierSalaryQuery>, id?: number) {
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
async function reachableRow(db: Db | Tx, auth: AuthContext, id: number): Promise<{ row: Row; e: SheetEmployee }> {
  const [row] = await db.select().from(earlierSalaries).where(eq(earlierSalaries.id, id));
  if (!row?.isActive) throw new NotFound('Earlier salary row not found');
  const [found] = await sheetEmployees(db, auth, row.financialYear, [row.employeeId]);
  if (!found || !canReachUnit(auth, found.e.unitId)) throw new NotFound('Earlier salary row not found');
  if (found.e.closed) throw new Conflict(`The financial year ${row.financialYear} is closed for the employee's unit`);
  return { row, e: found.e };
}

const valuesOf = (f: EarlierFigures) => Object.fromEntries([...MONEY.map((k) => [k, f[k]]), ['otherExemptSection', f.otherExemptSection]]);

type App = Parameters<FastifyPluginAsyncZod>[0];

function listRoutes(app: App) {
  app.get(
    '/api/tax/earlier-salary',
    {
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: "The salary of the financial year paid before going live, by employee (this employer's months, a previous employer)",
        querystring: ZEarlierSalaryQuery,
        response: { 200: ZEarlierSalaryPage },
      },
    },
    async (request) => {
      if (request.query.unitId && !canReachUnit(request.auth, Number(request.query.unitId))) throw new NotFound('Unit not found');
      return listRows(app.db, request.auth, request.query);
    },
  );

  app.get(
    '/api/tax/earlier-salary/template',
    {
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: "An .xlsx listing the unit's staff, a column per figure: fill the rows of salary paid before going live",
        querystring: ZEarlierSalaryTemplateQuery,
        response: { 200: fileResponse('.xlsx') },
      },
    },
    async (request, reply) => {
      const unitId = Number(request.query.unitId);
      if (!canReachUnit(request.auth, unitId)) throw new NotFound('Unit not found');
      const staff = await queryRows<{ code: string; name: string }>(
        app.db,
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
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="Earlier_Salary_${request.query.financialYear}.xlsx"`)
        .send(file);
    },
  );
}

function importRoute(app: App) {
  app.post(
    '/api/tax/earlier-salary/import',
    {
      config: { access: { menu, action: 'add' } },
      schema: {
        tags,
        summary:
          'Uploads the earlier salary of a financial year (.xlsx, the template): every row checked first, all rows or none; an employee in the file has the year’s rows replaced',
        consumes: ['multipart/form-data'],
        querystring: ZEarlierSalaryImportQuery,
        response: { 200: ZEarlierSalaryImported },
      },
    },
    async (request) => {
      const fy = request.query.financialYear;
      const sheet = await uploadedSheet(request, 20 * 1024 * 1024, 'an earlier salary sheet');
      const header = TEMPLATE_HEADERS.map((_, i) => String(sheet.header[i] ?? '').trim());
      if (header.join('|').toLowerCase() !== TEMPLATE_HEADERS.join('|').toLowerCase())
        throw new BadRequest('The columns are not the template’s', { columns: [`Expected: ${TEMPLATE_HEADERS.join(', ')}`] });
      const staff = await sheetEmployees(app.db, request.auth, fy);
      const { rows, errors } = readSheet(sheet, { financialYear: fy, employees: new Map(staff.map((s) => [s.code, s.e])) });
      if (Object.keys(errors).length) throw new BadRequest('Some rows cannot be used; nothing was saved', errors);
      if (!rows.length) throw new BadRequest('The sheet has no filled rows', { file: ['Fill at least one row of the template'] });
      const ids = [...new Set(rows.map((r) => r.employeeId))];
      await app.db.transaction(async (tx) => {
        const before = await tx.select().from(earlierSalaries).where(inArray(earlierSalaries.employeeId, ids));
        await tx
          .delete(earlierSalaries)
          .where(sql`${earlierSalaries.financialYear} = ${fy} and ${inArray(earlierSalaries.employeeId, ids)}`);
        await tx.insert(earlierSalaries).values(
          rows.map((r) => ({
            employeeId: r.employeeId,
            financialYear: fy,
            fromMonth: r.fromMonth,
            toMonth: r.toMonth,
            ...valuesOf(r),
            createdBy: request.auth.userId,
            updatedBy: request.auth.userId,
          })),
        );
        for (const id of ids)
          await writeAudit(tx, {
            entity: 'earlier_salaries',
            entityId: id,
            action: 'import',
            before: before.filter((b) => b.employeeId === id && b.financialYear === fy),
            after: rows.filter((r) => r.employeeId === id),
            userId: request.auth.userId,
            requestId: request.id,
          });
      });
      return { saved: rows.length, employees: ids.length };
    },
  );
}

function changeRoutes(app: App) {
  app.put(
    '/api/tax/earlier-salary/:id',
    {
      config: { access: { menu, action: 'edit' } },
      schema: {
        tags,
        summary: 'Changes one row of earlier salary (until the year is closed for the unit)',
        params: ZIdParams,
        body: ZEarlierSalaryInput,
        response: { 200: ZEarlierSalaryPage.shape.rows.element },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const input = request.body;
      await app.db.transaction(async (tx) => {
        const { row, e } = await reachableRow(tx, request.auth, id);
        const f = { otherExemptSection: input.otherExemptSection } as EarlierFigures;
        for (const k of MONEY) f[k] = Number(toPaise(input[k]));
        const problems: string[] = [];
        checkRow(f, input.fromMonth, input.toMonth, row.financialYear, problems);
        if (!problems.length) {
          const others = await tx.select().from(earlierSalaries).where(eq(earlierSalaries.employeeId, row.employeeId));
          const taken = new Map<number, Set<string>>();
          const scratch: string[] = [];
          for (const o of others)
            if (o.id !== id && o.isActive && o.financialYear === row.financialYear) checkMonths(e, o.fromMonth, o.toMonth, taken, scratch);
          checkMonths({ ...e, paidMonths: e.paidMonths }, input.fromMonth, input.toMonth, taken, problems);
        }
        if (problems.length) throw new BadRequest(problems[0], { row: problems });
        await tx
          .update(earlierSalaries)
          .set({
            fromMonth: input.fromMonth,
            toMonth: input.toMonth,
            ...valuesOf(f),
            updatedAt: new Date(),
            updatedBy: request.auth.userId,
          })
          .where(eq(earlierSalaries.id, id));
        await writeAudit(tx, {
          entity: 'earlier_salaries',
          entityId: id,
          action: 'update',
          before: row,
          after: { ...input },
          userId: request.auth.userId,
          requestId: request.id,
        });
      });
      const [view] = (await listRows(app.db, request.auth, await rowQuery(app.db, id), id)).rows;
      return view;
    },
  );

  app.delete(
    '/api/tax/earlier-salary/:id',
    {
      config: { access: { menu, action: 'delete' } },
      schema: {
        tags,
        summary: 'Removes one row of earlier salary (until the year is closed for the unit)',
        params: ZIdParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      await app.db.transaction(async (tx) => {
        const { row } = await reachableRow(tx, request.auth, id);
        await tx.delete(earlierSalaries).where(eq(earlierSalaries.id, id));
        await writeAudit(tx, {
          entity: 'earlier_salaries',
          entityId: id,
          action: 'delete',
          before: row,
          userId: request.auth.userId,
          requestId: request.id,
        });
      });
      return reply.code(204).send(null);
    },
  );
}

export const earlierSalaryRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app);
  importRoute(app);
  changeRoutes(app);
};

async function rowQuery(db: Db, id: number): Promise<z.output<typeof ZEarlierSalaryQuery>> {
  const [r] = await db.select({ fy: earlierSalaries.financialYear }).from(earlierSalaries).where(eq(earlierSalaries.id, id));
  return { financialYear: r.fy, page: 1, pageSize: 1 };
}
