// Fonts for the scripts of India. Roboto has no Indic glyphs (a name such as "मनोज" printed as empty boxes and
// was missing from the PDF's text), so every text run is given the font of its script: Latin, figures and spaces
// keep Roboto, a run of Devanagari, Bengali, Gujarati, Gurmukhi, Kannada, Malayalam, Odia, Tamil or Telugu takes
// that script's Noto Sans face (the @fontsource packages' WOFF files, which fontkit reads and shapes: conjuncts,
// reordered vowel signs and marks come out as the font draws them). Pure: the files are found by the caller
// (packages/documents/src/node.ts reads them from node_modules, the web worker fetches only the ones a job needs).
// Noto Sans Gurmukhi needs fontkit-fix.ts, in Node and in the browser alike.
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

export interface ScriptFont {
  /** The pdfmake / pdfkit font family name. */
  family: string;
  /** The npm package that carries the font files. */
  pkg: string;
  /** The Unicode block(s) of the script. */
  ranges: readonly (readonly [number, number])[];
  /** File names inside the package's files/ folder (regular and bold; there are no italic faces). */
  normal: string;
  bold: string;
}

function script(name: string, family: string, ranges: ScriptFont['ranges']): ScriptFont {
  const base = `noto-sans-${name}-${name}`;
  return { family, pkg: `@fontsource/noto-sans-${name}`, ranges, normal: `${base}-400-normal.woff`, bold: `${base}-600-normal.woff` };
}

export const SCRIPT_FONTS: readonly ScriptFont[] = [
  script('devanagari', 'NotoSansDevanagari', [
    [0x0900, 0x097f],
    [0xa8e0, 0xa8ff],
    [0x1cd0, 0x1cff],
  ]),
  script('bengali', 'NotoSansBengali', [[0x0980, 0x09ff]]),
  script('gurmukhi', 'NotoSansGurmukhi', [[0x0a00, 0x0a7f]]),
  script('gujarati', 'NotoSansGujarati', [[0x0a80, 0x0aff]]),
  script('oriya', 'NotoSansOriya', [[0x0b00, 0x0b7f]]),
  script('tamil', 'NotoSansTamil', [
    [0x0b80, 0x0bff],
    [0x11fc0, 0x11fff],
  ]),
  script('telugu', 'NotoSansTelugu', [[0x0c00, 0x0c7f]]),
  script('kannada', 'NotoSansKannada', [[0x0c80, 0x0cff]]),
  script('malayalam', 'NotoSansMalayalam', [[0x0d00, 0x0d7f]]),
];

/** Quick test: is there any character of an Indic block (U+0900–U+0D7F and the few extensions) in the text? */
const ANY_INDIC = /[\u0900-\u0d7f\u1cd0-\u1cff\ua8e0-\ua8ff]|\ud807[\udfc0-\udfff]/;
export const hasIndicText = (text: string): boolean => ANY_INDIC.test(text);

/** The script font for a code point, undefined for Latin and everything Roboto draws. */
export function scriptFontOf(codePoint: number): ScriptFont | undefined {
  if (codePoint < 0x0900) return undefined;
  return SCRIPT_FONTS.find((s) => s.ranges.some(([a, b]) => codePoint >= a && codePoint <= b));
}

export interface TextRun {
  text: string;
  /** The script font, or undefined for the document's own font. */
  font?: ScriptFont;
}

/**
 * The text cut into runs of one font each. Joiners (ZWJ, ZWNJ) stay with the run before them (they shape
 * conjuncts); spaces, figures and punctuation take the document's font (the script fonts' files carry only
 * their own block).
 */
export function splitByScript(text: string): TextRun[] {
  if (!hasIndicText(text)) return [{ text }];
  const runs: TextRun[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = runs[runs.length - 1];
    const font = cp === 0x200c || cp === 0x200d ? last?.font : scriptFontOf(cp);
    if (last && last.font === font) last.text += ch;
    else runs.push({ text: ch, font });
  }
  return runs;
}

/** The runs as pdfmake inline text (the node's own style — bold, size, colour — is inherited by each run). */
function inline(text: string, used: Set<string>): (string | { text: string; font: string })[] {
  return splitByScript(text).map((r) => {
    if (!r.font) return r.text;
    used.add(r.font.family);
    return { text: r.text, font: r.font.family };
  });
}

// Keys of a pdfmake node that hold content (everything else — styles, widths, images, layouts — is left alone).
const CONTENT_KEYS = new Set(['content', 'stack', 'columns', 'ul', 'ol', 'body', 'table', 'text']);

function convert(value: unknown, used: Set<string>): unknown {
  if (typeof value === 'string') return hasIndicText(value) ? { text: inline(value, used) } : value;
  if (Array.isArray(value)) return value.map((v) => convert(v, used));
  if (!value || typeof value !== 'object') return value;
  const node = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(node)) {
    if (!CONTENT_KEYS.has(key)) continue;
    const v = node[key];
    let next: unknown;
    if (key === 'text' && typeof v === 'string') next = hasIndicText(v) ? inline(v, used) : v;
    else if (key === 'text' && Array.isArray(v)) next = v.flatMap((t) => (typeof t === 'string' ? inline(t, used) : [convert(t, used)]));
    else next = convert(v, used);
    if (next !== v) {
      out ??= { ...node };
      out[key] = next;
    }
  }
  return out ?? node;
}

type Dynamic = (...args: unknown[]) => unknown;

/**
 * The definition with every run of Indic text set in its script's font, and the families it needs. A new
 * definition (the caller's is not changed); header, footer and background functions are wrapped likewise.
 */
export function withScriptFonts(doc: TDocumentDefinitions): { doc: TDocumentDefinitions; families: Set<string> } {
  const used = new Set<string>();
  const out: Record<string, unknown> = { ...doc, content: convert(doc.content, used) as Content };
  for (const key of ['header', 'footer', 'background'] as const) {
    const part = doc[key] as unknown;
    if (typeof part === 'function') out[key] = (...args: unknown[]) => convert((part as Dynamic)(...args), used);
    else if (part) out[key] = convert(part, used);
  }
  return { doc: out as unknown as TDocumentDefinitions, families: used };
}

/** The script fonts a text needs (e.g. everything a payslip batch prints, as JSON). */
export function scriptFamiliesOf(text: string): Set<ScriptFont> {
  const fonts = new Set<ScriptFont>();
  if (!hasIndicText(text)) return fonts;
  for (const run of splitByScript(text)) if (run.font) fonts.add(run.font);
  return fonts;
}

/** The pdfmake font dictionary entries of the script fonts, their files named by `file`. */
export function scriptFontDescriptors(file: (font: ScriptFont, name: string) => string, families?: Set<string>) {
  const fonts: Record<string, { normal: string; bold: string; italics: string; bolditalics: string }> = {};
  for (const f of SCRIPT_FONTS) {
    if (families && !families.has(f.family)) continue;
    const normal = file(f, f.normal);
    const bold = file(f, f.bold);
    fonts[f.family] = { normal, bold, italics: normal, bolditalics: bold };
  }
  return fonts;
}
