// The organisation's second payslip layout (issue 26): the wage slip an employer issues under section 50(3) of the
// Code on Wages, 2019 in the form the Code on Wages (Central) Rules prescribe — establishment and wage period, the
// employee's particulars (father's name, designation, date of joining, PAN, UAN, ESI number, bank account), the days
// in the period, paid and lost (loss of pay), the wages earned head by head with the gross, the deductions with their
// total, the net wages paid (rounded as the payslip rounds, with the exact net and the round-off), the leave of the
// year and the date of payment. Built from the same salary record as the payslip (payslip.ts stays as specified).
import { monthName } from '@hr/calendar';
import type { TWageSlipDetails } from '@hr/contract';
import { type PayslipFigures, PayslipFiguresError, payslipFigures, toPaise } from '@hr/payroll';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { amountText, baseDocument, COLORS, GRID, rule } from './common';
import { payslipFileName } from './filenames';
import { DEFAULT_LOGO_PNG, usableImage } from './images';
import { type PayslipOptions, type PayslipRecord, type PrintedLine, payslipRows } from './payslip';
import { arrearsTable } from './payslip-arrears';

export const WAGE_SLIP_TEXT = {
  documentTitle: 'Wage Slip',
  title: 'WAGE SLIP',
  law: 'Section 50(3) of the Code on Wages, 2019 read with the Code on Wages (Central) Rules',
  establishment: 'Name of the establishment',
  wagePeriod: 'Wage period',
  employeeName: 'Name of the employee',
  employeeCode: 'Employee code',
  fatherName: "Father's / husband's name",
  designation: 'Designation',
  dateOfJoining: 'Date of joining',
  pan: 'PAN',
  uan: 'UAN',
  esi: 'ESI number',
  bank: 'Bank account',
  payMode: 'Mode of payment',
  daysInPeriod: 'Days in the wage period',
  paidDays: 'Paid days',
  lopDays: 'Loss-of-pay days',
  earnings: 'Wages earned',
  deductions: 'Deductions',
  amount: 'Amount (₹)',
  gross: 'Gross earnings',
  totalDeductions: 'Total deductions',
  netExact: 'Net wages',
  roundOff: 'Round off',
  netPaid: 'Net wages paid',
  leave: 'Leave of the year',
  leaveType: 'Leave type',
  credited: 'Credited',
  taken: 'Taken',
  balance: 'Balance',
  noLeave: 'No leave on record',
  paymentDate: 'Date of payment',
  pending: 'Pending',
  footer: 'This is a system generated wage slip and does not require signature',
  missing: '-',
  notPrepared: 'This wage slip could not be prepared:',
} as const;

const CONTENT_WIDTH = 595.28 - 2 * 36;
const dash = (v: string | null | undefined): string => (v?.trim() ? v.trim() : WAGE_SLIP_TEXT.missing);
const dmy = (iso: string | null | undefined): string =>
  iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10).split('-').reverse().join('/') : '-';
const days = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));
const rupees = (n: number): string => amountText(toPaise(n));

/** The wage period of a month: '01/10/2026 to 31/10/2026'. */
export function wagePeriod(month: number, year: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return `01/${mm}/${year} to ${last}/${mm}/${year}`;
}

/** The bank account as printed: bank name, account number and IFSC, or '-' without an account. */
export function bankAccountText(w: Pick<TWageSlipDetails, 'bankName' | 'bankAccountNo' | 'ifsc'> | null | undefined): string {
  if (!w?.bankAccountNo?.trim()) return WAGE_SLIP_TEXT.missing;
  return [w.bankName?.trim(), w.bankAccountNo.trim(), w.ifsc?.trim() ? `IFSC ${w.ifsc.trim()}` : null].filter(Boolean).join(', ');
}

function particulars(record: PayslipRecord): Content {
  const w = record.wageSlip;
  const label = (text: string): TableCell => ({ text, bold: true, color: COLORS.navy });
  const value = (text: string): TableCell => ({ text });
  const rows: [string, string, string, string][] = [
    [WAGE_SLIP_TEXT.employeeName, dash(record.name), WAGE_SLIP_TEXT.employeeCode, dash(record.employeeCode)],
    [WAGE_SLIP_TEXT.fatherName, dash(w?.fatherName), WAGE_SLIP_TEXT.designation, dash(record.designationName)],
    [WAGE_SLIP_TEXT.dateOfJoining, dmy(w?.dateOfJoining), WAGE_SLIP_TEXT.pan, dash(w?.pan)],
    [WAGE_SLIP_TEXT.uan, dash(record.uanNo), WAGE_SLIP_TEXT.esi, dash(w?.esiNumber)],
    [WAGE_SLIP_TEXT.payMode, dash(record.payModeName), WAGE_SLIP_TEXT.bank, bankAccountText(w)],
  ];
  return {
    margin: [0, 8, 0, 0],
    layout: GRID,
    table: { widths: [110, '*', 70, '*'], body: rows.map(([a, b, c, d]) => [label(a), value(b), label(c), value(d)]) },
  };
}

