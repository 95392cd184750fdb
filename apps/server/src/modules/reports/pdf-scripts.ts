// Text in the scripts of India in the report PDF (pdf-table.ts): Roboto has no Indic glyphs, so a run of
// Devanagari, Bengali, Gujarati, Gurmukhi, Kannada, Malayalam, Odia, Tamil or Telugu is drawn in its Noto Sans
// font (packages/documents/src/scripts.ts), through pdfkit's own text drawing: the whole run is shaped at
// once (conjuncts, reordered vowel signs) and its marks placed where the font puts them. A font is read and
// embedded only when a report's text needs it.
import { fixAnchorsOf } from '@hr/documents/fontkit-fix';
import { scriptFontFile } from '@hr/documents/node';
import type { ScriptFont, TextRun } from '@hr/documents/scripts';

export { hasIndicText, splitByScript } from '@hr/documents/scripts';
export type { TextRun };

interface EmbeddedFont {
  ascender: number;
  font: { layout(s: string): unknown };
}

export class ScriptFonts {
  private registered = new Map<string, number>();
  private widths = new Map<string, number>();
  constructor(private doc: PDFKit.PDFDocument) {}

  /** The pdfkit name of a script font (registered on first use) and its ascender in thousandths. */
  private use(font: ScriptFont, bold: boolean): { name: string; ascender: number } {
    const name = `${font.family}-${bold ? 'B' : 'R'}`;
    let ascender = this.registered.get(name);
    if (ascender === undefined) {
      this.doc.registerFont(name, scriptFontFile(font, bold ? font.bold : font.normal));
      const embedded = (this.doc.font(name) as unknown as { _font: EmbeddedFont })._font;
      if (font.family === 'NotoSansGurmukhi') fixAnchorsOf(embedded.font);
      ascender = embedded.ascender;
      this.registered.set(name, ascender);
    }
    return { name, ascender };
  }

  /** The width of a script run at size 1. */
  width(run: TextRun & { font: ScriptFont }, bold: boolean): number {
    const key = `${bold ? 'B' : 'R'}${run.text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      w = this.doc.font(this.use(run.font, bold).name).fontSize(1).widthOfString(run.text);
      this.widths.set(key, w);
    }
    return w;
  }

  /**
   * Draws a script run with its left at x on the baseline of a Roboto text whose top is at y (`latinAscender`
   * is Roboto's, in thousandths of the size).
   */
  draw(run: TextRun & { font: ScriptFont }, bold: boolean, x: number, y: number, size: number, color: string, latinAscender: number) {
    const { name, ascender } = this.use(run.font, bold);
    const top = y + ((latinAscender - ascender) / 1000) * size;
    this.doc.font(name).fontSize(size).fillColor(color).text(run.text, x, top, { lineBreak: false });
  }
}
