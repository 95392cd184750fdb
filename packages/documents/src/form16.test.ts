import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { incomeTaxParametersFor, type Paise, STATUTORY_PARAMETERS, statutoryTables, type TaxRegime, toPaise } from '@hr/payroll';
import { afterAll, describe, expect, it } from 'vitest';
import { form16BatchFileName, form16FileName } from './filenames';
import { assessmentYearOf, buildForm16Doc, FORM16_TEXT, type Form16Month, type Form16Record, form16Figures, partBLines } from './form16';
import { renderPdf } from './node';
import { describeWithPoppler } from './testing/poppler';

const tables = statutoryTables(STATUTORY_PARAMETERS);
const params = (regime: TaxRegime, fy = '2025-26') => {
  const p = incomeTaxParametersFor(tables, fy, regime);
  if (!p) throw new Error(`no ${regime} parameters for ${fy}`);
  return p;
};
const r = (rupees: number): Paise => toPaise(rupees);

/** A year at ₹1,40,000 a month (basic 80,000, HRA 32,000, special 28,000), PT ₹200 (₹300 in February). */
function yearOf(tds: (month: number) => number, monthsPaid = 12): Form16Month[] {
  const out: Form16Month[] = [];
  for (let i = 0; i < monthsPaid; i++) {
    const month = ((3 + i) % 12) + 1;
    out.push({
      year: month >= 4 ? 2025 : 2026,
      month,
      earnings: [
        { name: 'Basic', amount: r(80000) },
        { name: 'HRA', amount: r(32000) },
        { name: 'Special Allowance\r', amount: r(28000) },
      ],
      professionalTax: r(month === 2 ? 300 : 200),
      tds: r(tds(month)),
    });
  }
  return out;
}

const base = (regime: TaxRegime, extra: Partial<Form16Record> = {}): Form16Record => ({
  financialYear: '2025-26',
  employer: {
    name: 'Sunrise Learning Foundation',
    address: '12, Mahatma Gandhi Road, Bengaluru 560001',
    tan: 'BLRS12345C',
    pan: 'AABTS1234F',
  },
  employee: {
    name: 'Ananya Raghavan',
    employeeCode: 'EMP-0042',
    pan: 'ABCPR1234K',
    designation: 'Senior Accountant',
    unitName: 'Head Office',
  },
  periodFrom: '2025-04-01',
  periodTo: '2026-03-31',
  tax: params(regime),
  months: yearOf((m) => (m === 3 ? 10560 : 10480)),
  ...extra,
});

