// Golden: the payslip batch as the one payslip renderer draws it (payslip-pdf.ts), read back with poppler-utils:
// its pages, texts and figures, names in the scripts of India as text, an error page for a slip that cannot be
// computed, a bad logo printing empty.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PayslipFiguresError } from '@hr/payroll';
import { afterAll, expect, it } from 'vitest';
import { renderPayslipPdf } from './node';
import type { PayslipRecord } from './payslip';
import { generateSalaryRecords, SAMPLE_RECORD_ANANYA, SAMPLE_RECORD_KARTHIK, SAMPLE_RECORD_MEERA } from './samples';
import { describeWithPoppler } from './testing/poppler';

// As scripts.test.ts: one name a script, none with a reph or a vowel sign drawn before its consonant.
const INDIC_NAMES: Record<string, string> = {
  NotoSansDevanagari: 'मनोज कृष्ण',
  NotoSansBengali: 'অমর দত্ত',
  NotoSansGujarati: 'હરીશ પટેલ',
  NotoSansGurmukhi: 'ਗੁਰਪ੍ਰੀਤ',
  NotoSansKannada: 'ಅನಂತ ರಾವ್',
  NotoSansMalayalam: 'അനന്തു',
  NotoSansOriya: 'ସତ୍ୟ',
  NotoSansTamil: 'முருகன்',
  NotoSansTelugu: 'సత్య నారాయణ',
};

