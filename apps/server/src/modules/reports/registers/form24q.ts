// Form 24Q's deductee details (Annexure I, salary under section 192) for a quarter, as the return preparation
// utility takes them: one row per employee and month of the quarter's approved or locked salary runs — PAN
// (PANNOTAVBL without one), the amount paid or credited (the slip's gross), the tax deducted (the rules' TDS on
// the slip, else the amount of the run's head whose statutory role is 'tds') split into income tax, surcharge and
// health and education cess as the return asks (the run's split kept on the slip, tdsSurcharge / tdsCess, in the
// proportions of the employee's year's tax; a slip from before it: no surcharge and the cess at the year's rate
// within the deduction), and the dates of payment and of deduction (the last day of the wage month, when the salary
// is credited). Each row's three parts add up to its tax deducted, so the totals do too. Totals per month and for
// the quarter.
// From the tax year 2026-27 the statement is Form 138 under the Income-tax Act, 2025 (Annexure I every quarter,
// Annexures II and III in the last): the same rows, the section of deduction 392 (1961: 192, the utility's 92B),
// and the summary names the form, the year and the quarter. Annexure II (each employee's salary and tax of the
// year) is its own register, form24q-annexure2.ts.
import { MENU } from '@hr/contract';
import { underAct2025 } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { FINAL_RUN } from '../../../lib/month-lock';
import { slipTds } from '../../form16/data';
import { defineReport, type ReportContext, type ReportSummaryLine } from '../define';
import { col } from './common';

/** The financial year ('2025-26') of the run r's month, as the income-tax parameter rows name it. */
const FY_OF_RUN = sql`(case when r.month >= 4 then r.year else r.year - 1 end)::text || '-' ||
  lpad((((case when r.month >= 4 then r.year else r.year - 1 end) + 1) % 100)::text, 2, '0')`;

/**
 * Form 138's Annexure III (Income-tax Rules, 2026) holds the income of specified senior citizens whose tax a specified
 * bank works out and deducts (pension and interest; the 1961 Act's section 194P, declaration Form 125, formerly 12BBA):
 * a bank files it, an employer deducting tax on salary has nothing to report in it.
 */
export const ANNEXURE_III =
  'Specified senior citizens’ income (pension and interest) on which a specified bank deducts tax; not filed by an employer for salary';

/** The quarterly statement a year's filters ask for: its form, Act, year words and annexures (summary lines). */
export function statementSummary(ctx: ReportContext, annexure: 'I' | 'II'): ReportSummaryLine[] {
  const start = ctx.f.financialYear ?? 0;
  const fy = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  const act2025 = underAct2025(fy);
  const quarter = ctx.f.quarter;
  const lines: ReportSummaryLine[] = [
    {
      label: 'Statement',
      value: act2025
        ? `Form 138 (Income-tax Act, 2025; TDS on salary under section 392), Annexure ${annexure}`
        : `Form 24Q (Income-tax Act, 1961; TDS on salary under section 192), Annexure ${annexure}`,
      type: 'text',
    },
    { label: act2025 ? 'Tax year' : 'Financial year', value: fy, type: 'text' },
  ];
  if (quarter) lines.push({ label: 'Quarter', value: `Q${quarter}`, type: 'text' });
  if (annexure === 'I' && quarter === 4) {
    lines.push({
      label: 'Last quarter',
      value: 'Annexure II (salary details of the year, one row per employee) is filed with this quarter: see its register',
      type: 'text',
    });
    if (act2025) lines.push({ label: 'Annexure III', value: ANNEXURE_III, type: 'text' });
  }
  return lines;
}

