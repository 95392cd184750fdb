// Text drawn straight onto a pdfkit document, for the documents printed in large batches (the payslips of a
// month: payslip-pdf.ts). pdfmake measures every cell of every page as a tree of nodes and shapes each new word
// with fontkit; a batch's pages differ only in their figures, so here each character is shaped once per font
// and a page's texts go out as one text object of glyph ids. Pure: pdfkit and the font files come from the
// caller (PainterEnv), so Node and the browser's documents worker draw the same pages.
// Names in the scripts of India are drawn through pdfkit's own text path in their Noto Sans font, the whole run
// shaped at once (scripts.ts finds the runs; fontkit-fix.ts mends Noto Sans Gurmukhi), so they read back as text.
import { fixAnchorsOf } from './fontkit-fix';
import { type ScriptFont, splitByScript } from './scripts';
import { wrapWords } from './wrap';

/** Roboto's faces as the documents use them: bold is Medium (pdfmake's Roboto has no Bold). */
export type Face = 'R' | 'B' | 'I';

/** A pdfkit document class: the npm pdfkit in Node, the copy inside pdfmake's browser build in the web worker. */
export type PdfKitClass = new (options: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument;

/**
 * Where the painter gets pdfkit and the font files: Node reads them from node_modules (node.ts), the browser's
 * documents worker from pdfmake's build and the fonts it fetched (apps/web/src/lib/documents/job.ts).
 */
export interface PainterEnv {
  PDFDocument: PdfKitClass;
  /** Roboto Regular, Medium (bold) and Italic. */
  roboto: Readonly<Record<Face, Uint8Array>>;
  /** A script font's file (regular or bold); asked for only when a text of that script is drawn. */
  scriptFont(font: ScriptFont, bold: boolean): Uint8Array;
}

/** pdfkit's embedded font, as far as it is used here. */
interface EmbeddedFont {
  id: string;
  /** Thousandths of the size. */
  ascender: number;
  ref(): unknown;
  encode(text: string): [string[], unknown[]];
  widthOfString(text: string, size: number): number;
  font: FontkitFont;
}

interface Glyph {
  advanceWidth: number;
}
interface FontkitFont {
  layout(s: string, features?: unknown): unknown;
  glyphForCodePoint(cp: number): Glyph;
}

/**
 * A character of a Roboto face as its one glyph, without fontkit's shaping (whose first use decodes the font's
 * GSUB and GPOS tables: most of a small batch's time). The documents' Latin text needs no ligatures or kerning;
 * longer strings and Indic runs (their own fonts) are shaped as before.
 */
function glyphPerCharacter(font: FontkitFont): void {
  const shape = font.layout.bind(font);
  font.layout = (text, features) => {
    const cp = text.codePointAt(0);
    if (cp === undefined || text.length !== (cp > 0xffff ? 2 : 1) || features) return shape(text, features);
    const glyph = font.glyphForCodePoint(cp);
    const positions = [{ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 }];
    // pdfkit scales the positions in place; the run's width follows them, as fontkit's GlyphRun does.
    return {
      glyphs: [glyph],
      positions,
      get advanceWidth() {
        return positions[0].xAdvance;
      },
    };
  };
}

/** A pdfkit document of the environment's pdfkit (a Gurmukhi font's anchors are mended when a text first needs it: Painter.script). */
export function pdfkitDocument(env: PainterEnv, options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  return new env.PDFDocument(options);
}

export interface TextItem {
  s: string;
  /** Left and top, in points from the page's top left. */
  x: number;
  y: number;
  face: Face;
  size: number;
  color: string;
}

const num = (n: number) => String(Math.round(n * 100) / 100);
const rgbCache = new Map<string, string>();
/** '#rrggbb' as PDF's r g b. */
export function rgb(hex: string): string {
  let v = rgbCache.get(hex);
  if (!v) {
    const n = Number.parseInt(hex.slice(1), 16);
    v = [n >> 16, (n >> 8) & 255, n & 255].map((c) => num(c / 255)).join(' ');
    rgbCache.set(hex, v);
  }
  return v;
}

/** Roboto's line height at size 1 (ascender − descender, no gap), as pdfmake measures a line. */
export const ROBOTO_LINE = 1.171875;

export class Painter {
  private fonts = {} as Record<Face, EmbeddedFont>;
  private widths = { R: new Map<string, number>(), B: new Map<string, number>(), I: new Map<string, number>() };
  private glyphs = { R: new Map<string, string>(), B: new Map<string, string>(), I: new Map<string, string>() };
  private scriptNames = new Map<string, { name: string; ascender: number }>();
  private scriptWidths = new Map<string, number>();

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private env: PainterEnv,
  ) {
    for (const face of ['R', 'B', 'I'] as const) {
      doc.registerFont(face, env.roboto[face] as Buffer);
      this.fonts[face] = (doc.font(face) as unknown as { _font: EmbeddedFont })._font;
      glyphPerCharacter(this.fonts[face].font);
    }
  }

  /** The script font's pdfkit name, registered (and embedded) on first use. */
  private script(font: ScriptFont, bold: boolean) {
    const key = `${font.family}-${bold ? 'B' : 'R'}`;
    let s = this.scriptNames.get(key);
    if (!s) {
      this.doc.registerFont(key, this.env.scriptFont(font, bold) as Buffer);
      const embedded = (this.doc.font(key) as unknown as { _font: EmbeddedFont })._font;
      if (font.family === 'NotoSansGurmukhi') fixAnchorsOf(embedded.font);
      s = { name: key, ascender: embedded.ascender };
      this.scriptNames.set(key, s);
    }
    return s;
  }

  /** The width of a text in points (Latin per character; an Indic run whole, in its font). */
  width(text: string, face: Face, size: number): number {
    let w = 0;
    for (const run of splitByScript(text)) {
      if (run.font) {
        const key = `${face}${run.text}`;
        let rw = this.scriptWidths.get(key);
        if (rw === undefined) {
          rw = this.doc
            .font(this.script(run.font, face === 'B').name)
            .fontSize(1)
            .widthOfString(run.text);
          this.scriptWidths.set(key, rw);
        }
        w += rw;
        continue;
      }
      const cache = this.widths[face];
      for (const ch of run.text) {
        let c = cache.get(ch);
        if (c === undefined) {
          c = this.fonts[face].widthOfString(ch, 1);
          cache.set(ch, c);
        }
        w += c;
      }
    }
    return w * size;
  }

  /** Words onto lines of at most `width` points (wrap.ts); a line break in the text starts a new line. */
  wrap(text: string, width: number, face: Face, size: number): string[] {
    const measure = (s: string) => this.width(s, face, size);
    return text.split('\n').flatMap((para) => wrapWords(para, width, measure));
  }

  private hex(face: Face, text: string): string {
    const cache = this.glyphs[face];
    let out = '';
    for (const ch of text) {
      let g = cache.get(ch);
      if (g === undefined) {
        g = this.fonts[face].encode(ch)[0].join('');
        cache.set(ch, g);
      }
      out += g;
    }
    return out;
  }

  /** Draws the items on the current page: Latin text in one text object, Indic runs through pdfkit. */
  draw(all: readonly TextItem[]): void {
    const page = this.doc.page as unknown as { fonts: Record<string, unknown>; height: number };
    const h = page.height;
    let out = `q 1 0 0 -1 0 ${num(h)} cm BT`;
    let face = '';
    let size = 0;
    let color = '';
    let any = false;
    const scripts: { run: string; font: ScriptFont; it: TextItem }[] = [];
    for (const whole of all) {
      if (!whole.s) continue;
      let x = whole.x;
      for (const run of splitByScript(whole.s)) {
        const it = { ...whole, s: run.text, x };
        x += this.width(run.text, whole.face, whole.size);
        if (run.font) {
          scripts.push({ run: run.text, font: run.font, it });
          continue;
        }
        const f = this.fonts[it.face];
        if (page.fonts[f.id] == null) page.fonts[f.id] = f.ref();
        if (it.face !== face || it.size !== size) out += ` /${f.id} ${num(it.size)} Tf`;
        if (it.color !== color) out += ` ${rgb(it.color)} rg`;
        face = it.face;
        size = it.size;
        color = it.color;
        out += ` 1 0 0 1 ${num(it.x)} ${num(h - it.y - (f.ascender / 1000) * it.size)} Tm <${this.hex(it.face, it.s)}> Tj`;
        any = true;
      }
    }
    if (any) this.doc.addContent(`${out} ET Q`);
    for (const { run, font, it } of scripts) {
      const s = this.script(font, it.face === 'B');
      // On the Roboto baseline of the line.
      const top = it.y + ((this.fonts[it.face].ascender - s.ascender) / 1000) * it.size;
      this.doc.font(s.name).fontSize(it.size).fillColor(it.color).text(run, it.x, top, { lineBreak: false });
    }
  }
}
