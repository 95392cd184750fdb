// The report exporter's PDF writer: a table drawn straight onto pdfkit pages (pdfmake is built on pdfkit, but
// its layout engine measures every cell as a tree of nodes: about 25 ms a row at 45 columns). The same look as
// the documents package's tables: its Roboto fonts (bold is Medium), its colours, a grid of thin rules, the
// headings on a band and repeated at the top of every page, a row never split over two pages, bold subtotal
// lines on the band, and 'Page x / y' at the foot of every page (written once the page count is known).
// Rows are drawn as they arrive, so only the pages' drawing instructions are held, never a layout tree. The text
// is measured and written by pdf-text.ts, wrapped by the documents' wrapWords (the payslips' painter's too).
import { COLORS } from '@hr/documents/common';
import { wrapWords } from '@hr/documents/wrap';
import PDFDocument from 'pdfkit';
import { PdfText, type TextItem, type Widths } from './pdf-text';

export interface PdfTableColumn {
  label: string;
  /** Points. */
  width: number;
  align: 'left' | 'right' | 'center';
  /** Kept on one line (numbers, dates, codes): may run into the padding rather than wrap. */
  noWrap: boolean;
}

export interface PdfTableSpec {
  pageSize: 'A4' | 'A3';
  orientation: 'portrait' | 'landscape';
  fontSize: number;
  title: string;
  /** The PDF's Title entry (the file name). */
  infoTitle: string;
  orgName: string;
  orgAddress: string;
  /** 'Report Gen. Date : DD/MM/YYYY', right of the title. */
  dateLine: string;
  summary: string;
  columns: PdfTableColumn[];
}

const SIZES = { A4: [595.28, 841.89], A3: [841.89, 1190.55] } as const;
const MARGIN = { left: 20, right: 20, top: 24, bottom: 28 };
const PAD = 1.5;
const RULE = 0.6;

export interface PdfLine {
  cells: string[];
  /** A subtotal or total line: bold on the band. */
  bold?: boolean;
  /** Small muted text under a cell's (by column index), e.g. the department under the name. */
  under?: (string | undefined)[];
}

export class PdfTableWriter {
  private doc: PDFKit.PDFDocument;
  private chunks: Buffer[] = [];
  private done: Promise<Buffer>;
  private regular: Widths;
  private bold: Widths;
  private xs: number[];
  private tableWidth: number;
  private pageHeight: number;
  private lineHeight: number;
  private y = 0;
  /** Where the table starts on the current page (its vertical rules are drawn when the page is full). */
  private tableTop = 0;
  private countAt: { x: number; y: number } = { x: 0, y: 0 };
  private pen: PdfText;
  /** Where a vertical rule is interrupted on this page (top to bottom order). */
  private gaps: { x: number; y0: number; y1: number }[] = [];

