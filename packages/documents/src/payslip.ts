import { monthName } from '@hr/calendar';
import type { TEmployeeSalaryRecord } from '@hr/contract';
import { type Paise, type PayslipFigures, PayslipFiguresError, type PayslipHead, type PayslipLine, payslipFigures } from '@hr/payroll';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { amountText, baseDocument, COLORS, GRID, rule, stripCarriageReturns } from './common';
import { payslipFileName } from './filenames';
import { DEFAULT_LOGO_PNG, DEFAULT_WATERMARK_PNG, usableImage } from './images';
import { arrearsTable } from './payslip-arrears';

/** Texts of the payslip, exactly as the spec writes them (including 'Payble'). */
export const PAYSLIP_TEXT = {
  documentTitle: 'Payslip Statement',
  titleLine: (month: number, year: number) => `PAYSLIP FOR THE MONTH OF - ${monthName(month).toUpperCase()} / ${year}`,
  employeeName: 'Employee Name',
  unitName: 'Unit Name',
  employeeCode: 'Employee Code',
  modeOfPayment: 'Mode Of Payment',
  designation: 'Designation',
  uanNo: 'UAN No',
  leaveDetails: 'Leave Details',
  previous: 'Previous',
  current: 'Current',
  total: 'Total',
  salaryDetails: 'Salary Details',
  amount: 'Amount',
  deduction: 'Deduction',
  netPay: 'Net INR Payble(Round off)',
  roundOff: 'Round Off',
  footer: 'This is system generated document and does not require signature',
  missingCell: '--',
  missingUan: 'N/A',
  notPrepared: 'This payslip could not be prepared:',
} as const;

/** A salary record as the payslip reads it: a head's amount may be anything, and a slip whose heads cannot be read prints as an error page. */
export type PayslipRecord = Omit<TEmployeeSalaryRecord, 'salaryProcessDetailRequestList'> & {
  salaryProcessDetailRequestList: readonly PayslipHead[];
};

/** A line as the salary table prints it. */
export interface PrintedLine {
  label: string;
  amount: Paise;
}

const printed = (l: PayslipLine): PrintedLine => ({
  label: l.kind === 'roundOff' ? PAYSLIP_TEXT.roundOff : stripCarriageReturns(l.printName),
  amount: l.amount,
});

/** The salary table's rows: earnings and deductions paired row by row, null where one side has run out ('--'). */
export function payslipRows(figures: PayslipFigures): [PrintedLine | null, PrintedLine | null][] {
  const earnings = figures.earnings.map(printed);
  const deductions = figures.deductions.map(printed);
  const rows: [PrintedLine | null, PrintedLine | null][] = [];
  for (let i = 0; i < Math.max(earnings.length, deductions.length); i++) rows.push([earnings[i] ?? null, deductions[i] ?? null]);
  return rows;
}

export interface PayslipOptions {
  /** Organisation logo as a PNG/JPEG data URL; the default emblem when omitted; an unusable one prints empty. */
  logo?: string | null;
  /** Watermark behind the salary table, same rules as the logo. */
  watermark?: string | null;
  /** Told of each slip whose figures cannot be computed; that slip prints as an error page, the others as usual. */
  onSlipError?: (record: PayslipRecord, index: number, error: PayslipFiguresError) => void;
}

/** Rows of heads from which the salary table is set in a smaller size (about 30 fit an A4 page at the normal size). */
const TIGHT_FROM_ROWS = 26;

const orDash = (value: string | null | undefined): string => (value?.trim() ? value : PAYSLIP_TEXT.missingCell);
const CONTENT_WIDTH = 595.28 - 2 * 36;

function header(record: PayslipRecord): Content {
  return {
    columns: [
      { image: 'logo', width: 58, height: 58 },
      {
        width: '*',
        alignment: 'center',
        margin: [8, 6, 8, 0],
        stack: [
          { text: record.companyName, fontSize: 15, bold: true, color: COLORS.navy },
          { text: record.compamyAddress ?? '', fontSize: 9, color: COLORS.muted, margin: [0, 3, 0, 0] },
        ],
      },
      { image: 'logo', width: 58, height: 58 },
    ],
  };
}

