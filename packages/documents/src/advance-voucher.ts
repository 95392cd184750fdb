import { DEFAULT_TIME_ZONE, formatDateDMY, monthName } from '@hr/calendar';
import { PAY_MODE_BANK_ID, type TSalaryAdvance } from '@hr/contract';
import { amountInWords, toPaise } from '@hr/payroll';
import type { Column, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { amountText, baseDocument, COLORS, GRID, rule } from './common';

/** Texts of the salary / wages advance voucher, exactly as the spec writes them. */
export const VOUCHER_TEXT = {
  title: 'SALARY / WAGES ADVANCE VOUCHER',
  voucherNo: 'Voucher No',
  voucherDate: 'Voucher Date',
  columns: ['Sl.no.', 'Account Name:', 'Salary/Wages Advance', 'Debit(Rs.)', 'Credit(Rs.)'],
  instalments: 'No. Of Inst.',
  instalmentAmount: 'Inst. Amount',
  deductionStart: (month: number, year: number) => `Ded. Start From Month: ${monthName(month)} / ${year}`,
  chequeNo: 'Cash/Check/DD no:',
  note: 'Note',
  amountInFigures: 'Amount in figures',
  amountInWords: 'Amount in words',
  amountPaidIn: 'Amount paid in',
  revenueStamp: 'Revenue Stamp',
  signatures: ['Prepared By', 'Passed By', 'Received By'],
  missing: 'N/A',
} as const;

/** 'Through Bank' for pay mode 2, 'Through Cash' for any other value, 'N/A' when absent. */
export function paymentModeText(payModeId: number | null | undefined): string {
  if (payModeId === null || payModeId === undefined) return VOUCHER_TEXT.missing;
  return payModeId === PAY_MODE_BANK_ID ? 'Through Bank' : 'Through Cash';
}

export interface AdvanceVoucherOptions {
  /** The organisation's fixed name and city printed at the top. */
  companyName?: string;
  city?: string;
  /** Voucher date; default now, as a date in the time zone (default Asia/Kolkata). */
  now?: Date;
  timeZone?: string;
}

const WIDTH = 595.28 - 2 * 40;

/** A single-page voucher for one salary / wages advance. */
export function buildAdvanceVoucherDoc(advance: TSalaryAdvance, opts: AdvanceVoucherOptions = {}): TDocumentDefinitions {
  const amount = toPaise(advance.advanceAmount);
  // A paid advance's voucher carries its number and date; before payment the number is blank and the date today.
  const today = advance.voucherDate
    ? advance.voucherDate.split('-').reverse().join('/')
    : formatDateDMY(opts.now ?? new Date(), opts.timeZone ?? DEFAULT_TIME_ZONE);
  const cheque = advance.chequeNo
    ? `${advance.chequeNo}${advance.chequeDate ? ` dt. ${advance.chequeDate.split('-').reverse().join('/')}` : ''}`
    : '';
  const head = (text: string): TableCell => ({ text, bold: true, color: COLORS.navy, fillColor: COLORS.band, alignment: 'center' });
  const body: TableCell[][] = [
    VOUCHER_TEXT.columns.map(head),
    ['1', { text: advance.employeeName, colSpan: 2, bold: true }, {}, { text: amountText(amount), alignment: 'right' }, ''],
    ['', VOUCHER_TEXT.instalments, String(advance.noOfEMIs), '', ''],
    ['', VOUCHER_TEXT.instalmentAmount, amountText(toPaise(advance.monthlyEMI)), '', ''],
    ['', { text: VOUCHER_TEXT.deductionStart(advance.effectiveMonth, advance.effectiveYear), colSpan: 2 }, {}, '', ''],
    ['', { text: `${VOUCHER_TEXT.chequeNo} ${cheque}`.trim(), colSpan: 2 }, {}, '', ''],
  ];
  const field = (label: string, value: string): TableCell[] => [{ text: label, bold: true, color: COLORS.navy }, { text: `: ${value}` }];
  const signature = (label: string): Column => ({
    width: '*',
    stack: [
      { canvas: [{ type: 'line', x1: 10, y1: 0, x2: 130, y2: 0, lineWidth: 0.6, lineColor: COLORS.ink }] },
      { text: label, margin: [10, 4, 0, 0] },
    ],
  });
  return {
    ...baseDocument(),
    info: { title: 'Salary Advance Voucher' },
    pageMargins: [40, 40, 40, 40],
    content: [
      { text: opts.companyName ?? 'HR Payroll Demo Organisation', alignment: 'center', fontSize: 16, bold: true, color: COLORS.navy },
      { text: opts.city ?? 'Bengaluru', alignment: 'center', fontSize: 10, color: COLORS.muted, margin: [0, 2, 0, 6] },
      rule(WIDTH),
      { text: VOUCHER_TEXT.title, alignment: 'center', bold: true, fontSize: 11, margin: [0, 8, 0, 10], characterSpacing: 0.5 },
      {
        columns: [
          { text: [{ text: `${VOUCHER_TEXT.voucherNo} : `, bold: true }, advance.voucherNo || '____________'], width: '*' },
          { text: [{ text: `${VOUCHER_TEXT.voucherDate} : `, bold: true }, today], width: 'auto' },
        ],
        margin: [0, 0, 0, 8],
      },
      { layout: GRID, table: { headerRows: 1, widths: [36, 110, '*', 80, 80], body } },
      {
        margin: [0, 12, 0, 0],
        layout: 'noBorders',
        table: {
          widths: [100, '*'],
          body: [
            field(VOUCHER_TEXT.note, advance.remarks?.trim() ? advance.remarks : VOUCHER_TEXT.missing),
            field(VOUCHER_TEXT.amountInFigures, amountText(amount)),
            field(VOUCHER_TEXT.amountInWords, amountInWords(amount)),
            field(VOUCHER_TEXT.amountPaidIn, paymentModeText(advance.payModeId)),
          ],
        },
      },
      {
        margin: [0, 14, 0, 0],
        columns: [
          { width: '*', text: '' },
          {
            width: 90,
            table: {
              widths: [78],
              heights: [70],
              body: [[{ text: VOUCHER_TEXT.revenueStamp, alignment: 'center', color: COLORS.muted, margin: [0, 26, 0, 0] }]],
            },
            layout: { ...GRID, hLineStyle: () => ({ dash: { length: 3 } }), vLineStyle: () => ({ dash: { length: 3 } }) },
          },
        ],
      },
      { margin: [0, 36, 0, 0], columns: VOUCHER_TEXT.signatures.map(signature) },
    ],
  };
}