  constructor(private spec: PdfTableSpec) {
    const [w, h] = SIZES[spec.pageSize];
    const [width, height] = spec.orientation === 'landscape' ? [h, w] : [w, h];
    this.pageHeight = height;
    this.doc = new PDFDocument({
      size: [width, height],
      margins: MARGIN,
      autoFirstPage: false,
      bufferPages: true,
      compress: true,
      info: { Title: spec.infoTitle, Producer: 'HR reports', Creator: 'HR reports' },
    });
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (c: Buffer) => this.chunks.push(c));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    this.pen = new PdfText(this.doc, height);
    this.regular = this.pen.regular;
    this.bold = this.pen.bold;
    this.lineHeight = spec.fontSize * 1.17 * 1.1;
    this.xs = [];
    let x = MARGIN.left;
    for (const c of spec.columns) {
      this.xs.push(x);
      x += c.width;
    }
    this.tableWidth = x - MARGIN.left;
    this.firstPage();
  }

  private text(s: string, x: number, y: number, font: 'R' | 'B', size: number, color: string) {
    this.pen.draw([{ s, x, y, font, size, color }]);
  }

  private firstPage() {
    const s = this.spec;
    this.doc.addPage();
    let y = MARGIN.top;
    this.text(s.orgName, MARGIN.left, y, 'B', 12, COLORS.navy);
    y += 12 * 1.3;
    if (s.orgAddress) {
      this.text(s.orgAddress, MARGIN.left, y, 'R', 7.5, COLORS.muted);
      y += 7.5 * 1.3;
    }
    y += 6;
    this.text(s.title, MARGIN.left, y, 'B', 11, COLORS.navy);
    const right = this.doc.page.width - MARGIN.right;
    this.text(s.dateLine, right - this.regular.of(s.dateLine, 8), y + 2, 'R', 8, COLORS.muted);
    y += 11 * 1.3 + 2;
    this.text(s.summary, MARGIN.left, y, 'R', 8, COLORS.ink);
    y += 8 * 1.3 + 2;
    // The row count is known only at the end: its place is kept.
    this.countAt = { x: MARGIN.left, y };
    y += 8 * 1.3 + 6;
    this.y = y;
    this.headings();
  }

  /** The cells' lines and the row's height. */
  private layout(line: PdfLine) {
    const size = this.spec.fontSize;
    const widths = line.bold ? this.bold : this.regular;
    // A subtotal's label runs on over the empty cells after it (one cell across them, as a column span would).
    const spans = line.cells.map((text, i) => {
      let j = i;
      if (line.bold && text && this.spec.columns[i].align === 'left') while (j + 1 < line.cells.length && !line.cells[j + 1]) j++;
      return j;
    });
    const rooms = spans.map((j, i) => this.xs[j] + this.spec.columns[j].width - this.xs[i] - 2 * PAD);
    const cells = line.cells.map((text, i) => {
      const c = this.spec.columns[i];
      return c.noWrap || !text || widths.of(text, size) <= rooms[i] ? [text] : wrapWords(text, rooms[i], (t) => widths.of(t, size));
    });
    let lines = 1;
    cells.forEach((ls, i) => {
      lines = Math.max(lines, ls.length + (line.under?.[i] !== undefined ? 1 : 0));
    });
    return { cells, rooms, spans, height: lines * this.lineHeight + 2 * PAD };
  }

  private headings() {
    const size = this.spec.fontSize;
    const cells = this.spec.columns.map((c) => wrapWords(c.label, c.width - 2 * PAD, (t) => this.bold.of(t, size)));
    const height = Math.max(...cells.map((l) => l.length)) * this.lineHeight + 2 * PAD;
    this.tableTop = this.y;
    this.doc.rect(MARGIN.left, this.y, this.tableWidth, height).fill(COLORS.band);
    const items: TextItem[] = [];
    cells.forEach((ls, i) => {
      const c = this.spec.columns[i];
      ls.forEach((l, k) => {
        const x = this.xs[i] + (c.width - this.bold.of(l, size)) / 2;
        items.push({ s: l, x, y: this.y + PAD + k * this.lineHeight, font: 'B', size, color: COLORS.navy });
      });
    });
    this.pen.draw(items);
    this.hrule(this.y);
    this.y += height;
    this.hrule(this.y);
  }

  private hrule(y: number) {
    this.doc
      .moveTo(MARGIN.left, y)
      .lineTo(MARGIN.left + this.tableWidth, y)
      .lineWidth(RULE)
      .strokeColor(COLORS.rule)
      .stroke();
  }

  /** The vertical rules of the table's part on this page (broken where a label spans cells). */
  private closeTable() {
    const d = this.doc.lineWidth(RULE).strokeColor(COLORS.rule);
    for (const x of [...this.xs, MARGIN.left + this.tableWidth]) {
      let from = this.tableTop;
      for (const g of this.gaps) {
        if (g.x !== x) continue;
        if (g.y0 > from) d.moveTo(x, from).lineTo(x, g.y0);
        from = g.y1;
      }
      if (this.y > from) d.moveTo(x, from).lineTo(x, this.y);
    }
    d.stroke();
    this.gaps = [];
  }

  add(line: PdfLine) {
    const size = this.spec.fontSize;
    const { cells, rooms, spans, height } = this.layout(line);
    if (this.y + height > this.pageHeight - MARGIN.bottom) {
      this.closeTable();
      this.doc.addPage();
      this.y = MARGIN.top;
      this.headings();
    }
    if (line.bold) this.doc.rect(MARGIN.left, this.y, this.tableWidth, height).fill(COLORS.band);
    spans.forEach((j, i) => {
      // The rules inside a span are left out there.
      for (let k = i + 1; k <= j; k++) this.gaps.push({ x: this.xs[k], y0: this.y, y1: this.y + height });
    });
    const font = line.bold ? 'B' : 'R';
    const widths = line.bold ? this.bold : this.regular;
    const items: TextItem[] = [];
    cells.forEach((ls, i) => {
      const c = this.spec.columns[i];
      ls.forEach((l, k) => {
        if (!l) return;
        // A figure kept on one line that is wider than its column is printed smaller rather than into the next.
        const room = rooms[i];
        const natural = widths.of(l, size);
        const fit = natural > room ? Math.max(size * 0.6, (size * room) / natural) : size;
        const w = fit === size ? natural : (natural * fit) / size;
        const x =
          c.align === 'left' ? this.xs[i] + PAD : c.align === 'right' ? this.xs[i] + c.width - PAD - w : this.xs[i] + (c.width - w) / 2;
        items.push({ s: l, x, y: this.y + PAD + k * this.lineHeight + (size - fit) * 0.8, font, size: fit, color: COLORS.ink });
      });
      const under = line.under?.[i];
      if (under)
        items.push({
          s: under,
          x: this.xs[i] + PAD,
          y: this.y + PAD + ls.length * this.lineHeight,
          font: 'R',
          size: size - 1,
          color: COLORS.muted,
        });
    });
    this.pen.draw(items);
    this.y += height;
    this.hrule(this.y);
  }

  /** Ends the table (then `after`'s lines below it), writes the row count and 'Page x / y' on every page. */
  async finish(countLine: string, after: readonly string[] = []): Promise<Buffer> {
    this.closeTable();
    if (after.length) {
      this.y += 6;
      for (const line of after) {
        if (this.y + 8 * 1.3 > this.pageHeight - MARGIN.bottom) {
          this.doc.addPage();
          this.y = MARGIN.top;
        }
        this.text(line, MARGIN.left, this.y, 'R', 8, COLORS.ink);
        this.y += 8 * 1.3;
      }
    }
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      if (i === range.start) this.text(countLine, this.countAt.x, this.countAt.y, 'R', 8, COLORS.muted);
      const label = `Page ${i - range.start + 1} / ${range.count}`;
      const x = this.doc.page.width - MARGIN.right - this.regular.of(label, 7);
      this.text(label, x, this.pageHeight - MARGIN.bottom + 8, 'R', 7, COLORS.muted);
    }
    this.doc.end();
    return this.done;
  }
}