function attendance(w: TWageSlipDetails | null | undefined): Content {
  const cell = (label: string, n: number | undefined): TableCell => ({
    stack: [
      { text: label, bold: true, color: COLORS.navy },
      { text: n === undefined ? WAGE_SLIP_TEXT.missing : days(n), fontSize: 11 },
    ],
    alignment: 'center',
  });
  return {
    margin: [0, 8, 0, 0],
    layout: GRID,
    table: {
      widths: ['*', '*', '*'],
      body: [
        [
          cell(WAGE_SLIP_TEXT.daysInPeriod, w?.daysInPeriod),
          cell(WAGE_SLIP_TEXT.paidDays, w?.paidDays),
          cell(WAGE_SLIP_TEXT.lopDays, w?.lopDays),
        ],
      ],
    },
  };
}

/** Wages and deductions side by side (round-off kept out: it is printed with the net), their totals, and the net. */
function wagesTable(record: PayslipRecord, figures: PayslipFigures): Content {
  const w = record.wageSlip;
  const head = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({
    text,
    bold: true,
    color: COLORS.navy,
    fillColor: COLORS.band,
    alignment,
  });
  const cells = (l: PrintedLine | null): TableCell[] =>
    l ? [{ text: l.label }, { text: amountText(l.amount), alignment: 'right', noWrap: true }] : [{ text: '' }, { text: '' }];
  const withoutRoundOff = {
    ...figures,
    earnings: figures.earnings.filter((l) => l.kind !== 'roundOff'),
    deductions: figures.deductions.filter((l) => l.kind !== 'roundOff'),
  };
  const body: TableCell[][] = [
    [
      head(WAGE_SLIP_TEXT.earnings),
      head(WAGE_SLIP_TEXT.amount, 'right'),
      head(WAGE_SLIP_TEXT.deductions),
      head(WAGE_SLIP_TEXT.amount, 'right'),
    ],
  ];
  for (const [e, d] of payslipRows(withoutRoundOff)) body.push([...cells(e), ...cells(d)]);
  const total = (text: string): TableCell => ({ text, bold: true, fillColor: COLORS.band });
  const totalAmount = (n: number | undefined): TableCell => ({
    text: n === undefined ? WAGE_SLIP_TEXT.missing : rupees(n),
    bold: true,
    alignment: 'right',
    fillColor: COLORS.band,
    noWrap: true,
  });
  body.push([total(WAGE_SLIP_TEXT.gross), totalAmount(w?.gross), total(WAGE_SLIP_TEXT.totalDeductions), totalAmount(w?.totalDeductions)]);
  const r = figures.rounding;
  const line = (text: string, amount: string, bold = false): TableCell[] => [
    { text, colSpan: 3, alignment: 'right', bold },
    {},
    {},
    { text: amount, alignment: 'right', bold, noWrap: true },
  ];
  body.push(line(WAGE_SLIP_TEXT.netExact, amountText(figures.netPay)));
  body.push(line(WAGE_SLIP_TEXT.roundOff, amountText(r.rounded - figures.netPay)));
  body.push(line(WAGE_SLIP_TEXT.netPaid, amountText(r.rounded), true));
  if (figures.netPayInWords !== null) {
    body.push([{ text: `(${figures.netPayInWords})`, colSpan: 4, italics: true, alignment: 'right', color: COLORS.muted }, {}, {}, {}]);
  }
  return { margin: [0, 8, 0, 0], layout: GRID, table: { dontBreakRows: true, widths: ['*', 72, '*', 72], body } };
}

