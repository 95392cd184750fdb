import { formatINR, type Paise } from '@hr/payroll';
import type { Content, CustomTableLayout, TDocumentDefinitions } from 'pdfmake/interfaces';
import { FONT_FAMILY } from './fonts';

/** Ink and paper of every document: navy headings, gold accents, soft grey rules. */
export const COLORS = {
  ink: '#1b2430',
  navy: '#1f3a5f',
  gold: '#c8962e',
  muted: '#5b6675',
  rule: '#8f9baa',
  band: '#e9eef4',
} as const;

/** Amount cell text: en-IN grouping, always 2 decimals, no rupee sign (the column says the currency). */
export const amountText = (value: Paise): string => formatINR(value);

/** Print names may carry carriage returns (spec section 3); they are removed before printing. */
export const stripCarriageReturns = (text: string): string => text.replace(/\r/g, '');

/** Thin grey grid used by the tables. */
export const GRID: CustomTableLayout = {
  hLineWidth: () => 0.6,
  vLineWidth: () => 0.6,
  hLineColor: () => COLORS.rule,
  vLineColor: () => COLORS.rule,
  paddingLeft: () => 5,
  paddingRight: () => 5,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

export const baseDocument = (): Pick<TDocumentDefinitions, 'pageSize' | 'defaultStyle' | 'compress'> => ({
  pageSize: 'A4',
  defaultStyle: { font: FONT_FAMILY, fontSize: 9, color: COLORS.ink, lineHeight: 1.1 },
  compress: true,
});

/** A horizontal rule across the content width (A4 portrait minus the margins given). */
export const rule = (width: number, color: string = COLORS.gold, lineWidth = 1.2): Content => ({
  canvas: [{ type: 'line', x1: 0, y1: 0, x2: width, y2: 0, lineWidth, lineColor: color }],
});