function detailsTable(record: PayslipRecord): Content {
  const label = (text: string): TableCell => ({ text, bold: true, color: COLORS.navy, noWrap: true });
  const value = (text: string): TableCell => ({ text: `: ${text}` });
  return {
    margin: [0, 8, 0, 8],
    layout: 'noBorders',
    table: {
      widths: [88, '*', 88, '*'],
      body: [
        [
          label(PAYSLIP_TEXT.employeeName),
          value(orDash(record.name)),
          label(PAYSLIP_TEXT.employeeCode),
          value(orDash(record.employeeCode)),
        ],
        [
          label(PAYSLIP_TEXT.unitName),
          value(orDash(record.unitName)),
          label(PAYSLIP_TEXT.designation),
          value(orDash(record.designationName)),
        ],
        [
          label(PAYSLIP_TEXT.modeOfPayment),
          value(record.paymentStatus ? `${orDash(record.payModeName)} · ${record.paymentStatus}` : orDash(record.payModeName)),
          label(PAYSLIP_TEXT.uanNo),
          value(record.uanNo?.trim() ? record.uanNo : PAYSLIP_TEXT.missingUan),
        ],
      ],
    },
  };
}

function salaryTable(figures: PayslipFigures): Content {
  const head = (text: string, extra: Record<string, unknown> = {}): TableCell =>
    ({
      text,
      bold: true,
      color: COLORS.navy,
      fillColor: COLORS.band,
      alignment: 'center',
      noWrap: true,
      ...extra,
    }) as TableCell;
  const cells = (l: PrintedLine | null): TableCell[] =>
    l
      ? [{ text: l.label }, { text: amountText(l.amount), alignment: 'right', noWrap: true }]
      : [
          { text: PAYSLIP_TEXT.missingCell, noWrap: true },
          { text: PAYSLIP_TEXT.missingCell, alignment: 'right', noWrap: true },
        ];
  const body: TableCell[][] = [
    [
      head(PAYSLIP_TEXT.leaveDetails, { colSpan: 3 }),
      {},
      {},
      head(PAYSLIP_TEXT.salaryDetails, { rowSpan: 2, margin: [0, 6, 0, 0] }),
      head(PAYSLIP_TEXT.amount, { rowSpan: 2, margin: [0, 6, 0, 0] }),
      head(PAYSLIP_TEXT.deduction, { rowSpan: 2, margin: [0, 6, 0, 0] }),
      head(PAYSLIP_TEXT.amount, { rowSpan: 2, margin: [0, 6, 0, 0] }),
    ],
    [head(PAYSLIP_TEXT.previous), head(PAYSLIP_TEXT.current), head(PAYSLIP_TEXT.total), {}, {}, {}, {}],
  ];
  const paired = payslipRows(figures);
  const rows = paired.length ? paired : [[null, null] as [null, null]];
  const empty: TableCell = { text: '', noWrap: true };
  for (const [earning, deduction] of rows) body.push([empty, empty, empty, ...cells(earning), ...cells(deduction)]);
  const rounded = figures.rounding.rounded;
  body.push([
    { text: PAYSLIP_TEXT.netPay, colSpan: 6, bold: true, alignment: 'right', fillColor: COLORS.band, color: COLORS.navy, noWrap: true },
    {},
    {},
    {},
    {},
    {},
    { text: amountText(rounded), bold: true, alignment: 'right', fillColor: COLORS.band, noWrap: true },
  ]);
  if (figures.netPayInWords !== null) {
    body.push([
      { text: `(${figures.netPayInWords})`, colSpan: 7, italics: true, alignment: 'right', color: COLORS.muted },
      {},
      {},
      {},
      {},
      {},
      {},
    ]);
  }
  // One page per employee: an unusually long list of heads is set tighter instead of running onto a second page.
  const tight = rows.length > TIGHT_FROM_ROWS;
  return {
    layout: tight ? { ...GRID, paddingTop: () => 1, paddingBottom: () => 1 } : GRID,
    fontSize: tight ? 7.5 : undefined,
    table: { dontBreakRows: true, widths: [44, 44, 44, '*', 66, '*', 66], body },
  };
}

