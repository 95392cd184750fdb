// One certificate builder, the year deciding the form: Form 16 under the Income-tax Act, 1961 up to 2025-26, Form 130
// under the Income-tax Act, 2025 (s.395(4)(b), rule 215(1) of the Income-tax Rules, 2026) from the tax year 2026-27,
// with "tax year" in place of financial / assessment year and the 2025 Act's sections with the 1961 numbers beside
// them (s.392 salary TDS, s.202 new regime, s.123 = 80C, s.124 = 80CCD, s.126 = 80D, s.19 = 16). Part B keeps the
// items of Notification 36/2019 in both. Figures: the employer's NPS (s.80CCD(2) / s.124) within 14 % of basic + DA
// counts in the new regime; a previous employer's salary is item 1(e), not part of item 3.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { incomeTaxParametersFor, type Paise, STATUTORY_PARAMETERS, statutoryTables, type TaxRegime, toPaise } from '@hr/payroll';
import { afterAll, describe, expect, it } from 'vitest';
import { form16BatchFileName, form16FileName } from './filenames';
import { buildForm16Doc, type Form16Month, type Form16Record, form16Figures, partBLines } from './form16';
import { salaryCertificateLaw } from './form16-law';
import { renderPdf } from './node';
import { describeWithPoppler } from './testing/poppler';

const tables = statutoryTables(STATUTORY_PARAMETERS);
const r = (rupees: number): Paise => toPaise(rupees);

function record(fy: string, regime: TaxRegime, extra: Partial<Form16Record> = {}): Form16Record {
  const start = Number(fy.slice(0, 4));
  const months: Form16Month[] = [];
  for (let i = 0; i < 12; i++) {
    const month = ((3 + i) % 12) + 1;
    months.push({
      year: month >= 4 ? start : start + 1,
      month,
      earnings: [
        { name: 'Basic', amount: r(56000) },
        { name: 'HRA', amount: r(22000) },
        { name: 'Special Allowance', amount: r(63000) },
      ],
      professionalTax: r(200),
      tds: r(9000),
    });
  }
  return {
    financialYear: fy,
    employer: { name: 'Sunrise Learning Foundation', address: '12, MG Road, Bengaluru 560001', tan: 'BLRS12345C', pan: 'AABTS1234F' },
    employee: { name: 'Meera Iyer', employeeCode: 'EMP-0101', pan: 'AEIPI1234M', designation: 'Manager', unitName: 'Head Office' },
    periodFrom: `${start}-04-01`,
    periodTo: `${start + 1}-03-31`,
    tax: incomeTaxParametersFor(tables, fy, regime)!,
    months,
    ...extra,
  };
}

describe('the year decides the form', () => {
  it('Form 16 with financial and assessment year up to 2025-26; Form 130 with the tax year from 2026-27', () => {
    const old = salaryCertificateLaw('2025-26');
    expect(old).toMatchObject({ documentTitle: 'Form 16', formNo: 'FORM NO. 16', statement: 'Form 24Q', act2025: false });
    expect(old.years('2025-26')).toEqual([
      ['Financial year', '2025-26'],
      ['Assessment year', '2026-27'],
    ]);
    expect(old.section('80C')).toBe('80C');
    const now = salaryCertificateLaw('2026-27');
    expect(now).toMatchObject({ documentTitle: 'Form 130', formNo: 'FORM NO. 130', statement: 'Form 138', act2025: true });
    expect(now.certificate).toContain('section 395(4)(b) of the Income-tax Act, 2025');
    expect(now.certificate).toContain('section 392');
    expect(now.years('2026-27')).toEqual([['Tax year', '2026-27']]);
    expect(now.section('80C')).toBe('123 [80C]');
    expect(now.section('80CCD(2)')).toBe('124 [80CCD(2)]');
    expect(now.section('80D(senior)')).toBe('126 [80D(senior)]');
    expect(now.section('16(ia)')).toBe('19 [16(ia)]');
    expect(now.section('87A')).toBe('87A (1961 Act)');
    expect(now.regimeLine('new')).toContain('section 202');
  });

  it('file names: Form16_… up to 2025-26, Form130_… from 2026-27', () => {
    expect(form16FileName(record('2025-26', 'new'))).toBe('Form16_AEIPI1234M_2025-26.pdf');
    expect(form16FileName(record('2026-27', 'new'))).toBe('Form130_AEIPI1234M_2026-27.pdf');
    expect(form16BatchFileName([record('2026-27', 'new')])).toBe('Form130_HeadOffice_2026-27.pdf');
    expect(buildForm16Doc([record('2026-27', 'new')]).info?.title).toBe('Form 130');
  });
});