const dir = mkdtempSync(join(tmpdir(), 'payslip-pdfkit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function read(pdf: Buffer) {
  const file = join(dir, `${++n}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pageTexts = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
  return {
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
    title: /^Title:\s+(.*)$/m.exec(info)?.[1],
    fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }),
    text: pageTexts.join('\f'),
    page: (i: number) => pageTexts[i].replace(/[ \t]+/g, ' '),
  };
}

describeWithPoppler('payslip PDF drawn with pdfkit', async () => {
  const three = [SAMPLE_RECORD_ANANYA, SAMPLE_RECORD_KARTHIK, SAMPLE_RECORD_MEERA];
  const pdf = read(await renderPayslipPdf(three));

  it('has one page per employee, the title and embedded fonts', () => {
    expect(pdf.pages).toBe(3);
    expect(pdf.title).toBe('Payslip Statement');
    expect(pdf.fonts).toMatch(/Roboto-Regular/);
    expect(pdf.fonts).not.toMatch(/\bno\s+no\s+no\b/);
  });

  it('prints every label and the known record', () => {
    const p = pdf.page(0);
    for (const text of [
      'Sunrise Learning Foundation',
      '12, Mahatma Gandhi Road, Bengaluru, Karnataka 560001',
      'PAYSLIP FOR THE MONTH OF - APRIL / 2026',
      'Employee Name : Ananya Raghavan',
      'Employee Code : EMP-0042',
      'Unit Name : Head Office',
      'Designation : Senior Accountant',
      'Mode Of Payment : Bank',
      'UAN No : 100234567890',
      'Leave Details',
      'Previous Current Total',
      'Salary Details Amount Deduction Amount',
      'Basic 25,000.00 Provident Fund 1,800.00',
      'House Rent Allowance 10,000.00 Professional Tax 200.00',
      'Special Allowance 8,760.43 Leave Without Pay 1,250.00',
      'Medical Allowance 1,250.00 Round Off 4.99',
      'Overtime 1,234.56 -- --',
      'Net INR Payble(Round off) 42,590.00',
      '(Forty Two Thousand Five Hundred Ninety Rupees Only)',
      'This is system generated document and does not require signature',
    ])
      expect(p).toContain(text);
    expect(p).toMatch(/Conveyance\s+1,600.00 Salary Advance EMI 2,000.00/);
    expect(p).not.toContain('Gross Salary'); // not printed
    expect(p).not.toContain('44,594.99'); // the head 41 intermediate figure is never printed
    expect(p).not.toContain('Net Pay ');
  });

  it('prints N/A for a missing UAN, -- for a missing pay mode, Round Off on the earnings side, 0 without a net-pay head', () => {
    expect(pdf.page(1)).toContain('UAN No : N/A');
    expect(pdf.page(1)).toContain('Mode Of Payment : --');
    expect(pdf.page(1)).toContain('Unit Name : Branch, Chennai (South)');
    expect(pdf.page(1)).toContain('Round Off 5.00 -- --');
    expect(pdf.page(1)).toContain('Net INR Payble(Round off) 30,350.00');
    expect(pdf.page(2)).toContain('Net INR Payble(Round off) 0.00');
    expect(pdf.page(2)).not.toContain('Round Off ');
  });

  it('prints a large batch, one page per record in order', async () => {
    const records = generateSalaryRecords(60);
    const out = read(await renderPayslipPdf(records));
    expect(out.pages).toBe(60);
    expect(out.title).toBe('Payslip Statement');
    for (const i of [0, 24, 25, 59]) {
      expect(out.page(i)).toContain(`Employee Name : ${records[i].name}`);
      expect(out.page(i)).toContain(`Employee Code : ${records[i].employeeCode}`);
    }
  });

  it.each([25, 45])('keeps a payslip with %i heads on each side on one page', async (count) => {
    const heads = Array.from({ length: count }, (_, i) => [
      {
        ...SAMPLE_RECORD_MEERA.salaryProcessDetailRequestList[0],
        earningDeductionId: 100 + i,
        earningDeductionPrintName: `Allowance number ${i + 1}`,
      },
      {
        ...SAMPLE_RECORD_MEERA.salaryProcessDetailRequestList[1],
        earningDeductionId: 200 + i,
        earningDeductionPrintName: `Deduction number ${i + 1}`,
      },
    ]).flat();
    const out = read(await renderPayslipPdf([{ ...SAMPLE_RECORD_MEERA, salaryProcessDetailRequestList: heads }]));
    expect(out.pages).toBe(1);
    expect(out.page(0)).toContain(`Allowance number ${count} 15,000.00 Deduction number ${count} 150.00`);
    expect(out.page(0)).toContain('This is system generated document and does not require signature');
  });

  it('prints names in every script of India as text, in their fonts', async () => {
    const records = Object.values(INDIC_NAMES).map((name, i) => ({ ...SAMPLE_RECORD_MEERA, name: `Sri ${name}`, employeeCode: `IN${i}` }));
    const out = read(await renderPayslipPdf(records));
    expect(out.pages).toBe(records.length);
    for (const [family, name] of Object.entries(INDIC_NAMES)) {
      expect(out.text.normalize('NFC')).toContain(`Sri ${name}`.normalize('NFC'));
      expect(out.fonts).toContain(family);
    }
  });

  it('prints the arrears lines, an error page for a slip that cannot be computed, and builds with a bad logo', async () => {
    const broken = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8, 9]).toString('base64')}`;
    const bad: PayslipRecord = {
      ...SAMPLE_RECORD_KARTHIK,
      salaryProcessDetailRequestList: SAMPLE_RECORD_KARTHIK.salaryProcessDetailRequestList.map((h, i) =>
        i === 0 ? { ...h, amount: 'abc' as never } : h,
      ),
    };
    const failed: [number, PayslipFiguresError][] = [];
    const out = read(
      await renderPayslipPdf(
        [{ ...SAMPLE_RECORD_MEERA, arrearsLines: [{ month: '2026-10', amount: -2580.65, kind: 'lop', days: -2 }] }, bad],
        { logo: broken, watermark: broken, onSlipError: (_r, i, e) => failed.push([i, e]) },
      ),
    );
    expect(out.pages).toBe(2);
    expect(out.page(0)).toContain('Arrears in this slip, by the month each belongs to Amount');
    expect(out.page(0)).toContain('Loss-of-pay recovery for October 2026 (2 days) -2,580.65');
    expect(failed.map(([i]) => i)).toEqual([1]);
    expect(out.page(1)).toContain('This payslip could not be prepared:');
    expect(out.page(1)).toContain('Employee Name : Karthik Subramanian');
  });
});
