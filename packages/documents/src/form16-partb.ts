// Part B (Annexure) of the salary TDS certificate in the layout Notification 36/2019 (G.S.R. 304(E), 12 April 2019,
// Income-tax (3rd Amendment) Rules, 2019) prescribes for Form 16, items numbered as the form numbers them: 1 gross
// salary (a)–(e); 2 allowances exempt under section 10, itemised (a) 10(5), (b) 10(10), (c) 10(10A), (d) 10(10AA),
// (e) 10(13A), (f) any other clause, (g) their total, (h) the total exemption; 3 salary from the current employer
// [1(d) − 2(h)]; 4–5 deductions under section 16; 6 income chargeable [3 + 1(e) − 5]; 7–8 other income reported;
// 9 gross total income; 10 chapter VI-A (a) 80C … (l); 11 their aggregate; 12 total taxable income; 13–19 the tax.
// Form 130 (tax year 2026-27 on) keeps the same items, citing the Income-tax Act, 2025's sections with the 1961
// numbers beside them (form16-law.ts).
import type { Paise } from '@hr/payroll';
import { amountText } from './common';
import { salaryCertificateLaw } from './form16-law';
import type { Form16Figures, Form16Record } from './form16-record';

/** A computation line: number, label (indented for sub-lines), an inner amount and an outer (running) amount. */
export type Line = { no?: string; label: string; inner?: Paise; outer?: Paise; bold?: boolean; indent?: number; note?: boolean };

/** The section 10 clauses Part B itemises, in its order (2(a)–2(e)). */
const EXEMPTION_ITEMS = [
  { no: '(a)', clause: '10(5)', label: 'Travel concession or assistance' },
  { no: '(b)', clause: '10(10)', label: 'Death-cum-retirement gratuity' },
  { no: '(c)', clause: '10(10A)', label: 'Commuted value of pension' },
  { no: '(d)', clause: '10(10AA)', label: 'Cash equivalent of leave salary encashment' },
  { no: '(e)', clause: '10(13A)', label: 'House rent allowance' },
] as const;

/** Chapter VI-A items 10(a)–10(j) with the sections each gathers ('80D' takes its senior / parents variants). */
const DEDUCTION_ITEMS = [
  { no: '(a)', sections: ['80C'], label: 'Deduction in respect of life insurance premia, contributions to provident fund etc.' },
  { no: '(b)', sections: ['80CCC'], label: 'Deduction in respect of contribution to certain pension funds' },
  { no: '(c)', sections: ['80CCD(1)'], label: 'Deduction in respect of contribution by taxpayer to pension scheme' },
  { no: '(e)', sections: ['80CCD(1B)'], label: 'Deduction in respect of amount paid / deposited to notified pension scheme' },
  { no: '(f)', sections: ['80CCD(2)'], label: 'Deduction in respect of contribution by employer to pension scheme' },
  {
    no: '(g)',
    sections: ['80D', '80D(senior)', '80D(parents)', '80D(senior parents)'],
    label: 'Deduction in respect of health insurance premia',
  },
  { no: '(h)', sections: ['80E'], label: 'Deduction in respect of interest on loan taken for higher education' },
  { no: '(i)', sections: ['80G'], label: 'Total deduction in respect of donations to certain funds, charitable institutions, etc.' },
  { no: '(j)', sections: ['80TTA'], label: 'Deduction in respect of interest on deposits in savings account' },
] as const;

