// The payslip batch drawn straight onto pdfkit: the spec's page (payslip.ts: its texts and lines; common.ts: colours
// and grid; one page per employee), without pdfmake's layout tree. pdfmake's floor for 1,000 such pages was about
// 3 s: it measures every cell of every page as nodes and styles; here the page's frame is worked out once, each character is shaped once
// per face (pdf-painter.ts), the logo and watermark are read and embedded once and placed on every page, and a
// slip's texts go out as one text object. The one payslip renderer: Node (renderPayslipPdf in node.ts: the bulk
// batch, e-mailed slips) and the browser's documents worker (apps/web/src/lib/documents/job.ts) both call
// drawPayslipPdf, each with its own pdfkit and font files (PainterEnv).
import { type PayslipFigures, PayslipFiguresError, payslipFigures, toPaise } from '@hr/payroll';
import { amountText, COLORS } from './common';
import { payslipFileName } from './filenames';
import { DEFAULT_LOGO_PNG, DEFAULT_WATERMARK_PNG, EMPTY_IMAGE, usableImage } from './images';
import { PAYSLIP_TEXT, type PayslipOptions, type PayslipRecord, type PrintedLine, payslipRows } from './payslip';
import { arrearsLabel } from './payslip-arrears';
import { Grid, lineHeight as lh } from './pdf-grid';
import { type Face, Painter, type PainterEnv, pdfkitDocument, type TextItem } from './pdf-painter';
import { type PdfProtection, pdfkitProtection } from './protect';

const W = 595.28;
const H = 841.89;
const LEFT = 36;
const TOP = 30;
const BOTTOM = 48;
const CW = W - 2 * LEFT;
const SIZE = 9;
/** From this many rows of heads the salary table is set in 7.5 pt with less padding. */
const TIGHT_FROM_ROWS = 26;

interface Slip {
  p: Painter;
  doc: PDFKit.PDFDocument;
  logo: string;
  watermark: string;
  y: number;
}

/** A new page with the watermark behind and the footer under the content (pdfmake's background and footer). */
function newPage(s: Slip): void {
  s.doc.addPage({ size: [W, H], margin: 0 });
  if (s.watermark !== EMPTY_IMAGE) {
    s.doc.save().opacity(0.07);
    s.doc.image(s.watermark, (W - 260) / 2, 200, { width: 260 });
    s.doc.restore();
  }
  const fy = H - BOTTOM + 14;
  s.doc
    .moveTo(LEFT, fy + 0.3)
    .lineTo(LEFT + CW, fy + 0.3)
    .lineWidth(0.6)
    .strokeColor(COLORS.rule)
    .stroke();
  const w = s.p.width(PAYSLIP_TEXT.footer, 'I', 8);
  s.p.draw([{ s: PAYSLIP_TEXT.footer, x: LEFT + (CW - w) / 2, y: fy + 0.6 + 4, face: 'I', size: 8, color: COLORS.muted }]);
  s.y = TOP;
}

/** Lines centred in [x, x + width). */
function centred(p: Painter, lines: string[], x: number, width: number, y: number, face: Face, size: number, color: string): TextItem[] {
  return lines.map((l, i) => ({ s: l, x: x + (width - p.width(l, face, size)) / 2, y: y + i * lh(size), face, size, color }));
}

function header(s: Slip, r: PayslipRecord): void {
  const { p, doc } = s;
  if (s.logo !== EMPTY_IMAGE) {
    doc.image(s.logo, LEFT, s.y, { width: 58, height: 58 });
    doc.image(s.logo, LEFT + CW - 58, s.y, { width: 58, height: 58 });
  }
  const x = LEFT + 58 + 8;
  const width = CW - 116 - 16;
  const name = p.wrap(r.companyName ?? '', width, 'B', 15);
  const address = p.wrap(r.compamyAddress ?? '', width, 'R', 9);
  const nameTop = s.y + 6;
  const addressTop = nameTop + name.length * lh(15) + 3;
  p.draw([
    ...centred(p, name, x, width, nameTop, 'B', 15, COLORS.navy),
    ...centred(p, address, x, width, addressTop, 'R', 9, COLORS.muted),
  ]);
  s.y = Math.max(s.y + 58, addressTop + address.length * lh(9));
  // The gold rule, then the month's title on the navy band.
  s.y += 8;
  doc
    .moveTo(LEFT, s.y + 0.6)
    .lineTo(LEFT + CW, s.y + 0.6)
    .lineWidth(1.2)
    .strokeColor(COLORS.gold)
    .stroke();
  s.y += 8;
  const band = 2 + 3 + lh(11) + 3 + 2;
  doc.rect(LEFT, s.y, CW, band).fill(COLORS.navy);
  const title = PAYSLIP_TEXT.titleLine(r.month, r.year);
  p.draw([{ s: title, x: LEFT + (CW - p.width(title, 'B', 11)) / 2, y: s.y + 5, face: 'B', size: 11, color: '#ffffff' }]);
  s.y += band;
}

