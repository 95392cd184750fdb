import type { TEmployeeSalaryRecord, TSalaryHead } from '@hr/contract';
import { amountInWords, monthName, type NetPayRounding, type Paise, roundNetPay, toPaise } from '@hr/payroll';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { amountText, baseDocument, COLORS, GRID, rule, stripCarriageReturns } from './common';
import { payslipFileName } from './filenames';
import { DEFAULT_LOGO_PNG, DEFAULT_WATERMARK_PNG, usableImage } from './images';

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
} as const;

/** The deduction head that is added back into the intermediate net-pay figure (spec section 9). */
export const HEAD_ADDED_TO_INTERMEDIATE_NET_PAY = 41;

export interface PayslipLine {
  label: string;
  amount: Paise;
}

export interface PayslipFigures {
  /** Earning, printed heads other than the net-pay head, then 'Round Off' when the difference is positive. */
  earnings: PayslipLine[];
  /** Printed non-earning heads, then 'Round Off' (absolute value) when the difference is negative. */
  deductions: PayslipLine[];
  /** Earnings and deductions paired row by row; null where one side has run out ('--'). */
  rows: [PayslipLine | null, PayslipLine | null][];
  /** The net-pay head's amount; 0 without a net-pay head. */
  netPay: Paise;
  /** Rounding of the net pay to the nearest 10 (all zero without a net-pay head). */
  rounding: NetPayRounding;
  /** Net pay plus the amount of deduction head 41: computed as the spec asks, never printed. */
  intermediateNetPay: Paise;
}

const line = (head: TSalaryHead): PayslipLine => ({
  label: stripCarriageReturns(head.earningDeductionPrintName),
  amount: toPaise(head.amount),
});

/** Every figure of one payslip, separate from its layout so each rule can be tested on its own. */
export function payslipFigures(record: TEmployeeSalaryRecord): PayslipFigures {
  const heads = record.salaryProcessDetailRequestList ?? [];
  const earnings = heads.filter((h) => h.isEarning && h.isPrinted && !h.isNetPayHead).map(line);
  const deductions = heads.filter((h) => h.isPrinted && !h.isEarning).map(line);

  const netPayHead = heads.find((h) => h.isNetPayHead);
  // No net-pay head, or a round-off that cannot be computed (an amount that is not a number), yields 0 (spec section 8).
  const rounding = roundNetPay(netPayHead?.amount);
  const netPay = rounding.netPay;
  if (rounding.side === 'earnings') earnings.push({ label: PAYSLIP_TEXT.roundOff, amount: rounding.roundOffAmount });
  if (rounding.side === 'deductions') deductions.push({ label: PAYSLIP_TEXT.roundOff, amount: rounding.roundOffAmount });

  const head41 = heads.find((h) => h.earningDeductionId === HEAD_ADDED_TO_INTERMEDIATE_NET_PAY && !h.isEarning);
  const intermediateNetPay = netPay + (head41 ? toPaise(head41.amount) : 0n);

  const rows: PayslipFigures['rows'] = [];
  for (let i = 0; i < Math.max(earnings.length, deductions.length); i++) rows.push([earnings[i] ?? null, deductions[i] ?? null]);
  return { earnings, deductions, rows, netPay, rounding, intermediateNetPay };
}

export interface PayslipOptions {
  /** Organisation logo as a PNG/JPEG data URL; the default emblem when omitted; an unusable one prints empty. */
  logo?: string | null;
  /** Watermark behind the salary table, same rules as the logo. */
  watermark?: string | null;
}

/** Rows of heads from which the salary table is set in a smaller size (about 30 fit an A4 page at the normal size). */
const TIGHT_FROM_ROWS = 26;

const orDash = (value: string | null | undefined): string => (value?.trim() ? value : PAYSLIP_TEXT.missingCell);
const CONTENT_WIDTH = 595.28 - 2 * 36;

function header(record: TEmployeeSalaryRecord): Content {
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

function detailsTable(record: TEmployeeSalaryRecord): Content {
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
          value(orDash(record.payModeName)),
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
  const cells = (l: PayslipLine | null): TableCell[] =>
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
  const rows = figures.rows.length ? figures.rows : [[null, null] as [null, null]];
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
  if (rounded >= 0n) {
    body.push([
      { text: `(${amountInWords(rounded)})`, colSpan: 7, italics: true, alignment: 'right', color: COLORS.muted },
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

function payslipPage(record: TEmployeeSalaryRecord, first: boolean): Content {
  const figures = payslipFigures(record);
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
      salaryTable(figures),
    ],
  };
}

/** The payslip batch: one A4 page per employee record, in the order given. */
export function buildPayslipDoc(records: readonly TEmployeeSalaryRecord[], opts: PayslipOptions = {}): TDocumentDefinitions {
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
    content: records.map((r, i) => payslipPage(r, i === 0)),
  };
}
