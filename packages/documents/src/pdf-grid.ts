// A table of the documents' grid look (common.ts GRID: rules of 0.6 pt in the rule colour, 5 pt padding at the
// sides) drawn straight onto a pdfkit page through the Painter (pdf-painter.ts): columns of fixed widths, cells
// spanning columns, text wrapped in its cell, rows on a band, and a row that no longer fits on the page continuing
// the table on the next. Used by the payslip batch (payslip-pdf.ts).
import { COLORS } from './common';
import { type Face, type Painter, ROBOTO_LINE, type TextItem } from './pdf-painter';

/** The documents' line height (baseDocument's lineHeight 1.1 over Roboto's). */
export const lineHeight = (size: number): number => size * ROBOTO_LINE * 1.1;

const RULE = 0.6;
const SIDE = 5;
const PAGE_BOTTOM = 841.89 - 48;

export interface GridCell {
  text: string;
  face?: Face;
  color?: string;
  align?: 'left' | 'right' | 'center';
  /** Columns the cell covers (1). */
  span?: number;
  /** Wrapped on words to the cell's width (else kept on one line). */
  wrap?: boolean;
  /** Space above the text (a cell's top margin), and below it. */
  down?: number;
  up?: number;
  /** Space left and right of the text inside the padding. */
  inset?: number;
  /** Does not count towards the row's height: its column's cell in the next row is part of it (pdfmake's rowSpan 2). */
  rowSpan?: boolean;
  /** Paragraphs under the text, each wrapped, in their own face. */
  more?: { text: string; face: Face }[];
}

export interface GridRow {
  fill?: string;
  /** The rule under the row only across the columns before this one (the rest span into the next row). */
  ruleBelowTo?: number;
}

interface Page {
  p: Painter;
  doc: PDFKit.PDFDocument;
  y: number;
}

export class Grid {
  private xs: number[] = [];
  private segments: [number, number, number, number][] = [];
  private pad: number;
  private size: number;
  private lh: number;
  /** Texts of cells that span into the next row, drawn after that row's band. */
  private deferred: TextItem[] = [];

  constructor(
    private page: Page,
    widths: readonly number[],
    private opts: { pad: number; size: number; newPage: () => void; left?: number },
  ) {
    let x = opts.left ?? 36;
    for (const w of widths) {
      this.xs.push(x);
      x += w + 2 * SIDE + RULE;
    }
    this.xs.push(x);
    this.pad = opts.pad;
    this.size = opts.size;
    this.lh = lineHeight(opts.size);
    this.top();
  }

  private top() {
    const y = this.page.y + RULE / 2;
    this.segments.push([this.xs[0], y, this.xs[this.xs.length - 1] + RULE, y]);
  }

  /** The lines of a cell's text, each with its face. */
  private lines(c: GridCell, width: number): { s: string; face: Face }[] {
    const face = c.face ?? 'R';
    const room = width - 2 * (c.inset ?? 0);
    const wrap = (text: string, f: Face) =>
      (c.wrap ? this.page.p.wrap(text, room, f, this.size) : text.split('\n')).map((s) => ({ s, face: f }));
    return [...wrap(c.text, face), ...(c.more ?? []).flatMap((m) => wrap(m.text, m.face))];
  }

  row(cells: readonly GridCell[], opts: GridRow = {}): void {
    const { p, doc } = this.page;
    let col = 0;
    const laid = cells.map((c) => {
      const from = col;
      col += c.span ?? 1;
      const width = this.xs[col] - this.xs[from] - RULE - 2 * SIDE;
      return { c, from, to: col, width, lines: this.lines(c, width) };
    });
    const inner = Math.max(1, ...laid.map((l) => (l.c.rowSpan ? 0 : l.lines.length * this.lh + (l.c.down ?? 0) + (l.c.up ?? 0))));
    const h = RULE + 2 * this.pad + inner;
    if (this.page.y + h + RULE > PAGE_BOTTOM && this.page.y > 40) {
      this.close();
      this.opts.newPage();
      this.top();
    }
    const y = this.page.y;
    const right = this.xs[this.xs.length - 1];
    if (opts.fill) doc.rect(this.xs[0], y, right - this.xs[0] + RULE, h).fill(opts.fill);
    const items: TextItem[] = this.deferred;
    const later: TextItem[] = [];
    for (const { c, from, width, lines } of laid) {
      const x0 = this.xs[from] + RULE + SIDE + (c.inset ?? 0);
      const room = width - 2 * (c.inset ?? 0);
      lines.forEach((l, k) => {
        if (!l.s) return;
        const w = c.align && c.align !== 'left' ? p.width(l.s, l.face, this.size) : 0;
        const x = c.align === 'right' ? x0 + room - w : c.align === 'center' ? x0 + (room - w) / 2 : x0;
        (c.rowSpan ? later : items).push({
          s: l.s,
          x,
          y: y + RULE + this.pad + (c.down ?? 0) + k * this.lh,
          face: l.face,
          size: this.size,
          color: c.color ?? COLORS.ink,
        });
      });
      this.segments.push([this.xs[from] + RULE / 2, y, this.xs[from] + RULE / 2, y + h]);
    }
    this.segments.push([right + RULE / 2, y, right + RULE / 2, y + h]);
    p.draw(items);
    this.deferred = later;
    const to = opts.ruleBelowTo === undefined ? right + RULE : this.xs[opts.ruleBelowTo];
    this.segments.push([this.xs[0], y + h + RULE / 2, to, y + h + RULE / 2]);
    this.page.y = y + h;
  }

  /** Strokes the table's rules on this page and moves below it. */
  close(): void {
    const d = this.page.doc;
    for (const [x0, y0, x1, y1] of this.segments) d.moveTo(x0, y0).lineTo(x1, y1);
    d.lineWidth(RULE).strokeColor(COLORS.rule).stroke();
    this.segments = [];
    this.page.y += RULE;
  }
}