describe('Form 16 figures', () => {
  it('new regime, a full year: 16,80,000 gross − 75,000 → tax 1,21,000 + cess 4,840 = 1,25,840, all deducted', () => {
    const f = form16Figures(base('new'));
    expect(f.salaryHeads).toEqual([
      { name: 'Basic', amount: r(960000) },
      { name: 'HRA', amount: r(384000) },
      { name: 'Special Allowance', amount: r(336000) },
    ]);
    expect(f.salary17_1).toBe(r(1680000));
    expect(f.grossSalary).toBe(r(1680000));
    expect(f.exemptions).toEqual([]);
    expect(f.tax.standardDeduction).toBe(r(75000));
    // Professional tax is paid but not deducted under section 115BAC.
    expect(f.professionalTaxPaid).toBe(r(2500));
    expect(f.tax.professionalTax).toBe(0n);
    expect(f.incomeChargeable).toBe(r(1605000));
    expect(f.tax.taxableIncome).toBe(r(1605000));
    // 4–8 L 5 % 20,000; 8–12 L 10 % 40,000; 12–16 L 15 % 60,000; 16–16.05 L 20 % 1,000.
    expect(f.tax.taxOnIncome).toBe(r(121000));
    expect(f.tax.rebate).toBe(0n);
    expect(f.tax.cess).toBe(r(4840));
    expect(f.netTaxPayable).toBe(r(125840));
    expect(f.tdsDeducted).toBe(r(125840));
    expect(f.balance).toBe(0n);
    expect(f.quarters.map((q) => [q.quarter, q.gross, q.tds])).toEqual([
      ['Q1', r(420000), r(31440)],
      ['Q2', r(420000), r(31440)],
      ['Q3', r(420000), r(31440)],
      ['Q4', r(420000), r(31520)],
    ]);
  });

  it('old regime: HRA 10(13A), PT under 16(iii), 80C capped at 1.5 L with 80D → 13,32,500 taxable, 2,20,740 tax', () => {
    const f = form16Figures(
      base('old', {
        exemptions: [{ section: '10(13A)', label: 'House rent allowance', amount: r(120000) }],
        deductions: { '80C': r(200000), '80D': r(25000) },
      }),
    );
    expect(f.tax.exemptions).toBe(r(120000));
    expect(f.tax.standardDeduction).toBe(r(50000));
    expect(f.tax.professionalTax).toBe(r(2500));
    expect(f.incomeChargeable).toBe(r(1507500));
    expect(f.deductions).toEqual([
      { section: '80C', amount: r(150000) },
      { section: '80D', amount: r(25000) },
    ]);
    expect(f.tax.taxableIncome).toBe(r(1332500));
    // 2.5–5 L 5 % 12,500; 5–10 L 20 % 1,00,000; above 10 L 30 % of 3,32,500 = 99,750.
    expect(f.tax.taxOnIncome).toBe(r(212250));
    expect(f.tax.cess).toBe(r(8490));
    expect(f.netTaxPayable).toBe(r(220740));
    expect(f.balance).toBe(r(220740 - 125840));
  });

  it('the 87A rebate at 12 L under the new regime; a part year shows the unpaid months empty', () => {
    // ₹1,06,250 a month for 12 months = 12,75,000; − 75,000 = 12,00,000: full rebate, no tax.
    const months = yearOf(() => 0).map((m) => ({ ...m, earnings: [{ name: 'Basic', amount: r(106250) }] }));
    const f = form16Figures(base('new', { months }));
    expect(f.tax.taxableIncome).toBe(r(1200000));
    expect(f.tax.taxOnIncome).toBe(r(60000));
    expect(f.tax.rebate).toBe(r(60000));
    expect(f.netTaxPayable).toBe(0n);
    const part = form16Figures(base('new', { months: yearOf(() => 1000, 5) }));
    expect(part.months.filter((m) => m.paid).map((m) => m.month)).toEqual([4, 5, 6, 7, 8]);
    expect(part.months).toHaveLength(12);
    expect(part.totals.tds).toBe(r(5000));
    expect(part.quarters.map((q) => q.tds)).toEqual([r(3000), r(2000), 0n, 0n]);
  });

  it('relief under section 89, a previous employer and the 288B rounding line add up', () => {
    const f = form16Figures(
      base('new', {
        months: yearOf(() => 0).map((m) => ({ ...m, earnings: [{ name: 'Basic', amount: r(123456.78) }] })),
        previousEmployer: { salary: r(50000), tds: r(2000) },
        relief89: r(1500),
      }),
    );
    expect(f.taxBeforeRounding + f.rounding).toBe(f.tax.totalTax);
    expect(f.tax.totalTax % 1000n).toBe(0n);
    expect(f.netTaxPayable).toBe(f.tax.totalTax - r(1500));
    expect(f.balance).toBe(f.netTaxPayable - r(2000));
    expect(f.salaryAfterExemptions).toBe(f.grossSalary + r(50000));
  });

  it('perquisites 17(2), profits in lieu 17(3), 24(b) as a house-property loss, other income and relief u/s 89', () => {
    // Old regime, ₹1,40,000 a month as above plus a ₹5,000 perquisite head (17(2)) every month and a ₹60,000
    // notice-pay compensation (17(3)) in March: 17(1) 16,80,000; 17(2) 60,000; 17(3) 60,000 → gross 18,00,000.
    // Less standard deduction 50,000 and PT 2,500 → salary 17,47,500. Housing-loan interest 2,40,000 claimed, capped
    // at 2,00,000 → house property −2,00,000; other sources 30,000 → gross total income 15,77,500. 80C 1,50,000
    // → 14,27,500 taxable: 12,500 + 1,00,000 + 30 % of 4,27,500 = 1,28,250 = 2,40,750; cess 9,630 → 2,50,380.
    // Relief u/s 89 of 10,000 → net 2,40,380.
    const months = yearOf(() => 0).map((m) => ({
      ...m,
      earnings: [
        ...m.earnings,
        { name: 'Car perquisite', amount: r(5000), section: '17(2)' as const },
        ...(m.month === 3 ? [{ name: 'Notice pay compensation', amount: r(60000), section: '17(3)' as const }] : []),
      ],
    }));
    const rec = base('old', {
      months,
      deductions: { '80C': r(150000), '24(b)': r(240000) },
      otherIncome: r(30000),
      relief89: r(10000),
    });
    const f = form16Figures(rec);
    expect(f.salary17_1).toBe(r(1680000));
    expect(f.perquisites17_2).toBe(r(60000));
    expect(f.profits17_3).toBe(r(60000));
    expect(f.grossSalary).toBe(r(1800000));
    expect(f.salaryHeads.map((h) => h.name)).toEqual(['Basic', 'HRA', 'Special Allowance']);
    expect(f.incomeChargeable).toBe(r(1747500));
    expect(f.houseProperty).toBe(r(-200000));
    expect(f.otherIncome).toBe(r(30000));
    expect(f.otherIncomeTotal).toBe(r(-170000));
    expect(f.grossTotalIncome).toBe(r(1577500));
    // 24(b) is not a chapter VI-A deduction.
    expect(f.deductions).toEqual([{ section: '80C', amount: r(150000) }]);
    expect(f.tax.totalDeductions).toBe(r(150000));
    expect(f.tax.taxableIncome).toBe(r(1427500));
    expect(f.tax.taxOnIncome).toBe(r(240750));
    expect(f.tax.cess).toBe(r(9630));
    expect(f.tax.totalTax).toBe(r(250380));
    expect(f.relief89).toBe(r(10000));
    expect(f.netTaxPayable).toBe(r(240380));
    // The months' gross keeps every earning (the 24Q amount paid).
    expect(f.totals.gross).toBe(r(1800000));
    const lines = partBLines(f, rec);
    const line = (label: RegExp) => lines.find((l) => label.test(l.label));
    expect(line(/perquisites under section 17\(2\)/)?.inner).toBe(r(60000));
    expect(line(/Profits in lieu of salary/)?.inner).toBe(r(60000));
    expect(line(/loss\) from house property/)?.inner).toBe(r(-200000));
    expect(line(/Other Sources/)?.inner).toBe(r(30000));
    // Items as Notification 36/2019 numbers them: 9 gross total income, 18 relief under section 89.
    expect(lines.find((l) => l.no === '9')?.outer).toBe(r(1577500));
    expect(lines.find((l) => l.no === '18')?.outer).toBe(r(10000));
    expect(lines.some((l) => /Section 24\(b\)/.test(l.label))).toBe(false);
    // The new regime allows no 24(b) loss for a self-occupied house: nothing is set off.
    const n = form16Figures(base('new', { months, deductions: { '24(b)': r(240000) }, otherIncome: r(30000) }));
    expect(n.houseProperty).toBe(0n);
    expect(n.grossTotalIncome).toBe(r(1800000 - 75000 + 30000));
  });

  it('every printed total is the sum of the lines it names', () => {
    for (const rec of [
      base('new'),
      base('old', {
        exemptions: [{ section: '10(13A)', label: 'House rent allowance', amount: r(120000) }],
        deductions: { '80C': r(200000), '80D': r(25000), '80E': r(12345.67) },
      }),
    ]) {
      const f = form16Figures(rec);
      const sum = (xs: Paise[]) => xs.reduce((a, b) => a + b, 0n);
      expect(sum(f.salaryHeads.map((h) => h.amount))).toBe(f.salary17_1);
      expect(f.salary17_1 + f.perquisites17_2 + f.profits17_3).toBe(f.grossSalary);
      expect(sum(f.exemptions.map((e) => e.amount))).toBe(f.tax.exemptions);
      expect(f.grossSalary + f.previousEmployerSalary - f.tax.exemptions).toBe(f.salaryAfterExemptions);
      expect(f.salaryAfterExemptions - f.tax.standardDeduction - f.tax.professionalTax).toBe(f.incomeChargeable);
      expect(sum(f.deductions.map((d) => d.amount))).toBe(f.tax.totalDeductions);
      expect(f.incomeChargeable + f.otherIncomeTotal).toBe(f.grossTotalIncome);
      expect(f.houseProperty + f.otherIncome).toBe(f.otherIncomeTotal);
      expect(f.tax.taxOnIncome - f.tax.rebate + f.tax.surcharge + f.tax.cess + f.rounding).toBe(f.tax.totalTax);
      expect(sum(f.months.map((m) => m.gross))).toBe(f.totals.gross);
      expect(sum(f.quarters.map((q) => q.tds))).toBe(f.totals.tds);
      // Lines 1(a)…: the printed inner amounts of 1(a) are the heads.
      const lines = partBLines(f, rec);
      expect(lines.find((l) => l.no === '19')?.outer).toBe(f.netTaxPayable);
      expect(lines.find((l) => l.no === '3')?.outer).toBe(f.grossSalary - f.tax.exemptions);
      expect(lines.find((l) => l.no === '6')?.outer).toBe(f.incomeChargeable);
      expect(lines.find((l) => l.no === '11')?.outer).toBe(f.tax.totalDeductions);
    }
  });

  it('refuses a month outside the year and parameters of another year', () => {
    const stray = [...yearOf(() => 0, 1), { ...yearOf(() => 0, 1)[0], year: 2026, month: 4 }];
    expect(() => form16Figures(base('new', { months: stray }))).toThrow(/not in the financial year 2025-26/);
    expect(() => form16Figures(base('new', { tax: params('new', '2026-27') }))).toThrow(/2026-27, not 2025-26/);
  });
});