const orDash = (value: string | null | undefined): string => (value?.trim() ? value : PAYSLIP_TEXT.missingCell);

/** The employee's details: four columns without borders (labels 88 pt, the values share the rest). */
function details(s: Slip, r: PayslipRecord): void {
  const { p } = s;
  const star = (CW - 176 - 24) / 2;
  const xs = [LEFT, LEFT + 96, LEFT + 96 + star + 8, LEFT + 96 + star + 8 + 96];
  const widths = [88, star, 88, star];
  const rows: [string, string, string, string][] = [
    [PAYSLIP_TEXT.employeeName, orDash(r.name), PAYSLIP_TEXT.employeeCode, orDash(r.employeeCode)],
    [PAYSLIP_TEXT.unitName, orDash(r.unitName), PAYSLIP_TEXT.designation, orDash(r.designationName)],
    [
      PAYSLIP_TEXT.modeOfPayment,
      r.paymentStatus ? `${orDash(r.payModeName)} · ${r.paymentStatus}` : orDash(r.payModeName),
      PAYSLIP_TEXT.uanNo,
      r.uanNo?.trim() ? r.uanNo : PAYSLIP_TEXT.missingUan,
    ],
  ];
  s.y += 8;
  const items: TextItem[] = [];
  for (const row of rows) {
    const cells = row.map((t, i) => (i % 2 === 0 ? [t] : p.wrap(`: ${t}`, widths[i], 'R', SIZE)));
    cells.forEach((ls, i) => {
      const label = i % 2 === 0;
      ls.forEach((l, k) => {
        items.push({
          s: l,
          x: xs[i],
          y: s.y + 2 + k * lh(SIZE),
          face: label ? 'B' : 'R',
          size: SIZE,
          color: label ? COLORS.navy : COLORS.ink,
        });
      });
    });
    s.y += 4 + Math.max(...cells.map((c) => c.length)) * lh(SIZE);
  }
  p.draw(items);
  s.y += 8;
}

/** The salary table: leave details (empty), earnings and deductions paired, the rounded net pay and its words. */
function salaryTable(s: Slip, figures: PayslipFigures): void {
  const paired = payslipRows(figures);
  const rows: [PrintedLine | null, PrintedLine | null][] = paired.length ? paired : [[null, null]];
  const tight = rows.length > TIGHT_FROM_ROWS;
  const size = tight ? 7.5 : SIZE;
  const star = (CW - 264 - 70 - 4.8) / 2;
  const g = new Grid(s, [44, 44, 44, star, 66, star, 66], { pad: tight ? 1 : 3, size, newPage: () => newPage(s) });
  const head = { face: 'B' as const, color: COLORS.navy };
  // Two heading rows on the band: 'Leave Details' over its three columns, the others spanning both rows.
  g.row(
    [
      { text: PAYSLIP_TEXT.leaveDetails, span: 3, align: 'center', ...head },
      ...[PAYSLIP_TEXT.salaryDetails, PAYSLIP_TEXT.amount, PAYSLIP_TEXT.deduction, PAYSLIP_TEXT.amount].map((text) => ({
        text,
        align: 'center' as const,
        down: 6,
        rowSpan: true,
        ...head,
      })),
    ],
    { fill: COLORS.band, ruleBelowTo: 3 },
  );
  const blank = { text: '' };
  g.row(
    [
      { text: PAYSLIP_TEXT.previous, align: 'center', ...head },
      { text: PAYSLIP_TEXT.current, align: 'center', ...head },
      { text: PAYSLIP_TEXT.total, align: 'center', ...head },
      blank,
      blank,
      blank,
      blank,
    ],
    { fill: COLORS.band },
  );
  const cells = (l: PrintedLine | null) => [
    { text: l ? l.label : PAYSLIP_TEXT.missingCell, wrap: !!l },
    { text: l ? amountText(l.amount) : PAYSLIP_TEXT.missingCell, align: 'right' as const },
  ];
  for (const [earning, deduction] of rows) g.row([blank, blank, blank, ...cells(earning), ...cells(deduction)]);
  g.row(
    [
      { text: PAYSLIP_TEXT.netPay, span: 6, align: 'right', ...head },
      { text: amountText(figures.rounding.rounded), align: 'right', face: 'B' },
    ],
    { fill: COLORS.band },
  );
  if (figures.netPayInWords !== null)
    g.row([{ text: `(${figures.netPayInWords})`, span: 7, align: 'right', wrap: true, face: 'I', color: COLORS.muted }]);
  g.close();
}