export const form24q = defineReport({
  id: 'form-24q',
  title: 'Form 24Q — TDS Deductee Details',
  menu: MENU.register24Q,
  kind: 'register',
  description:
    "Salary paid and tax deducted on salary per employee and month of a quarter (Annexure I of Form 24Q under section 192; of Form 138 under section 392 from the tax year 2026-27), from the approved or locked salary runs, for the return preparation utility; dates of payment and deduction are the run's date of payment (given when the month is locked), else the last day of the wage month",
  filters: [{ kind: 'unit' }, { kind: 'employee' }, { kind: 'financialYear', required: true }, { kind: 'quarter', required: true }],
  columns: [
    col.code,
    col.text('pan', 'PAN of the Employee', 13, { sortable: true }),
    col.name,
    col.unit,
    col.text('month', 'Month', 14),
    col.text('sectionCode', 'Section Code', 8),
    col.date('paidOn', 'Date of Payment / Credit'),
    col.money('amountPaid', 'Amount Paid / Credited', { width: 16 }),
    col.money('incomeTax', 'TDS — Income Tax', { width: 14 }),
    col.money('surcharge', 'TDS — Surcharge', { width: 12 }),
    col.money('cess', 'TDS — Health and Education Cess', { width: 14 }),
    col.money('taxDeducted', 'Total Tax Deducted', { width: 14 }),
    col.date('deductedOn', 'Date of Deduction'),
  ],
  groupBy: [
    { key: 'month', label: 'Month' },
    { key: 'unitName', label: 'Unit' },
  ],
  defaultSort: null,
  selfService: 'refuse',
  fileStem: 'Form_24Q_Deductee_Details',
  pdf: { orientation: 'landscape' },
  source: {
    kind: 'sql',
    order: ['paidOn', 'employeeCode'],
    // The runs' months as dates, so the quarter's range reads them directly; section code 92B: salary paid by
    // an employer other than the government (the utility's codes 92A / 92B / 92C).
    query: (
      ctx,
    ) => sql`select case when r.year * 100 + r.month >= 202604 then '392' else '92B' end as "sectionCode", s.employee_code as "employeeCode",
          coalesce(upper(nullif(trim(e.pan), '')), 'PANNOTAVBL') as pan, s.name, u.name as "unitName",
          trim(to_char(make_date(r.year, r.month, 1), 'Month')) || ' ' || r.year as month,
          coalesce(r.paid_on, (make_date(r.year, r.month, 1) + interval '1 month' - interval '1 day')::date)::text as "paidOn",
          s.gross as "amountPaid", t.tds - x.surcharge - x.cess as "incomeTax", x.surcharge, x.cess, t.tds as "taxDeducted",
          coalesce(r.paid_on, (make_date(r.year, r.month, 1) + interval '1 month' - interval '1 day')::date)::text as "deductedOn"
        from salary_slips s join payroll_runs r on r.id = s.run_id join units u on u.id = r.unit_id
          join employees e on e.id = s.employee_id
          cross join lateral (
            select ${slipTds} as tds, (s.statutory->>'tdsSurcharge')::bigint as sur, (s.statutory->>'tdsCess')::bigint as ces,
              (select (p.data->>'cessRate')::numeric from statutory_parameters p
                where p.is_active and p.kind = 'income_tax_' || coalesce(s.statutory->>'tdsRegime', 'new')
                  and p.data->>'financialYear' = ${FY_OF_RUN}
                order by p.effective_from desc limit 1) as rate) t
          cross join lateral (
            select least(coalesce(t.sur, 0), greatest(t.tds, 0)) as surcharge,
              least(coalesce(t.ces, case when t.rate is null or t.tds <= 0 then 0
                else (round(t.tds * t.rate / (100 + t.rate) / 100) * 100)::bigint end),
                greatest(t.tds - coalesce(t.sur, 0), 0)) as cess) x
        where ${FINAL_RUN}
          and make_date(r.year, r.month, 1) between ${ctx.f.from}::date and ${ctx.f.to}::date
          and ${ctx.employeeWhere(sql`e`, sql`r.unit_id`)}`,
    cacheTotalsMs: 60_000,
  },
  summary: async (ctx) => statementSummary(ctx, 'I'),
});