/** The red notice that takes the salary table's place on a slip whose figures cannot be computed. */
function errorNotice(error: PayslipFiguresError): Content {
  return {
    layout: GRID,
    table: {
      widths: ['*'],
      body: [
        [{ margin: [4, 6, 4, 6], color: '#b42318', stack: [{ text: PAYSLIP_TEXT.notPrepared, bold: true }, { text: error.message }] }],
      ],
    },
  };
}

function payslipPage(record: PayslipRecord, first: boolean, body: Content): Content {
  return {
    pageBreak: first ? undefined : 'before',
    stack: [
      header(record),
      { stack: [rule(CONTENT_WIDTH)], margin: [0, 8, 0, 0] },
      {
        margin: [0, 8, 0, 0],
        table: {
          widths: ['*'],
          body: [
            [
              {
                text: PAYSLIP_TEXT.titleLine(record.month, record.year),
                bold: true,
                fontSize: 11,
                color: '#ffffff',
                fillColor: COLORS.navy,
                alignment: 'center',
                noWrap: true,
                margin: [0, 3, 0, 3],
              },
            ],
          ],
        },
        layout: 'noBorders',
      },
      detailsTable(record),
      body,
      ...(record.arrearsLines?.length ? [arrearsTable(record.arrearsLines) as Content] : []),
    ],
  };
}

/** One slip: its salary table from the payroll figures, or an error page when a head's amount cannot be read. */
function slip(record: PayslipRecord, index: number, opts: PayslipOptions): Content {
  let body: Content;
  try {
    body = salaryTable(payslipFigures(record.salaryProcessDetailRequestList ?? []));
  } catch (error) {
    if (!(error instanceof PayslipFiguresError)) throw error;
    opts.onSlipError?.(record, index, error);
    body = errorNotice(error);
  }
  return payslipPage(record, index === 0, body);
}

/**
 * The payslip batch: one A4 page per employee record, in the order given, laying out the figures
 * @hr/payroll computes. A slip with a head amount that is not a number prints as an error page (and is
 * reported to `onSlipError`); the batch's other slips print as usual.
 */
export function buildPayslipDoc(records: readonly PayslipRecord[], opts: PayslipOptions = {}): TDocumentDefinitions {
  if (records.length === 0) throw new RangeError('A payslip batch needs at least one salary record');
  const logo = opts.logo === undefined ? DEFAULT_LOGO_PNG : usableImage(opts.logo);
  const watermark = opts.watermark === undefined ? DEFAULT_WATERMARK_PNG : usableImage(opts.watermark);
  return {
    ...baseDocument(),
    info: { title: PAYSLIP_TEXT.documentTitle, subject: payslipFileName(records) },
    pageMargins: [36, 30, 36, 48],
    images: { logo, watermark },
    background: (_page, size) => ({
      image: 'watermark',
      width: 260,
      opacity: 0.07,
      absolutePosition: { x: (size.width - 260) / 2, y: 200 },
    }),
    footer: () => ({
      margin: [36, 14, 36, 0],
      stack: [
        rule(CONTENT_WIDTH, COLORS.rule, 0.6),
        {
          text: PAYSLIP_TEXT.footer,
          alignment: 'center',
          italics: true,
          fontSize: 8,
          color: COLORS.muted,
          margin: [0, 4, 0, 0],
          noWrap: true,
        },
      ],
    }),
    content: records.map((r, i) => slip(r, i, opts)),
  };
}
