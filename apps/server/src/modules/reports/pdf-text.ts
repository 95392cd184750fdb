// Text on the report exporter's pdfkit pages (pdf-table.ts), fast: the documents package's Roboto fonts with each
// character shaped once, a string's width as a sum of cached character widths (the words are wrapped to a cell's
// width by the documents' wrapWords, in pdf-table.ts), and a row's text written as one text object of the page's
// content stream (Indic runs drawn by pdf-scripts.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ROBOTO_FILES } from '@hr/documents/fonts';
import { hasIndicText, ScriptFonts, splitByScript } from './pdf-scripts';

const require = createRequire(import.meta.url);

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** The documents package's fonts, read once from pdfmake's package (as packages/documents/src/node.ts does). */
function robotoFonts() {
  if (fonts) return fonts;
  const dir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  fonts = { regular: readFileSync(join(dir, ROBOTO_FILES.normal)), bold: readFileSync(join(dir, ROBOTO_FILES.bold)) };
  return fonts;
}

export interface TextItem {
  s: string;
  /** Left and top, in points from the page's top left. */
  x: number;
  y: number;
  font: 'R' | 'B';
  size: number;
  color: string;
}

const num = (n: number) => String(Math.round(n * 100) / 100);
const rgbCache = new Map<string, string>();
/** '#rrggbb' as PDF's r g b. */
function rgb(hex: string): string {
  let v = rgbCache.get(hex);
  if (!v) {
    const n = Number.parseInt(hex.slice(1), 16);
    v = [n >> 16, (n >> 8) & 255, n & 255].map((c) => num(c / 255)).join(' ');
    rgbCache.set(hex, v);
  }
  return v;
}

interface LayoutRun {
  glyphs: unknown[];
  positions: unknown[];
  advanceWidth: number;
}
/** pdfkit's embedded font, as far as it is used here. */
interface LayoutFont {
  id: string;
  /** In thousandths of the font size. */
  ascender: number;
  ref(): unknown;
  encode(text: string): [string[], unknown[]];
  layoutCached(text: string): LayoutRun;
  layoutRun(text: string, features?: unknown): LayoutRun;
  layout(text: string, features?: unknown, onlyWidth?: boolean): LayoutRun;
}

/**
 * pdfkit shapes every new word with fontkit (its cache is per word, and a register's figures are all different
 * words): most of a table's time. A table's cells need no ligatures or kerning, so a string is laid out as its
 * characters, each shaped once.
 */
function perCharacterLayout(font: LayoutFont) {
  font.layout = (text, features, onlyWidth) => {
    if (features) return font.layoutRun(text, features);
    const glyphs: unknown[] = [];
    const positions: unknown[] = [];
    let advanceWidth = 0;
    for (const ch of text) {
      const run = font.layoutCached(ch);
      if (!onlyWidth) {
        for (const g of run.glyphs) glyphs.push(g);
        for (const p of run.positions) positions.push(p);
      }
      advanceWidth += run.advanceWidth;
    }
    return { glyphs, positions, advanceWidth };
  };
}

/** Widths of characters at size 1, per font, so a cell's width is a sum rather than a shaping of its text. */
export class Widths {
  private cache = new Map<string, number>();
  constructor(
    private doc: PDFKit.PDFDocument,
    private font: string,
    private scripts: ScriptFonts,
  ) {}
  of(text: string, size: number): number {
    // Indic runs are measured whole, in their script's font (their glyphs depend on their neighbours).
    if (hasIndicText(text))
      return splitByScript(text).reduce(
        (w, run) => w + (run.font ? this.scripts.width({ ...run, font: run.font }, this.font === 'B') * size : this.of(run.text, size)),
        0,
      );
    let w = 0;
    for (const ch of text) {
      let c = this.cache.get(ch);
      if (c === undefined) {
        this.doc.font(this.font).fontSize(1);
        c = this.doc.widthOfString(ch);
        this.cache.set(ch, c);
      }
      w += c;
    }
    return w * size;
  }
}

/** A document's two fonts (R regular, B bold) and the drawing of text items onto its pages. */
export class PdfText {
  readonly regular: Widths;
  readonly bold: Widths;
  private fonts = {} as Record<'R' | 'B', LayoutFont>;
  private scripts: ScriptFonts;

  constructor(
    private doc: PDFKit.PDFDocument,
    private pageHeight: number,
  ) {
    const f = robotoFonts();
    this.doc.registerFont('R', f.regular);
    this.doc.registerFont('B', f.bold);
    for (const name of ['R', 'B'] as const) {
      const font = (this.doc.font(name) as unknown as { _font: LayoutFont })._font;
      perCharacterLayout(font);
      this.fonts[name] = font;
    }
    this.scripts = new ScriptFonts(this.doc);
    this.regular = new Widths(this.doc, 'R', this.scripts);
    this.bold = new Widths(this.doc, 'B', this.scripts);
  }

  /** Draws text items in one text object (a row's cells): one content write instead of pdfkit's ~10 per text. */
  draw(all: readonly TextItem[]) {
    if (!all.length) return;
    const { items, scripts } = this.splitScripts(all);
    const page = this.doc.page as unknown as { fonts: Record<string, unknown> };
    const h = this.pageHeight;
    let out = `q 1 0 0 -1 0 ${h} cm BT`;
    let font = '';
    let size = 0;
    let color = '';
    for (const it of items) {
      const f = this.fonts[it.font];
      if (page.fonts[f.id] == null) page.fonts[f.id] = f.ref();
      if (it.font !== font || it.size !== size) out += ` /${f.id} ${num(it.size)} Tf`;
      if (it.color !== color) out += ` ${rgb(it.color)} rg`;
      font = it.font;
      size = it.size;
      color = it.color;
      out += ` 1 0 0 1 ${num(it.x)} ${num(h - it.y - (f.ascender / 1000) * it.size)} Tm <${this.hex(it.font, it.s)}> Tj`;
    }
    if (items.length) this.doc.addContent(`${out} ET Q`);
    for (const it of scripts) this.scripts.draw(it.run, it.font === 'B', it.x, it.y, it.size, it.color, this.fonts[it.font].ascender);
  }

  /** Items with Indic text cut into their Latin runs (drawn here) and their script runs (drawn by pdfkit). */
  private splitScripts(all: readonly TextItem[]) {
    if (!all.some((it) => hasIndicText(it.s))) return { items: all, scripts: [] };
    const items: TextItem[] = [];
    const scripts: (TextItem & { run: Parameters<ScriptFonts['draw']>[0] })[] = [];
    for (const it of all) {
      if (!hasIndicText(it.s)) {
        items.push(it);
        continue;
      }
      const widths = it.font === 'B' ? this.bold : this.regular;
      let x = it.x;
      for (const run of splitByScript(it.s)) {
        if (run.font) scripts.push({ ...it, x, run: { ...run, font: run.font } });
        else items.push({ ...it, s: run.text, x });
        x += widths.of(run.text, it.size);
      }
    }
    return { items, scripts };
  }

  private glyphHex = { R: new Map<string, string>(), B: new Map<string, string>() };
  /** The text as glyph ids in hex: each character encoded once through pdfkit (which adds it to the subset). */
  private hex(font: 'R' | 'B', text: string): string {
    const cache = this.glyphHex[font];
    let out = '';
    for (const ch of text) {
      let g = cache.get(ch);
      if (g === undefined) {
        g = this.fonts[font].encode(ch)[0].join('');
        cache.set(ch, g);
      }
      out += g;
    }
    return out;
  }
}
