// Registers of wages, read from the salary slips of approved or locked runs only (a draft or processed run
// may still change): Form B wage register and the salary register (employee × head). The arrears report is arrears.ts.
import { MENU } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client';
import type { RunHead } from '../../../db/schema';
import { FINAL_RUN } from '../../../lib/month-lock';
import { orgZone } from '../../../lib/org-zone';
import { netPaidSql } from '../../payroll/net-paid';
import { defineReport, type ReportColumn, type ReportContext } from '../define';
import { BY_UNIT_DEPARTMENT, col, PEOPLE_FILTERS } from './common';
import { monthFormLines } from './register-forms';

/** Totals of final slips are kept a minute for the next pages (a processed run's may still change: not kept). */
const FINAL_TOTALS_MS = (ctx: ReportContext) => (ctx.f.status === 'processed' ? 0 : 60_000);

/** Runs whose slips are final. */
const FINAL = FINAL_RUN;

/** The account and IFSC the slip was processed with (the employee's for slips processed before slips kept them). */
const SLIP_BANK_ACCOUNT = sql`(case when s.pay_mode_id is null then e.bank_account_no else s.bank_account_no end)`;
const SLIP_IFSC = sql`(case when s.pay_mode_id is null then e.ifsc else s.ifsc end)`;

/** A processed run not yet approved, for the payroll office to check before approving (the salary register only). */
const PROCESSED_TOO = sql`(r.status = 'processed' or ${FINAL_RUN})`;

/** The month's final runs (or processed ones too, status 'processed') within the filters (unit) and the caller's reach. */
function runsWhere(ctx: ReportContext): SQL {
  const { year, month, unitId, status } = ctx.f;
  return sql`r.year = ${year} and r.month = ${month} and ${status === 'processed' ? PROCESSED_TOO : FINAL}
    ${unitId !== undefined ? sql`and r.unit_id = ${unitId}` : sql``}
    and ${
      ctx.auth.isSelfService
        ? sql`r.id in (select x.run_id from salary_slips x where x.employee_id = ${ctx.auth.employeeId ?? 0})`
        : ctx.reach(sql`r.unit_id`, sql`null`)
    }`;
}

/** The heads of the month's runs (as they were when processed), in the runs' order, earnings first. */
async function headsOf(ctx: ReportContext): Promise<RunHead[]> {
  const rows = await queryRows<{ head: RunHead }>(
    ctx.db,
    sql`select distinct on ((h.value->>'id')::int) h.value as head, h.ordinality as pos
      from payroll_runs r cross join lateral jsonb_array_elements(r.heads) with ordinality h
      where ${runsWhere(ctx)}
      order by (h.value->>'id')::int, h.ordinality`,
  );
  const heads = rows.map((r) => r.head).filter((h) => !h.isNetPayHead);
  return [...heads.filter((h) => h.isEarning), ...heads.filter((h) => !h.isEarning)];
}

const headKey = (h: RunHead) => `h${h.id}`;
const headColumn = (h: RunHead): ReportColumn =>
  col.money(headKey(h), h.printName.replace(/\r/g, '').trim() || h.code, {
    width: Math.min(14, Math.max(10, h.printName.length + 2)),
    // Worked out for a page's rows only (expand), so not sorted on.
    sortable: false,
  });

/** Each head's amount of the slip (the query's "_amounts") as a column `h<id>` (paise), for a page's rows. */
async function headSelect(ctx: ReportContext): Promise<SQL> {
  const heads = await headsOf(ctx);
  if (!heads.length) return sql`null::int as "_noHeads"`;
  return sql.join(
    heads.map((h) => sql`coalesce((r."_amounts" ->> ${String(h.id)})::bigint, 0) as ${sql.identifier(headKey(h))}`),
    sql`, `,
  );
}

/**
 * The totals the database keeps for final runs (report_run_totals, migration 0019: slips, gross, deductions, net and
 * each head 'h<id>'), summed over the month's runs within the filters, when the filters are only unit and month (a
 * department or an employee narrows the slips) and every run has its totals; else null (the slips are summed).
 */