describe('Form 16 file names and document', () => {
  it('names the file with the PAN and the year; TRACES’ PANNOTAVBL and the code without a valid PAN', () => {
    expect(form16FileName(base('new'))).toBe('Form16_ABCPR1234K_2025-26.pdf');
    const noPan = base('new', { employee: { ...base('new').employee, pan: null } });
    expect(form16FileName(noPan)).toBe('Form16_PANNOTAVBL_EMP-0042_2025-26.pdf');
    expect(form16FileName({ ...noPan, employee: { ...noPan.employee, pan: 'abc' } })).toBe('Form16_PANNOTAVBL_EMP-0042_2025-26.pdf');
    expect(form16BatchFileName([base('new'), base('new')])).toBe('Form16_HeadOffice_2025-26.pdf');
    expect(assessmentYearOf('2025-26')).toBe('2026-27');
    expect(assessmentYearOf('2099-00')).toBe('2100-01');
  });

  it('one page group per employee, each after a page break; an empty batch is refused', () => {
    const doc = buildForm16Doc([base('new'), base('old')]);
    expect(doc.info?.title).toBe('Form 16');
    expect((doc.content as { pageBreak?: string }[]).map((c) => c.pageBreak)).toEqual([undefined, 'before']);
    expect(() => buildForm16Doc([])).toThrow(/at least one/);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'form16-'));
afterAll(() => {
  if (process.env.KEEP_GOLDEN_PDFS === '1') console.log(`Form 16 PDFs kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
});

describeWithPoppler('Form 16 PDF read back', async () => {
  const file = join(dir, 'form16.pdf');
  const oldRecord = base('old', {
    employee: { ...base('new').employee, name: 'Karthik Subramanian', employeeCode: 'EMP-0007', pan: null },
    exemptions: [{ section: '10(13A)', label: 'House rent allowance', amount: r(120000) }],
    deductions: { '80C': r(200000), '80D': r(25000) },
  });
  writeFileSync(file, await renderPdf(buildForm16Doc([base('new'), oldRecord]), { chunkSize: 1 }));
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  const employees = text.split('FORM NO. 16').slice(1);

  it('two employees, each on pages of their own, with the title', () => {
    expect(/^Title:\s+Form 16$/m.test(info)).toBe(true);
    expect(employees).toHaveLength(2);
    expect(Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])).toBeGreaterThanOrEqual(2);
  });

  it('prints the particulars, the TRACES statement, Part B and the months with their totals', () => {
    const a = employees[0];
    for (const t of [
      'Name of the employee Ananya Raghavan',
      'PAN of the employee ABCPR1234K',
      'Assessment year 2026-27',
      'PAN of the deductor AABTS1234F TAN of the deductor BLRS12345C',
      'Deductor: Sunrise Learning Foundation; TAN BLRS12345C; PAN AABTS1234F',
      '01/04/2025 to 31/03/2026',
      'TRACES portal',
      'Q1 April – June 4,20,000.00 31,440.00',
      'Q4 January – March 4,20,000.00 31,520.00',
      'Total 16,80,000.00 1,25,840.00',
      'Basic 9,60,000.00',
      'Special Allowance 3,36,000.00',
      'Standard deduction under section 16(ia) 75,000.00',
      'taxation under section 115BAC(1A): No',
      'Tax on total income 1,21,000.00',
      'Health and education cess 4,840.00',
      'Net tax payable [17 − 18] 1,25,840.00',
      'February 2026 1,40,000.00 300.00 10,480.00',
      'Total 16,80,000.00 2,500.00 1,25,840.00',
      FORM16_TEXT.footer,
    ]) {
      expect(a).toContain(t);
    }
    const k = employees[1];
    for (const t of [
      'PAN of the employee PANNOTAVBL',
      'House rent allowance under section 10(13A) 1,20,000.00',
      'Total deduction under sections 80C, 80CCC and 80CCD(1) 1,50,000.00',
      'Deduction in respect of health insurance premia under section 80D 25,000.00',
      'Total amount of salary received from current employer [1(d) − 2(h)] 15,60,000.00',
      'Income chargeable under the head "Salaries" [3 + 1(e) − 5] 15,07,500.00',
      'Balance tax payable [19 − tax deducted] 94,900.00',
    ]) {
      expect(k).toContain(t);
    }
    expect(k).toMatch(/Total taxable income[^\n]*\n?[^\n]*13,32,500\.00/);
  });
});
