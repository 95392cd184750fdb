// The figures of the salary TDS certificate (form16.ts): one employee's year of slips and declaration worked
// out into Part B's lines (salary by head, exemptions, deductions, the tax computation) and Part A's summary of the
// tax deducted by quarter, each printed total the sum of the lines above it.
import { monthName } from '@hr/calendar';
import { computeIncomeTax, type Paise } from '@hr/payroll';
import { stripCarriageReturns } from './common';
import type { Form16Exemption, Form16Figures, Form16Record } from './form16-record';

export const QUARTERS = [
  { quarter: 'Q1', months: [4, 5, 6], label: 'April – June' },
  { quarter: 'Q2', months: [7, 8, 9], label: 'July – September' },
  { quarter: 'Q3', months: [10, 11, 12], label: 'October – December' },
  { quarter: 'Q4', months: [1, 2, 3], label: 'January – March' },
] as const;

const sum = (values: Iterable<Paise>): Paise => {
  let total = 0n;
  for (const v of values) total += v;
  return total;
};

/** '2026-27' → 2026; throws on anything else. */
export function financialYearStart(financialYear: string): number {
  const m = /^(\d{4})-(\d{2})$/.exec(financialYear);
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2])) throw new RangeError(`Not a financial year: '${financialYear}'`);
  return Number(m[1]);
}

/** '2026-27' → '2027-28'. */
export function assessmentYearOf(financialYear: string): string {
  const start = financialYearStart(financialYear) + 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Every month of the year (April first, zero where no salary was paid) and the quarters' sums. */
function monthsOfYear(record: Form16Record, start: number): Pick<Form16Figures, 'months' | 'quarters'> {
  const slipOf = new Map(record.months.map((m) => [m.year * 100 + m.month, m]));
  const months: Form16Figures['months'] = [];
  for (let i = 0; i < 12; i++) {
    const month = ((3 + i) % 12) + 1;
    const year = month >= 4 ? start : start + 1;
    const slip = slipOf.get(year * 100 + month);
    months.push({
      year,
      month,
      paid: slip !== undefined,
      gross: slip ? sum(slip.earnings.map((e) => e.amount)) : 0n,
      professionalTax: slip?.professionalTax ?? 0n,
      tds: slip?.tds ?? 0n,
    });
  }
  for (const m of record.months) {
    if (!months.some((x) => x.year === m.year && x.month === m.month)) {
      throw new RangeError(`${monthName(m.month)} ${m.year} is not in the financial year ${record.financialYear}`);
    }
  }
  const quarters = QUARTERS.map((q) => {
    const of = months.filter((m) => (q.months as readonly number[]).includes(m.month));
    return { quarter: q.quarter, label: q.label, gross: sum(of.map((m) => m.gross)), tds: sum(of.map((m) => m.tds)) };
  });
  return { months, quarters };
}

/** The year's figures of one employee: every printed total is the sum of the printed lines above it. */
export function form16Figures(record: Form16Record): Form16Figures {
  const p = record.tax;
  const start = financialYearStart(record.financialYear);
  if (p.financialYear !== record.financialYear) {
    throw new RangeError(`The tax parameters are of ${p.financialYear}, not ${record.financialYear}`);
  }
  const byHead = new Map<string, Paise>();
  let perquisites17_2 = record.perquisites ?? 0n;
  let profits17_3 = record.profitsInLieu ?? 0n;
  for (const m of record.months) {
    for (const e of m.earnings) {
      if (e.section === '17(2)') perquisites17_2 += e.amount;
      else if (e.section === '17(3)') profits17_3 += e.amount;
      else {
        const name = stripCarriageReturns(e.name).replace(/\s+/g, ' ').trim();
        byHead.set(name, (byHead.get(name) ?? 0n) + e.amount);
      }
    }
  }
  const salaryHeads = [...byHead].filter(([, amount]) => amount !== 0n).map(([name, amount]) => ({ name, amount }));
  const salary17_1 = sum(salaryHeads.map((h) => h.amount));
  const grossSalary = salary17_1 + perquisites17_2 + profits17_3;
  const previousEmployerSalary = record.previousEmployer?.salary ?? 0n;
  const professionalTaxPaid = sum(record.months.map((m) => m.professionalTax));
  const claimedExemptions = p.exemptionsAllowed ? (record.exemptions ?? []).filter((e) => e.amount > 0n) : [];

  const tax = computeIncomeTax(p, {
    grossSalary: grossSalary + previousEmployerSalary,
    exemptions: sum(claimedExemptions.map((e) => e.amount)),
    deductions: record.deductions ?? {},
    professionalTax: professionalTaxPaid,
    otherIncome: record.otherIncome ?? 0n,
    basicAndDa: record.basicAndDa,
    age: record.age,
  });
  // The exemptions are limited to the salary left after the standard deduction: the last lines give way.
  const exemptions: Form16Exemption[] = [];
  let left = tax.exemptions;
  for (const e of claimedExemptions) {
    const amount = e.amount < left ? e.amount : left;
    left -= amount;
    if (amount > 0n) exemptions.push({ ...e, amount });
  }
  const salaryAfterExemptions = tax.grossSalary - tax.exemptions;
  const section16Total = tax.standardDeduction + tax.professionalTax;
  const incomeChargeable = salaryAfterExemptions - section16Total;
  // Deductions as counted, limited in total to the income (the last sections give way).
  const deductions: { section: string; amount: Paise }[] = [];
  let room = tax.totalDeductions;
  for (const [section, capped] of Object.entries(tax.deductions)) {
    const amount = capped < room ? capped : room;
    room -= amount;
    if (amount > 0n) deductions.push({ section, amount });
  }
  const taxBeforeRounding = tax.taxOnIncome - tax.rebate + tax.surcharge + tax.cess;
  const relief89Claimed = record.relief89 ?? 0n;
  const relief89 = relief89Claimed < 0n ? 0n : relief89Claimed > tax.totalTax ? tax.totalTax : relief89Claimed;
  const netTaxPayable = tax.totalTax - relief89;
  const previousEmployerTds = record.previousEmployer?.tds ?? 0n;

  const { months, quarters } = monthsOfYear(record, start);
  const tdsDeducted = sum(months.map((m) => m.tds));
  return {
    regime: p.regime,
    salaryHeads,
    salary17_1,
    perquisites17_2,
    profits17_3,
    grossSalary,
    previousEmployerSalary,
    exemptions,
    salaryAfterExemptions,
    currentEmployerSalary: grossSalary - tax.exemptions,
    professionalTaxPaid,
    section16Total,
    incomeChargeable,
    houseProperty: tax.houseProperty,
    otherIncome: tax.otherIncome,
    otherIncomeTotal: tax.houseProperty + tax.otherIncome,
    grossTotalIncome: tax.grossTotalIncome,
    deductions,
    tax,
    taxBeforeRounding,
    rounding: tax.totalTax - taxBeforeRounding,
    relief89,
    netTaxPayable,
    tdsDeducted,
    previousEmployerTds,
    balance: netTaxPayable - tdsDeducted - previousEmployerTds,
    months,
    quarters,
    totals: { gross: sum(months.map((m) => m.gross)), professionalTax: professionalTaxPaid, tds: tdsDeducted },
  };
}
