// Annexure II of the last quarter's salary TDS statement — Form 24Q up to 2025-26, Form 138 (Income-tax Act, 2025)
// from the tax year 2026-27: each employee's salary and tax of the year, one row per employee. The figures are
// the salary certificate's own (form16/data.ts loadForm16Records → form16Figures: the year's approved or locked
// slips and the year-end declaration), so Annexure II, Form 16 / Form 130 Part B and the run agree: gross salary
// 1(d), other employer 1(e), exemptions 2(h), section 16, income chargeable, other income, gross total income,
// chapter VI-A (80CCD(2) apart), total taxable income, tax, rebate, surcharge, cess, relief, and tax deducted.
import { MENU } from '@hr/contract';
import { financialYearStart, form16Figures } from '@hr/documents';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client';
import { FINAL_RUN } from '../../../lib/month-lock';
import { loadForm16Records, runInYear } from '../../form16/data';
import { loadStatutoryTables } from '../../statutory/parameters';
import { defineReport, type ReportContext, type ReportRow } from '../define';
import { col } from './common';
import { statementSummary } from './form24q';

const BATCH = 200;

function yearOf(ctx: ReportContext): string {
  const start = ctx.f.financialYear ?? 0;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The employees with an approved or locked slip in the year, within the filters and reach, in code order. */
async function employeesOf(ctx: ReportContext, limit?: number, offset = 0): Promise<number[]> {
  const start = financialYearStart(yearOf(ctx));
  const rows = await queryRows<{ id: number }>(
    ctx.db,
    sql`select e.id from employees e
        where exists (select 1 from salary_slips s join payroll_runs r on r.id = s.run_id
                      where s.employee_id = e.id and ${FINAL_RUN} and ${runInYear(start)})
          and ${ctx.employeeWhere(sql`e`)}
        order by e.employee_code, e.id
        ${limit === undefined ? sql`` : sql`limit ${limit} offset ${offset}`}`,
  );
  return rows.map((r) => r.id);
}

async function rowsOf(ctx: ReportContext, ids: number[]): Promise<ReportRow[]> {
  const fy = yearOf(ctx);
  const records = await loadForm16Records(ctx.db, ids, fy, await loadStatutoryTables(ctx.db));
  const n = (v: bigint) => Number(v);
  return records.map((rec) => {
    const f = form16Figures(rec);
    const t = f.tax;
    const nps = f.deductions.find((d) => d.section === '80CCD(2)')?.amount ?? 0n;
    return {
      employeeCode: rec.employee.employeeCode,
      pan: rec.employee.pan?.trim().toUpperCase() || 'PANNOTAVBL',
      name: rec.employee.name,
      unitName: rec.employee.unitName,
      periodFrom: rec.periodFrom,
      periodTo: rec.periodTo,
      regime: f.regime === 'new' ? 'New (opted out: No)' : 'Old (opted out: Yes)',
      grossSalary: n(f.grossSalary),
      previousEmployerSalary: n(f.previousEmployerSalary),
      exemptions: n(t.exemptions),
      standardDeduction: n(t.standardDeduction),
      professionalTax: n(t.professionalTax),
      incomeChargeable: n(f.incomeChargeable),
      otherIncome: n(f.otherIncomeTotal),
      grossTotalIncome: n(f.grossTotalIncome),
      employerNps: n(nps),
      chapterVIA: n(t.totalDeductions),
      taxableIncome: n(t.taxableIncome),
      taxOnIncome: n(t.taxOnIncome),
      rebate: n(t.rebate),
      surcharge: n(t.surcharge),
      cess: n(t.cess),
      relief89: n(f.relief89),
      netTax: n(f.netTaxPayable),
      tdsDeducted: n(f.tdsDeducted),
      previousEmployerTds: n(f.previousEmployerTds),
      balance: n(f.balance),
    };
  });
}

export const form24qAnnexure2 = defineReport({
  id: 'form-24q-annexure-2',
  title: 'Form 24Q / 138 — Annexure II (Salary Details of the Year)',
  menu: MENU.register24QAnnexure2,
  kind: 'register',
  description:
    'Each employee’s salary, deductions and tax of the year, as filed with the last quarter’s statement (Annexure II of Form 24Q up to 2025-26; of Form 138, Income-tax Act 2025, from the tax year 2026-27); the figures of the employee’s Form 16 / Form 130 Part B, from the approved or locked salary runs and the year-end declaration',
  filters: [{ kind: 'unit' }, { kind: 'employee' }, { kind: 'financialYear', required: true }],
  columns: [
    col.code,
    col.text('pan', 'PAN of the Employee', 13),
    col.name,
    col.unit,
    col.date('periodFrom', 'Employed From', { sortable: false }),
    col.date('periodTo', 'Employed To', { sortable: false }),
    col.text('regime', 'Regime (section 115BAC / 202)', 16),
    col.money('grossSalary', 'Gross Salary, this Employer [1(d)]', { sortable: false }),
    col.money('previousEmployerSalary', 'Salary from Other Employer(s) [1(e)]', { sortable: false }),
    col.money('exemptions', 'Exempt Allowances [2(h)]', { sortable: false }),
    col.money('standardDeduction', 'Standard Deduction [4(a)]', { sortable: false }),
    col.money('professionalTax', 'Tax on Employment [4(c)]', { sortable: false }),
    col.money('incomeChargeable', 'Income under Salaries [6]', { sortable: false }),
    col.money('otherIncome', 'Other Income Reported [8]', { sortable: false }),
    col.money('grossTotalIncome', 'Gross Total Income [9]', { sortable: false }),
    col.money('employerNps', 'Employer NPS, 80CCD(2) / s.124 [10(f)]', { sortable: false }),
    col.money('chapterVIA', 'Deductions, Chapter VI-A [11]', { sortable: false }),
    col.money('taxableIncome', 'Total Taxable Income [12]', { sortable: false }),
    col.money('taxOnIncome', 'Tax on Total Income [13]', { sortable: false }),
    col.money('rebate', 'Rebate 87A [14]', { sortable: false }),
    col.money('surcharge', 'Surcharge [15]', { sortable: false }),
    col.money('cess', 'Health and Education Cess [16]', { sortable: false }),
    col.money('relief89', 'Relief 89 [18]', { sortable: false }),
    col.money('netTax', 'Net Tax Payable [19]', { sortable: false }),
    col.money('tdsDeducted', 'Tax Deducted, this Employer', { sortable: false }),
    col.money('previousEmployerTds', 'Tax Deducted, Other Employer(s)', { sortable: false }),
    col.money('balance', 'Shortfall (+) / Excess (−)', { sortable: false }),
  ],
  groupBy: [],
  defaultSort: null,
  selfService: 'refuse',
  fileStem: 'Form_24Q_138_Annexure_II',
  pdf: { orientation: 'landscape', fontSize: 6 },
  source: {
    kind: 'chunks',
    count: async (ctx) => (await employeesOf(ctx)).length,
    page: async (ctx, offset, limit) => rowsOf(ctx, await employeesOf(ctx, limit, offset)),
    async *batches(ctx) {
      const ids = await employeesOf(ctx);
      for (let i = 0; i < ids.length; i += BATCH) yield rowsOf(ctx, ids.slice(i, i + BATCH));
    },
  },
  summary: async (ctx) => statementSummary(ctx, 'II'),
});