function leaveTable(w: TWageSlipDetails | null | undefined): Content {
  const head = (text: string, alignment: 'left' | 'right' = 'right'): TableCell => ({
    text,
    bold: true,
    color: COLORS.navy,
    fillColor: COLORS.band,
    alignment,
  });
  const body: TableCell[][] = [
    [head(WAGE_SLIP_TEXT.leaveType, 'left'), head(WAGE_SLIP_TEXT.credited), head(WAGE_SLIP_TEXT.taken), head(WAGE_SLIP_TEXT.balance)],
  ];
  const lines = w?.leaveBalances ?? [];
  for (const l of lines) {
    body.push([
      { text: l.name },
      { text: days(l.credited), alignment: 'right' },
      { text: days(l.taken), alignment: 'right' },
      { text: days(l.balance), alignment: 'right' },
    ]);
  }
  if (lines.length === 0) body.push([{ text: WAGE_SLIP_TEXT.noLeave, colSpan: 4, color: COLORS.muted }, {}, {}, {}]);
  return {
    margin: [0, 8, 0, 0],
    stack: [
      { text: WAGE_SLIP_TEXT.leave, bold: true, color: COLORS.navy, margin: [0, 0, 0, 3] },
      { layout: GRID, table: { widths: ['*', 70, 70, 70], body } },
    ],
  };
}

function top(record: PayslipRecord): Content[] {
  const establishment = [record.companyName, record.unitName].filter((s) => s?.trim()).join(' — ');
  return [
    {
      columns: [
        { image: 'logo', width: 46, height: 46 },
        {
          width: '*',
          alignment: 'center',
          stack: [
            { text: WAGE_SLIP_TEXT.title, fontSize: 15, bold: true, color: COLORS.navy },
            { text: WAGE_SLIP_TEXT.law, fontSize: 8, color: COLORS.muted, margin: [0, 2, 0, 0] },
          ],
        },
        { width: 46, text: '' },
      ],
    },
    { stack: [rule(CONTENT_WIDTH)], margin: [0, 6, 0, 0] },
    {
      margin: [0, 8, 0, 0],
      layout: GRID,
      table: {
        widths: [110, '*'],
        body: [
          [
            { text: WAGE_SLIP_TEXT.establishment, bold: true, color: COLORS.navy },
            { stack: [establishment || '-', { text: record.compamyAddress ?? '', color: COLORS.muted }] },
          ],
          [
            { text: WAGE_SLIP_TEXT.wagePeriod, bold: true, color: COLORS.navy },
            { text: `${monthName(record.month)} ${record.year} (${wagePeriod(record.month, record.year)})` },
          ],
        ],
      },
    },
  ];
}

function errorNotice(error: PayslipFiguresError): Content {
  return {
    margin: [0, 8, 0, 0],
    layout: GRID,
    table: {
      widths: ['*'],
      body: [[{ color: '#b42318', stack: [{ text: WAGE_SLIP_TEXT.notPrepared, bold: true }, { text: error.message }] }]],
    },
  };
}

function wageSlipPage(record: PayslipRecord, index: number, opts: PayslipOptions): Content {
  let money: Content;
  try {
    money = wagesTable(record, payslipFigures(record.salaryProcessDetailRequestList ?? []));
  } catch (error) {
    if (!(error instanceof PayslipFiguresError)) throw error;
    opts.onSlipError?.(record, index, error);
    money = errorNotice(error);
  }
  return {
    pageBreak: index === 0 ? undefined : 'before',
    stack: [
      ...top(record),
      particulars(record),
      attendance(record.wageSlip),
      money,
      ...(record.arrearsLines?.length ? [arrearsTable(record.arrearsLines) as Content] : []),
      leaveTable(record.wageSlip),
      {
        margin: [0, 10, 0, 0],
        text: [
          { text: `${WAGE_SLIP_TEXT.paymentDate}: `, bold: true, color: COLORS.navy },
          record.paymentStatus?.trim() || WAGE_SLIP_TEXT.pending,
        ],
      },
    ],
  };
}

/** The wage slip batch: one A4 page per record, in the order given (same records and file name as the payslip). */
export function buildWageSlipDoc(records: readonly PayslipRecord[], opts: PayslipOptions = {}): TDocumentDefinitions {
  if (records.length === 0) throw new RangeError('A wage slip batch needs at least one salary record');
  const logo = opts.logo === undefined ? DEFAULT_LOGO_PNG : usableImage(opts.logo);
  return {
    ...baseDocument(),
    info: { title: WAGE_SLIP_TEXT.documentTitle, subject: payslipFileName(records) },
    pageMargins: [36, 30, 36, 48],
    images: { logo },
    footer: () => ({
      margin: [36, 14, 36, 0],
      stack: [
        rule(CONTENT_WIDTH, COLORS.rule, 0.6),
        { text: WAGE_SLIP_TEXT.footer, alignment: 'center', italics: true, fontSize: 8, color: COLORS.muted, margin: [0, 4, 0, 0] },
      ],
    }),
    content: records.map((r, i) => wageSlipPage(r, i, opts)),
  };
}