async function keptTotals(ctx: ReportContext): Promise<{ count: number; totals: Record<string, number> } | null> {
  const f = ctx.f;
  if (f.status === 'processed' || ctx.auth.isSelfService) return null;
  if (f.departmentId !== undefined || f.designationId !== undefined || f.categoryId !== undefined || f.employeeId !== undefined)
    return null;
  const rows = await queryRows<{ item: string | null; amount: string | null; runs: number; kept: number }>(
    ctx.db,
    sql`with runs as (select r.id from payroll_runs r where ${runsWhere(ctx)}),
        kept as (select t.item, sum(t.amount)::text as amount from report_run_totals t where t.run_id in (select id from runs) group by t.item)
      select k.item, k.amount, c.runs, c.kept from (select (select count(*) from runs)::int as runs,
          (select count(*) from report_run_totals t where t.item = '#slips' and t.run_id in (select id from runs))::int as kept) c
        left join kept k on true`,
  );
  if (!rows.length || rows[0].runs !== rows[0].kept) return null;
  const totals: Record<string, number> = {};
  for (const r of rows) if (r.item !== null) totals[r.item] = Number(r.amount ?? 0);
  // The kept 'net' is the exact nets summed (the trigger's); the register's net is the amount paid, each slip's net
  // rounded to ₹10 as its payslip prints it, kept with each run (payroll_runs.net_paid).
  const [paid] = await queryRows<{ net: string }>(
    ctx.db,
    sql`select coalesce(sum(r.net_paid), 0)::text as net from payroll_runs r where ${runsWhere(ctx)}`,
  );
  totals.net = Number(paid?.net ?? 0);
  return { count: totals['#slips'] ?? 0, totals };
}

/** The slips of the month's final runs, as printed that month, within the filters. */
const slipsFrom = (ctx: ReportContext) => sql`salary_slips s join payroll_runs r on r.id = s.run_id join units u on u.id = r.unit_id
  join employees e on e.id = s.employee_id
  where ${runsWhere(ctx)} and ${ctx.employeeWhere(sql`e`, sql`r.unit_id`)}`;

/** The slip's net pay as paid: rounded to ₹10 as the payslip prints it (the exact net is salary_slips.net). */
const NET_PAID = netPaidSql(sql`s.net`);

const MONTH_FILTERS = [...PEOPLE_FILTERS, { kind: 'month' as const, required: true }];

/** The slip's payment (payments module, salary_payments): 'DD/MM/YYYY' it was paid on, else 'Pending'. */
const PAYMENT_STATUS = sql`coalesce((select to_char(p.value_date, 'DD/MM/YYYY') from salary_payments p
  where p.run_id = s.run_id and p.employee_id = s.employee_id and p.status = 'paid'), 'Pending')`;

const SLIP_PEOPLE = sql`s.employee_id as "employeeId", s.employee_code as "employeeCode", s.name, u.name as "unitName",
  s.department_name as "departmentName", s.designation_name as "designationName"`;