describe('Part B items (Notification 36/2019) with 80CCD(2) and a previous employer', () => {
  // ₹16,92,000 from this employer, basic ₹6,72,000; employer NPS ₹94,080 (14 %); ₹3,00,000 from a previous employer.
  const rec = record('2026-27', 'new', {
    deductions: { '80CCD(2)': r(94080) },
    basicAndDa: r(672000),
    previousEmployer: { salary: r(300000), tds: r(20000) },
  });
  const f = form16Figures(rec);
  const lines = partBLines(f, rec);
  const item = (no: string, after?: string) => {
    const from = after ? lines.findIndex((l) => l.no === after) : 0;
    return lines.slice(from).find((l) => l.no === no);
  };

  it('item 3 is this employer’s salary; item 6 adds 1(e) and takes off item 5', () => {
    expect(item('(d)')?.outer).toBe(r(1692000));
    expect(item('(e)')?.outer).toBe(r(300000));
    expect(item('3')?.outer).toBe(r(1692000)); // nothing exempt under s.202
    expect(item('5')?.outer).toBe(r(75000));
    expect(item('6')?.outer).toBe(r(1692000 + 300000 - 75000));
  });

  it('10(f) is the employer’s NPS under s.124 [80CCD(2)], the only deduction of the new regime', () => {
    const f10 = item('(f)', '10');
    expect(f10?.label).toContain('124 [80CCD(2)]');
    expect(f10?.inner).toBe(r(94080));
    expect(item('11')?.outer).toBe(r(94080));
    // 19,92,000 − 75,000 − 94,080 = 18,22,920 → 18,22,920 (nearest ten); 20,000 + 40,000 + 60,000 + 20 % of
    // 2,22,920 = 1,64,584; cess 6,583.36 → 1,71,167.36 → ₹1,71,170.
    expect(item('12')?.outer).toBe(r(1822920));
    expect(item('13')?.outer).toBe(r(164584));
    expect(item('17')?.outer).toBe(r(171170));
  });

  it('the employer’s NPS above 14 % of basic + DA is cut to it', () => {
    const over = form16Figures({ ...rec, deductions: { '80CCD(2)': r(150000) } });
    expect(over.deductions).toEqual([{ section: '80CCD(2)', amount: r(94080) }]);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'form130-'));
afterAll(() => {
  if (process.env.KEEP_GOLDEN_PDFS === '1') console.log(`Form 130 PDFs kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
});

describeWithPoppler('Form 130 PDF read back', async () => {
  const file = join(dir, 'form130.pdf');
  const oldRegime = record('2026-27', 'old', {
    exemptions: [{ section: '10(13A)', label: 'House rent allowance', amount: r(150000) }],
    deductions: { '80C': r(150000), '80D': r(25000) },
    age: 61,
  });
  writeFileSync(file, await renderPdf(buildForm16Doc([oldRegime])));
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');

  it('is Form 130 of the tax year, under the 2025 Act, with the sections old and new', () => {
    expect(/^Title:\s+Form 130$/m.test(info)).toBe(true);
    for (const t of [
      'FORM NO. 130',
      'Income-tax Act, 2025',
      'Tax year 2026-27',
      'Form 138',
      'section 202(1) [115BAC(1A)]: Yes',
      'House rent allowance under section 11 [10(13A)] 1,50,000.00',
      'Standard deduction under section 19 [16(ia)] 50,000.00',
      'Deduction in respect of health insurance premia under section 126 [80D] 25,000.00',
      'Total deduction under sections 123 [80C], 80CCC (1961 Act) and 124 1,50,000.00',
    ]) {
      expect(text).toContain(t);
    }
    expect(text).not.toContain('Assessment year');
    expect(text).not.toContain('Income-tax Act, 1961');
  });
});
