// Report PDFs (pdf-table.ts) print names in the scripts of India in their Noto Sans font and read back as
// the same text (issue 28: Indian-script names printed as empty boxes).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PdfTableWriter } from '../../src/modules/reports/pdf-table';

// One name a script (none with a reph or a vowel sign drawn before its consonant, which the text layer gives
// back in drawing order), as in packages/documents/src/scripts.test.ts.
const NAMES: Record<string, string> = {
  NotoSansDevanagari: 'मनोज कृष्ण',
  NotoSansBengali: 'অমর দত্ত',
  NotoSansGujarati: 'હરીશ પટેલ',
  NotoSansGurmukhi: 'ਗੁਰਪ੍ਰੀਤ ਕੌਰ',
  NotoSansKannada: 'ಅನಂತ ರಾವ್',
  NotoSansMalayalam: 'അനന്തു',
  NotoSansOriya: 'ସତ୍ୟ',
  NotoSansTamil: 'முருகன்',
  NotoSansTelugu: 'సత్య నారాయణ',
};

const hasPoppler = !spawnSync('pdftotext', ['-v']).error;

describe.skipIf(!hasPoppler && !process.env.CI)('report PDF with names in Indian scripts', () => {
  it('embeds each script font and reads back the same names, bold lines included', async () => {
    const writer = new PdfTableWriter({
      pageSize: 'A4',
      orientation: 'portrait',
      fontSize: 8,
      title: 'Salary Register',
      infoTitle: 'Salary_Register.pdf',
      orgName: 'Sunrise Learning Foundation',
      orgAddress: 'Bengaluru',
      dateLine: 'Report Gen. Date : 28/11/2026',
      summary: 'Unit: Head Office',
      columns: [
        { label: 'Code', width: 50, align: 'left', noWrap: true },
        { label: 'Name', width: 160, align: 'left', noWrap: false },
        { label: 'Net Pay', width: 70, align: 'right', noWrap: true },
      ],
    });
    Object.values(NAMES).forEach((name, i) => {
      writer.add({ cells: [`E${i + 1}`, `${name} (Emp ${i + 1})`, '25,000.00'], under: [undefined, 'Teaching'] });
    });
    writer.add({ cells: ['Total मनोज', '', '2,25,000.00'], bold: true });
    const pdf = await writer.finish('Rows: 9');
    const dir = mkdtempSync(join(tmpdir(), 'report-indic-'));
    const file = join(process.env.INDIC_PDF_DIR ?? dir, 'report.pdf');
    writeFileSync(file, pdf);
    const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout.normalize('NFC');
    const fonts = spawnSync('pdffonts', [file], { encoding: 'utf8' }).stdout;
    Object.entries(NAMES).forEach(([family, name], i) => {
      expect(text).toContain(`${name} (Emp ${i + 1})`.normalize('NFC'));
      expect(fonts).toContain(family);
    });
    expect(text).toContain('Total मनोज');
    expect(fonts).toContain('NotoSansDevanagari-SemiBold');
    expect(text).toContain('Page 1 / 1');
  });
});