function arrears(s: Slip, r: PayslipRecord): void {
  if (!r.arrearsLines?.length) return;
  s.y += 6;
  const g = new Grid(s, [CW - 80 - 20 - 1.8, 80], { pad: 3, size: 8, newPage: () => newPage(s) });
  g.row(
    [
      { text: 'Arrears in this slip, by the month each belongs to', wrap: true, face: 'B', color: COLORS.navy },
      { text: 'Amount', align: 'right', face: 'B', color: COLORS.navy },
    ],
    { fill: COLORS.band },
  );
  for (const l of r.arrearsLines)
    g.row([
      { text: arrearsLabel(l), wrap: true },
      { text: amountText(toPaise(l.amount)), align: 'right' },
    ]);
  g.close();
}

function errorNotice(s: Slip, error: PayslipFiguresError): void {
  const g = new Grid(s, [CW - 10 - 1.2], { pad: 3, size: SIZE, newPage: () => newPage(s) });
  g.row([
    {
      text: PAYSLIP_TEXT.notPrepared,
      face: 'B',
      color: '#b42318',
      inset: 4,
      down: 6,
      up: 6,
      wrap: true,
      more: [{ text: error.message, face: 'R' }],
    },
  ]);
  g.close();
}

/** An image pdfkit can open, else the empty image (a bad logo never stops a payslip). */
function openable(doc: PDFKit.PDFDocument, src: string): string {
  if (src === EMPTY_IMAGE) return src;
  try {
    (doc as unknown as { openImage(src: string): unknown }).openImage(src);
    return src;
  } catch {
    return EMPTY_IMAGE;
  }
}

export interface PayslipPdfOptions extends PayslipOptions {
  /** Password protection (a payslip e-mailed to its employee: protect.ts). */
  protection?: PdfProtection;
}

/** pdfkit's output as one array of bytes. */
function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  return new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (c: Uint8Array) => chunks.push(c));
    doc.on('end', () => {
      const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        out.set(c, at);
        at += c.length;
      }
      resolve(out);
    });
    doc.on('error', reject);
  });
}

/**
 * The payslip batch as one PDF, one A4 page per record in the order given, drawn straight onto the environment's
 * pdfkit. A slip whose figures cannot be computed prints as an error page (told to `onSlipError`), the batch's
 * other slips as usual; an unusable logo or watermark prints empty.
 */
export async function drawPayslipPdf(
  env: PainterEnv,
  records: readonly PayslipRecord[],
  opts: PayslipPdfOptions = {},
): Promise<Uint8Array> {
  if (records.length === 0) throw new RangeError('A payslip batch needs at least one salary record');
  const doc = pdfkitDocument(env, {
    size: [W, H],
    margin: 0,
    autoFirstPage: false,
    bufferPages: false,
    compress: true,
    pdfVersion: '1.3',
    ...(opts.protection ? pdfkitProtection(opts.protection) : {}),
    info: { Title: PAYSLIP_TEXT.documentTitle, Subject: payslipFileName(records), Producer: 'HR documents', Creator: 'HR documents' },
    // pdfkit's default font (Helvetica) is read from files the browser build does not carry; the painter sets its own.
    font: null,
  } as unknown as PDFKit.PDFDocumentOptions);
  const done = collect(doc);
  const s: Slip = {
    p: new Painter(doc, env),
    doc,
    logo: openable(doc, opts.logo === undefined ? DEFAULT_LOGO_PNG : usableImage(opts.logo)),
    watermark: openable(doc, opts.watermark === undefined ? DEFAULT_WATERMARK_PNG : usableImage(opts.watermark)),
    y: TOP,
  };
  records.forEach((r, index) => {
    newPage(s);
    header(s, r);
    details(s, r);
    try {
      salaryTable(s, payslipFigures(r.salaryProcessDetailRequestList ?? []));
    } catch (error) {
      if (!(error instanceof PayslipFiguresError)) throw error;
      opts.onSlipError?.(r, index, error);
      errorNotice(s, error);
    }
    arrears(s, r);
  });
  doc.end();
  return done;
}
