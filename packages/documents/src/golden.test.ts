// Golden tests: each document built in Node, written as a PDF and read back with poppler-utils
// (pdfinfo, pdftotext -layout), as a person opening the file would see it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildAdvanceVoucherDoc } from './advance-voucher';
import { renderPdf } from './node';
import { generateSalaryRecords, SAMPLE_ADVANCE, SAMPLE_RECORD_ANANYA, SAMPLE_RECORD_KARTHIK, SAMPLE_RECORD_MEERA } from './samples';
import { buildSigningSheetDoc } from './signing-sheet';
import { describeWithPoppler } from './testing/poppler';

const dir = mkdtempSync(join(tmpdir(), 'documents-golden-'));
const now = new Date('2026-05-02T10:00:00Z');
// KEEP_GOLDEN_PDFS=1 keeps the files to look at (pdftoppm -png -r 60 <file> <prefix>).
afterAll(() => {
  if (process.env.KEEP_GOLDEN_PDFS === '1') console.log(`golden PDFs kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
});

function read(name: string, pdf: Buffer) {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pageTexts = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
  return {
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
    title: /^Title:\s+(.*)$/m.exec(info)?.[1],
    fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }),
    pageTexts,
    /** Page text with runs of spaces collapsed, so a check does not depend on column widths. */
    page: (i: number) => pageTexts[i].replace(/[ \t]+/g, ' '),
  };
}

// The payslip's own golden tests: payslip-pdf.test.ts (the one payslip renderer).

describeWithPoppler('signing sheet PDF', async () => {
  const long = generateSalaryRecords(60, ['Campus Mysuru']);
  const records = [SAMPLE_RECORD_ANANYA, SAMPLE_RECORD_KARTHIK, SAMPLE_RECORD_MEERA, ...long];
  const pdf = read('signing-sheet.pdf', await renderPdf(buildSigningSheetDoc(records, { now })));

  it('starts each unit on a new page and continues a long unit with its header repeated', () => {
    // Head Office (2), Branch (1), Campus Mysuru (60 rows, tall enough to sign in: 4 pages)
    expect(pdf.pages).toBe(6);
    expect(pdf.title).toBe('Salary_Signing_Sheet_HeadOfficeBranchChennai(South)CampusMysuru_April_2026.pdf');
    const headers = pdf.pageTexts.map((_, i) => /Sunrise Learning Foundation \((.*)\) Report Gen/.exec(pdf.page(i))?.[1]);
    expect(headers).toEqual(['Head Office', 'Branch, Chennai (South)', 'Campus Mysuru', 'Campus Mysuru', 'Campus Mysuru', 'Campus Mysuru']);
    for (let i = 0; i < pdf.pages; i++) {
      expect(pdf.page(i)).toContain('Report Gen. Date : 02/05/2026');
      expect(pdf.page(i)).toContain('PAY SLIP RECEIVED REGISTER FOR THE MONTH OF: April - 2026');
      expect(pdf.page(i)).toContain('Sl. Name Designation OT TL Pay Mode Signature');
    }
  });

  it('prints the rows with OT, TL and Pay Mode, - when absent, and Sl. continuing across pages', () => {
    expect(pdf.page(0)).toContain('1 Ananya Raghavan Senior Accountant 1,234.56 1,250.00 Bank');
    expect(pdf.page(0)).toContain('2 Meera Iyer Office Assistant - - Cash');
    expect(pdf.page(1)).toContain('1 Karthik Subramanian Lab Assistant - - -');
    const sl = (i: number) => [...pdf.page(i).matchAll(/^\s*(\d+) [A-Z][a-z]+ [A-Z]/gm)].map((m) => Number(m[1]));
    const all = [2, 3, 4, 5].flatMap(sl);
    expect(all).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(sl(3)[0]).toBeGreaterThan(1);
  });
});

describeWithPoppler('advance voucher PDF', async () => {
  const pdf = read(
    'voucher.pdf',
    await renderPdf(buildAdvanceVoucherDoc(SAMPLE_ADVANCE, { companyName: 'Sunrise Learning Foundation', city: 'Bengaluru', now })),
  );

  it('is one page with every label and the amounts', () => {
    expect(pdf.pages).toBe(1);
    const p = pdf.page(0);
    for (const text of [
      'Sunrise Learning Foundation',
      'Bengaluru',
      'Voucher No :',
      'Voucher Date : 02/05/2026',
      'Sl.no. Account Name: Salary/Wages Advance Debit(Rs.) Credit(Rs.)',
      '1 Ananya Raghavan 1,25,000.50',
      'No. Of Inst. 10',
      'Inst. Amount 12,500.05',
      'Ded. Start From Month: May / 2026',
      'Cash/Check/DD no:',
      'Note : Medical emergency in the family',
      'Amount in figures : 1,25,000.50',
      'Amount in words : One Lakh Twenty Five Thousand Rupees and Fifty Paise Only',
      'Amount paid in : Through Bank',
      'Revenue Stamp',
      'Prepared By Passed By Received By',
    ]) {
      expect(p).toContain(text);
    }
  });

  it('prints N/A for missing remarks and pay mode', async () => {
    const out = read(
      'voucher-na.pdf',
      await renderPdf(buildAdvanceVoucherDoc({ ...SAMPLE_ADVANCE, remarks: null, payModeId: null }, { now })),
    );
    expect(out.page(0)).toContain('Note : N/A');
    expect(out.page(0)).toContain('Amount paid in : N/A');
  });

  it('renders the rupee sign with the embedded font', async () => {
    const out = read(
      'rupee.pdf',
      await renderPdf({ content: [{ text: '₹12,34,567.89', font: 'Roboto' }], defaultStyle: { font: 'Roboto' } }),
    );
    expect(out.page(0)).toContain('₹12,34,567.89');
  });
});
