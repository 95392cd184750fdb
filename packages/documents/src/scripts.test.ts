// Names in the scripts of India print in their script's Noto font and read back as the same text
// (issue 28: "मनोज" printed as four empty boxes and was missing from the payslip's text).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPayslipPdf, renderPdf } from './node';
import { SAMPLE_RECORD_MEERA } from './samples';
import { scriptFamiliesOf, splitByScript, withScriptFonts } from './scripts';
import { buildSigningSheetDoc } from './signing-sheet';
import { describeWithPoppler } from './testing/poppler';

// One name a script, with conjuncts and vowel signs. None has a reph (र्ष) or a vowel sign drawn before its
// consonant: a PDF's text layer gives those back in drawing order ("હર્ષ" reads back as "હષર્").
export const INDIC_NAMES: Record<string, string> = {
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

describe('splitByScript', () => {
  it('cuts a mixed name into runs of one font; spaces and figures keep the document font', () => {
    const runs = splitByScript('Manoj मनोज 12');
    expect(runs.map((r) => [r.text, r.font?.family])).toEqual([
      ['Manoj ', undefined],
      ['मनोज', 'NotoSansDevanagari'],
      [' 12', undefined],
    ]);
    expect(splitByScript('Meera')).toEqual([{ text: 'Meera' }]);
  });
  it('keeps a joiner with its conjunct', () => {
    expect(splitByScript('क्\u200dष').map((r) => r.font?.family)).toEqual(['NotoSansDevanagari']);
  });
  it('finds the family of every script and leaves the definition it was given unchanged', () => {
    for (const [family, name] of Object.entries(INDIC_NAMES)) {
      const doc = { content: [{ text: name, bold: true }, { table: { body: [[name, 'x']] } }] };
      const { doc: out, families } = withScriptFonts(doc);
      expect([...families]).toEqual([family]);
      expect(doc.content[0].text).toBe(name);
      expect(JSON.stringify(out)).toContain(`"font":"${family}"`);
    }
  });
});

const text = (pdf: Buffer) => {
  const dir = mkdtempSync(join(tmpdir(), 'indic-'));
  writeFileSync(join(dir, 'a.pdf'), pdf);
  if (process.env.INDIC_PDF_DIR) writeFileSync(join(process.env.INDIC_PDF_DIR, 'payslips.pdf'), pdf);
  const out = spawnSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
  const fonts = spawnSync('pdffonts', [join(dir, 'a.pdf')], { encoding: 'utf8' });
  return { text: out.stdout, fonts: fonts.stdout };
};

describe('scriptFamiliesOf', () => {
  it('names the fonts a text needs, none for Latin', () => {
    expect([...scriptFamiliesOf(JSON.stringify(Object.values(INDIC_NAMES)))].map((f) => f.family).sort()).toEqual(
      Object.keys(INDIC_NAMES).sort(),
    );
    expect(scriptFamiliesOf('Meera Iyer 12').size).toBe(0);
  });
});

// Records of one employee a script, each in a unit of its own (the signing sheet prints a page per unit).
const records = Object.values(INDIC_NAMES).map((name, i) => ({
  ...SAMPLE_RECORD_MEERA,
  name,
  employeeCode: `IN${i}`,
  unitName: `Unit ${i}`,
}));
const now = new Date('2026-05-02T10:00:00Z');

describeWithPoppler('names in Indian scripts in the PDFs made in Node', () => {
  it('the payslip (the one payslip renderer) embeds each script font and reads back the same names', async () => {
    const { text: got, fonts } = text(await renderPayslipPdf(records));
    for (const [family, name] of Object.entries(INDIC_NAMES)) {
      expect(got.normalize('NFC')).toContain(name.normalize('NFC'));
      expect(fonts).toContain(family);
    }
    expect(got).toContain('Employee Name');
  });
  it('a pdfmake document (the signing sheet) likewise, also when rendered in chunks', async () => {
    for (const chunkSize of [undefined, 4]) {
      const { text: got, fonts } = text(await renderPdf(buildSigningSheetDoc(records, { now }), { chunkSize }));
      for (const [family, name] of Object.entries(INDIC_NAMES)) {
        expect(got.normalize('NFC')).toContain(name.normalize('NFC'));
        expect(fonts).toContain(family);
      }
    }
  });
});