function exemptionLines(f: Form16Figures, s: (x: string) => string): { lines: Line[]; total: Paise } {
  const lines: Line[] = [{ no: '2', label: `Less: allowances to the extent exempt under section ${s('10')}`, bold: true }];
  const known = new Set<string>(EXEMPTION_ITEMS.map((e) => e.clause));
  for (const item of EXEMPTION_ITEMS) {
    const amount = f.exemptions.filter((e) => e.section === item.clause).reduce((a, e) => a + e.amount, 0n);
    lines.push({ no: item.no, label: `${item.label} under section ${s(item.clause)}`, indent: 1, inner: amount });
  }
  const others = f.exemptions.filter((e) => !known.has(e.section));
  lines.push({ no: '(f)', label: `Amount of any other exemption under section ${s('10')}`, indent: 1 });
  for (const e of others) lines.push({ label: `${e.label}: clause ${s(e.section)}`, indent: 2, inner: e.amount });
  const otherTotal = others.reduce((a, e) => a + e.amount, 0n);
  lines.push(
    { no: '(g)', label: `Total amount of any other exemption under section ${s('10')}`, indent: 1, inner: otherTotal },
    {
      no: '(h)',
      label: `Total amount of exemption claimed under section ${s('10')} [2(a) + 2(b) + 2(c) + 2(d) + 2(e) + 2(g)]`,
      indent: 1,
      outer: f.tax.exemptions,
      bold: true,
    },
  );
  if (f.exemptions.length === 0 && f.regime === 'new') {
    lines.push({ label: `Exemptions under section ${s('10')} are not allowed under section ${s('115BAC')}`, indent: 1, note: true });
  }
  return { lines, total: f.tax.exemptions };
}

function deductionLines(f: Form16Figures, s: (x: string) => string): Line[] {
  const by = new Map(f.deductions.map((d) => [d.section, d.amount]));
  const of = (sections: readonly string[]) => sections.reduce((a, x) => a + (by.get(x) ?? 0n), 0n);
  const lines: Line[] = [{ no: '10', label: `Deductions under chapter VI-A (amounts deductible)`, bold: true }];
  const listed = new Set<string>();
  for (const item of DEDUCTION_ITEMS) {
    for (const x of item.sections) listed.add(x);
    lines.push({ no: item.no, label: `${item.label} under section ${s(item.sections[0])}`, indent: 1, inner: of(item.sections) });
    if (item.no === '(c)') {
      lines.push({
        no: '(d)',
        label: `Total deduction under sections ${s('80C')}, ${s('80CCC')} and ${s('80CCD(1)')}`,
        indent: 1,
        inner: of(['80C', '80CCC', '80CCD(1)']),
      });
    }
  }
  const others = f.deductions.filter((d) => !listed.has(d.section));
  lines.push({ no: '(k)', label: 'Amount deductible under any other provision(s) of chapter VI-A', indent: 1 });
  for (const d of others) lines.push({ label: `Section ${s(d.section)}`, indent: 2, inner: d.amount });
  lines.push({
    no: '(l)',
    label: 'Total of amount deductible under any other provision(s) of chapter VI-A',
    indent: 1,
    inner: others.reduce((a, d) => a + d.amount, 0n),
  });
  if (f.regime === 'new') {
    lines.push({
      label: `Under section ${s('115BAC')} only the employer’s contribution to the pension scheme (${s('80CCD(2)')}) is deductible`,
      indent: 1,
      note: true,
    });
  }
  return lines;
}

