import type { TIdCard, TIdCardBatch } from '@hr/contract';
import type { CanvasElement, Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import QRCode from 'qrcode';
import { DEFAULT_LOGO_PNG } from './assets/default-images';
import { COLORS } from './common';
import { FONT_FAMILY } from './fonts';
import { EMPTY_IMAGE, usableImage } from './images';

/** CR80 (ISO/IEC 7810 ID-1) card, portrait: 53.98 mm × 85.6 mm in points. */
export const CARD_WIDTH = (53.98 / 25.4) * 72;
export const CARD_HEIGHT = (85.6 / 25.4) * 72;
const A4 = { width: 595.28, height: 841.89 };
const GAP = 14;
/** Cards per A4 sheet: 3 across, 3 down. */
export const CARDS_PER_A4 = { cols: 3, rows: 3 } as const;

export type IdCardLayout = 'card' | 'a4';

/**
 * The QR code of a text as canvas rectangles (one per horizontal run of dark modules), so the PDF
 * needs no image decoder and stays sharp at any zoom.
 */
export function qrCanvas(text: string, size: number, x = 0, y = 0): CanvasElement[] {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 1;
  const cell = size / (n + quiet * 2);
  const out: CanvasElement[] = [{ type: 'rect', x, y, w: size, h: size, color: '#ffffff' }];
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!qr.modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && qr.modules.get(r, c)) c++;
      out.push({
        type: 'rect',
        x: x + (start + quiet) * cell,
        y: y + (r + quiet) * cell,
        w: (c - start) * cell + 0.05,
        h: cell + 0.05,
        color: '#000000',
      });
    }
  }
  return out;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');

/** A block of content placed at (x, y) on the page with a fixed width. */
const at = (x: number, y: number, width: number, stack: Content[]): Content => ({
  absolutePosition: { x, y },
  columns: [{ width, stack }],
});

const canvasAt = (x: number, y: number, canvas: CanvasElement[]): Content => ({ absolutePosition: { x, y }, canvas });

function front(card: TIdCard, batch: TIdCardBatch, x: number, y: number): Content[] {
  const W = CARD_WIDTH;
  const H = CARD_HEIGHT;
  const logo = usableImage(batch.logo ?? DEFAULT_LOGO_PNG);
  const usable = card.photo ? usableImage(card.photo) : EMPTY_IMAGE;
  const photo = usable === EMPTY_IMAGE ? null : usable;
  const photoW = 62;
  const photoH = 74;
  const px = x + (W - photoW) / 2;
  const py = y + 50;
  const out: Content[] = [
    canvasAt(x, y, [
      { type: 'rect', x: 0, y: 0, w: W, h: H, r: 6, color: '#ffffff', lineColor: '#c9d1db', lineWidth: 0.5 },
      { type: 'rect', x: 0, y: 0, w: W, h: 42, color: COLORS.navy },
      { type: 'rect', x: 0, y: 42, w: W, h: 2.5, color: COLORS.gold },
      { type: 'rect', x: 0, y: H - 8, w: W, h: 8, color: COLORS.navy },
      { type: 'rect', x: px - x - 2, y: py - y - 2, w: photoW + 4, h: photoH + 4, color: COLORS.gold },
      { type: 'rect', x: px - x, y: py - y, w: photoW, h: photoH, color: COLORS.band },
    ]),
    { image: logo, width: 28, height: 28, absolutePosition: { x: x + 7, y: y + 7 } },
    at(x + 40, y + 8, W - 46, [{ text: clip(batch.organisationName, 70), color: '#ffffff', bold: true, fontSize: 6.6, lineHeight: 1.05 }]),
  ];
  if (photo) out.push({ image: photo, width: photoW, height: photoH, absolutePosition: { x: px, y: py } });
  else
    out.push(at(px, py + 24, photoW, [{ text: initials(card.name), alignment: 'center', fontSize: 20, bold: true, color: COLORS.muted }]));
  out.push(
    at(x + 6, y + 132, W - 12, [
      { text: clip(card.name, 40), alignment: 'center', bold: true, fontSize: card.name.length > 24 ? 8.5 : 10, color: COLORS.ink },
      { text: card.designation, alignment: 'center', fontSize: 7.5, color: COLORS.navy, margin: [0, 2, 0, 0] },
      { text: card.unit, alignment: 'center', fontSize: 6.5, color: COLORS.muted, margin: [0, 1, 0, 0] },
    ]),
    at(x + 10, y + 178, 70, [
      { text: 'Employee Code', fontSize: 5.5, color: COLORS.muted },
      { text: card.employeeCode, fontSize: 8.5, bold: true, color: COLORS.ink },
      { text: 'Blood Group', fontSize: 5.5, color: COLORS.muted, margin: [0, 4, 0, 0] },
      { text: card.bloodGroup ?? '—', fontSize: 8.5, bold: true, color: '#b91c1c' },
    ]),
    canvasAt(x + W - 10 - 46, y + 176, qrCanvas(card.employeeCode, 46)),
  );
  return out;
}

const FOOTER = 40;
const clip = (t: string, max: number) => (t.length > max ? `${t.slice(0, max - 1)}…` : t);