export const salaryRegister = defineReport({
  id: 'salary-register',
  title: 'Salary Register',
  menu: MENU.registerSalary,
  kind: 'register',
  description:
    'Every employee of a month’s approved or locked salary runs (or processed ones too, to check them before approval) with the amount of every head, gross, deductions and net, with totals',
  filters: [
    ...MONTH_FILTERS,
    {
      kind: 'status',
      options: [
        { value: 'final', label: 'Approved or locked runs' },
        { value: 'processed', label: 'Processed, approved or locked runs' },
      ],
    },
  ],
  columns: [
    col.code,
    col.name,
    col.unit,
    col.designation,
    col.department,
    col.number('payableDays', 'Payable Days', { total: false }),
    col.number('lwopDays', 'LWOP Days', { total: false }),
    col.money('gross', 'Gross'),
    col.money('deductions', 'Deductions'),
    col.money('net', 'Net'),
    col.text('bankAccountNo', 'Bank A/c No.', 18),
    col.text('ifsc', 'IFSC', 11),
    col.text('paymentStatus', 'Paid On', 12),
  ],
  columnsFor: async (ctx) => {
    const heads = await headsOf(ctx);
    const c = salaryRegister.columns;
    return [...c.slice(0, 7), ...heads.map(headColumn), ...c.slice(7)];
  },
  groupBy: BY_UNIT_DEPARTMENT,
  defaultSort: null,
  selfService: 'own',
  fileStem: 'Salary_Register',
  pdf: { orientation: 'landscape' },
  source: {
    kind: 'sql',
    order: ['unitName', 'employeeCode'],
    query: (
      ctx,
    ) => sql`select ${SLIP_PEOPLE}, (s.attendance->>'payableDays')::numeric as "payableDays", (s.attendance->>'lwopDays')::numeric as "lwopDays",
        s.gross, s.deductions, ${NET_PAID} as net, ${SLIP_BANK_ACCOUNT} as "bankAccountNo", ${SLIP_IFSC} as ifsc, ${PAYMENT_STATUS} as "paymentStatus",
        s.amounts as "_amounts", s.id as "_slipId"
      from ${slipsFrom(ctx)}`,
    expand: headSelect,
    key: '_slipId',
    cacheTotalsMs: FINAL_TOTALS_MS,
    keptTotals,
  },
});

export const formB = defineReport({
  id: 'form-b',
  title: 'Form B — Wage Register',
  menu: MENU.registerFormB,
  kind: 'register',
  description:
    'Wage register: Form B of the Ease of Compliance to Maintain Registers under various Labour Laws Rules, 2017 up to May 2026, the register of wages of the Code on Wages (Central) Rules, 2026 for the months after them (the forms by date are statutory parameters); days worked, earnings, deductions and net wages paid, from approved or locked salary runs',
  filters: MONTH_FILTERS,
  summary: (ctx) => monthFormLines(ctx, 'wages'),
  columns: [
    col.code,
    col.name,
    col.unit,
    col.designation,
    col.department,
    col.text('uan', 'UAN', 14),
    col.number('payableDays', 'Days Worked', { total: false }),
    col.number('otHours', 'Overtime Hours', { total: false }),
    col.money('gross', 'Total Earnings'),
    col.money('deductions', 'Total Deductions'),
    col.money('net', 'Net Wages Paid'),
    col.text('payMode', 'Pay Mode', 10),
    col.text('bankAccountNo', 'Bank A/c No.', 18, { hidden: true }),
    col.date('paidOn', 'Date of Payment'),
  ],
  columnsFor: async (ctx) => {
    const heads = await headsOf(ctx);
    const c = formB.columns;
    const earnings = heads.filter((h) => h.isEarning).map(headColumn);
    const deductions = heads.filter((h) => !h.isEarning).map(headColumn);
    return [...c.slice(0, 8), ...earnings, c[8], ...deductions, ...c.slice(9)];
  },
  groupBy: BY_UNIT_DEPARTMENT,
  defaultSort: null,
  selfService: 'own',
  fileStem: 'Form_B_Wage_Register',
  pdf: { orientation: 'landscape' },
  source: {
    kind: 'sql',
    order: ['unitName', 'employeeCode'],
    query: (ctx) => sql`select ${SLIP_PEOPLE}, s.uan_no as uan, (s.attendance->>'payableDays')::numeric as "payableDays",
        (s.attendance->>'otHours')::numeric as "otHours", s.gross, s.deductions, ${NET_PAID} as net, s.pay_mode_name as "payMode",
        ${SLIP_BANK_ACCOUNT} as "bankAccountNo", coalesce(r.paid_on, (coalesce(r.locked_at, r.processed_at) at time zone ${orgZone()}::text)::date)::text as "paidOn",
        s.amounts as "_amounts", s.id as "_slipId"
      from ${slipsFrom(ctx)}`,
    expand: headSelect,
    key: '_slipId',
    cacheTotalsMs: FINAL_TOTALS_MS,
    keptTotals,
  },
});