export function partBLines(f: Form16Figures, record: Form16Record): Line[] {
  const t = f.tax;
  const s = salaryCertificateLaw(record.financialYear).section;
  const lines: Line[] = [
    { no: '1', label: 'Gross salary', bold: true },
    { no: '(a)', label: `Salary as per provisions contained in section ${s('17(1)')}`, indent: 1, inner: f.salary17_1 },
    ...f.salaryHeads.map((h) => ({ label: h.name, indent: 2, inner: h.amount, note: false })),
    { no: '(b)', label: `Value of perquisites under section ${s('17(2)')}`, indent: 1, inner: f.perquisites17_2 },
    { no: '(c)', label: `Profits in lieu of salary under section ${s('17(3)')}`, indent: 1, inner: f.profits17_3 },
    { no: '(d)', label: 'Total', indent: 1, outer: f.grossSalary, bold: true },
    { no: '(e)', label: 'Reported total amount of salary received from other employer(s)', indent: 1, outer: f.previousEmployerSalary },
  ];
  lines.push(...exemptionLines(f, s).lines);
  lines.push(
    { no: '3', label: 'Total amount of salary received from current employer [1(d) − 2(h)]', outer: f.currentEmployerSalary, bold: true },
    { no: '4', label: `Less: deductions under section ${s('16')}`, bold: true },
    { no: '(a)', label: `Standard deduction under section ${s('16(ia)')}`, indent: 1, inner: t.standardDeduction },
    { no: '(b)', label: `Entertainment allowance under section ${s('16(ii)')}`, indent: 1, inner: 0n },
    { no: '(c)', label: `Tax on employment under section ${s('16(iii)')}`, indent: 1, inner: t.professionalTax },
  );
  if (f.professionalTaxPaid !== t.professionalTax) {
    lines.push({
      label: `Professional tax paid ${amountText(f.professionalTaxPaid)}${f.regime === 'new' ? `: not deductible under section ${s('115BAC')}` : ', deductible up to the limit'}`,
      indent: 2,
      note: true,
    });
  }
  lines.push(
    { no: '5', label: `Total amount of deductions under section ${s('16')} [4(a) + 4(b) + 4(c)]`, outer: f.section16Total, bold: true },
    { no: '6', label: 'Income chargeable under the head "Salaries" [3 + 1(e) − 5]', outer: f.incomeChargeable, bold: true },
    { no: '7', label: `Add: any other income reported by the employee as per section ${s('192(2B)')}`, bold: true },
    {
      no: '(a)',
      label: 'Income (or admissible loss) from house property reported by employee offered for TDS',
      indent: 1,
      inner: f.houseProperty,
    },
    { no: '(b)', label: 'Income under the head Other Sources offered for TDS', indent: 1, inner: f.otherIncome },
    { no: '8', label: 'Total amount of other income reported by the employee [7(a) + 7(b)]', outer: f.otherIncomeTotal, bold: true },
    { no: '9', label: 'Gross total income [6 + 8]', outer: f.grossTotalIncome, bold: true },
  );
  lines.push(...deductionLines(f, s));
  lines.push(
    {
      no: '11',
      label: 'Aggregate of deductible amount under chapter VI-A [10(d) + 10(e) + 10(f) + 10(g) + 10(h) + 10(i) + 10(j) + 10(l)]',
      outer: t.totalDeductions,
      bold: true,
    },
    { no: '12', label: 'Total taxable income [9 − 11], rounded off to the nearest ten rupees', outer: t.taxableIncome, bold: true },
    { no: '13', label: 'Tax on total income', outer: t.taxOnIncome },
    { no: '14', label: `Rebate under section ${s('87A')}, if applicable`, outer: t.rebate },
    { no: '15', label: 'Surcharge, wherever applicable', outer: t.surcharge },
    { no: '16', label: 'Health and education cess', outer: t.cess },
    { no: '17', label: 'Tax payable [13 + 15 + 16 − 14], rounded off to the nearest ten rupees', outer: t.totalTax, bold: true },
    { label: `of which rounding off ${amountText(f.rounding)}`, indent: 1, note: true },
    { no: '18', label: `Less: relief under section ${s('89')}`, outer: f.relief89 },
    { no: '19', label: 'Net tax payable [17 − 18]', outer: f.netTaxPayable, bold: true },
    { label: `Tax deducted at source by this employer (${record.employer.name})`, outer: f.tdsDeducted },
    { label: 'Tax deducted by other employer(s), as reported', outer: f.previousEmployerTds },
    {
      label: f.balance < 0n ? 'Tax deducted in excess [19 − tax deducted]' : 'Balance tax payable [19 − tax deducted]',
      outer: f.balance,
      bold: true,
    },
  );
  return lines;
}