function back(card: TIdCard, batch: TIdCardBatch, x: number, y: number): Content[] {
  const W = CARD_WIDTH;
  const H = CARD_HEIGHT;
  const label = (t: string): Content => ({
    text: t.toUpperCase(),
    fontSize: 5.2,
    color: COLORS.muted,
    characterSpacing: 0.3,
    margin: [0, 5, 0, 1],
  });
  const value = (t: string): Content => ({ text: t, fontSize: 7, color: COLORS.ink, lineHeight: 1.1 });
  return [
    canvasAt(x, y, [
      { type: 'rect', x: 0, y: 0, w: W, h: H, r: 6, color: '#ffffff', lineColor: '#c9d1db', lineWidth: 0.5 },
      { type: 'rect', x: 0, y: 0, w: W, h: 8, color: COLORS.navy },
      { type: 'rect', x: 0, y: H - FOOTER, w: W, h: FOOTER, color: COLORS.band },
      { type: 'line', x1: W - 70, y1: H - FOOTER - 18, x2: W - 10, y2: H - FOOTER - 18, lineWidth: 0.5, lineColor: COLORS.rule },
    ]),
    at(x + 10, y + 14, W - 20, [
      label('Address'),
      value(clip(card.address, 150)),
      label('Emergency contact'),
      value(clip(card.emergencyContact, 90)),
      label('Mobile'),
      value(card.mobile),
      label('Valid till'),
      { text: card.validUntil, fontSize: 8, bold: true, color: COLORS.navy },
    ]),
    at(x + W - 80, y + H - FOOTER - 16, 70, [{ text: 'Authorised Signatory', fontSize: 5.5, alignment: 'center', color: COLORS.muted }]),
    // Everything must stay inside the card: content past its bottom edge would start a new page.
    at(x + 8, y + H - FOOTER + 3, W - 16, [
      { text: 'If found, please return to', fontSize: 5.2, color: COLORS.muted, alignment: 'center' },
      { text: clip(batch.organisationName, 70), fontSize: 5.8, bold: true, alignment: 'center', color: COLORS.navy, lineHeight: 1 },
      { text: clip(batch.organisationAddress, 110), fontSize: 4.6, alignment: 'center', color: COLORS.muted, lineHeight: 1 },
    ]),
  ];
}

/** An empty flow element starting a new page (absolutely placed content goes on the current page). */
const newPage = (first: boolean): Content => (first ? { text: '' } : { text: '', pageBreak: 'before' });

/**
 * ID cards as a PDF definition.
 * - 'card': CR80 pages, the front of each card followed by its back (for card printers).
 * - 'a4': nine cards a sheet with light cut borders; each sheet of fronts is followed by a sheet of
 *   backs with the columns mirrored, so duplex printing (long-edge flip) puts each back behind its front.
 */
export function buildIdCardDoc(batch: TIdCardBatch, layout: IdCardLayout = 'card'): TDocumentDefinitions {
  if (batch.cards.length === 0) throw new RangeError('No employee to print an ID card for');
  const content: Content[] = [];
  if (layout === 'card') {
    batch.cards.forEach((card, i) => {
      content.push(newPage(i === 0), ...front(card, batch, 0, 0));
      content.push(newPage(false), ...back(card, batch, 0, 0));
    });
  } else {
    const { cols, rows } = CARDS_PER_A4;
    const per = cols * rows;
    const x0 = (A4.width - (cols * CARD_WIDTH + (cols - 1) * GAP)) / 2;
    const y0 = (A4.height - (rows * CARD_HEIGHT + (rows - 1) * GAP)) / 2;
    const slot = (i: number, mirrored: boolean) => {
      const r = Math.floor(i / cols);
      const c = mirrored ? cols - 1 - (i % cols) : i % cols;
      return { x: x0 + c * (CARD_WIDTH + GAP), y: y0 + r * (CARD_HEIGHT + GAP) };
    };
    for (let start = 0; start < batch.cards.length; start += per) {
      const sheet = batch.cards.slice(start, start + per);
      content.push(newPage(start === 0));
      sheet.forEach((card, i) => {
        const s = slot(i, false);
        content.push(...front(card, batch, s.x, s.y));
      });
      content.push(newPage(false));
      sheet.forEach((card, i) => {
        const s = slot(i, true);
        content.push(...back(card, batch, s.x, s.y));
      });
    }
  }
  return {
    pageSize: layout === 'card' ? { width: CARD_WIDTH, height: CARD_HEIGHT } : 'A4',
    pageMargins: [0, 0, 0, 0],
    defaultStyle: { font: FONT_FAMILY, fontSize: 7, color: COLORS.ink },
    info: { title: batch.cards.length === 1 ? `ID card ${batch.cards[0].employeeCode}` : 'ID cards' },
    compress: true,
    content,
  };
}

/** 'ID_Card_{code}.pdf' for one card, 'ID_Cards_{unit}.pdf' for a batch (letters, digits, - and _ only). */
export function idCardFileName(batch: TIdCardBatch): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '');
  if (batch.cards.length === 1) return `ID_Card_${clean(batch.cards[0].employeeCode)}.pdf`;
  return `ID_Cards_${clean([...new Set(batch.cards.map((c) => c.unit))].join('_')) || 'Batch'}.pdf`;
}
