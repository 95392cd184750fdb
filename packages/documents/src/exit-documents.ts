// The documents of an exit (issue 27), built from the settlement as the API answers it: the full and final
// settlement statement (every line with how it was worked out, the net in figures and words, the employee's
// acknowledgement and the office's signatures), the relieving letter and the experience (service) certificate,
// each on the organisation's letterhead (its name and city, as the advance voucher's).
import { DEFAULT_TIME_ZONE, formatDateDMY } from '@hr/calendar';
import { SEPARATION_TYPE_LABEL, type TSettlement } from '@hr/contract';
import { amountInWords, toPaise } from '@hr/payroll';
import type { Column, Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { amountText, baseDocument, COLORS, GRID, rule } from './common';

export interface ExitDocumentOptions {
  companyName?: string;
  city?: string;
  /** The date printed on the document; default today in the time zone. */
  now?: Date;
  timeZone?: string;
}

const WIDTH = 595.28 - 2 * 48;
const dmy = (iso: string) => iso.split('-').reverse().join('/');
const today = (o: ExitDocumentOptions) => formatDateDMY(o.now ?? new Date(), o.timeZone ?? DEFAULT_TIME_ZONE);

function letterhead(o: ExitDocumentOptions, title: string): Content[] {
  return [
    { text: o.companyName ?? 'HR Payroll Demo Organisation', alignment: 'center', fontSize: 16, bold: true, color: COLORS.navy },
    { text: o.city ?? 'Bengaluru', alignment: 'center', fontSize: 10, color: COLORS.muted, margin: [0, 2, 0, 6] },
    rule(WIDTH),
    { text: title, alignment: 'center', bold: true, fontSize: 12, margin: [0, 10, 0, 10], characterSpacing: 0.5 },
  ];
}

const signature = (label: string): Column => ({
  width: '*',
  stack: [
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 130, y2: 0, lineWidth: 0.6, lineColor: COLORS.ink }] },
    { text: label, margin: [0, 4, 0, 0] },
  ],
});

function particulars(s: TSettlement): Content {
  const row = (a: string, b: string, c: string, d: string): TableCell[] => [
    { text: a, bold: true, color: COLORS.navy },
    b,
    { text: c, bold: true, color: COLORS.navy },
    d,
  ];
  return {
    layout: GRID,
    table: {
      widths: [95, '*', 95, '*'],
      body: [
        row('Employee', `${s.employeeName} (${s.employeeCode})`, 'Unit', s.unitName),
        row('Designation', s.designationName || '-', 'Department', s.departmentName || '-'),
        row('Date of joining', dmy(s.dateOfJoining), 'Last working day', dmy(s.lastDay)),
        row('Separation', SEPARATION_TYPE_LABEL[s.type], 'Payable by', dmy(s.dueDate)),
      ],
    },
  };
}

/** The full and final settlement statement: every line, the totals, the net in figures and words, signatures. */
export function buildSettlementStatementDoc(s: TSettlement, opts: ExitDocumentOptions = {}): TDocumentDefinitions {
  const lines = s.lines ?? [];
  const head = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({
    text,
    bold: true,
    color: COLORS.navy,
    fillColor: COLORS.band,
    alignment,
  });
  const section = (side: 'earning' | 'deduction', title: string, total: number): TableCell[][] => [
    [{ text: title, bold: true, colSpan: 3, fillColor: '#f6f8fb' }, {}, {}],
    ...lines
      .filter((l) => l.side === side)
      .map((l): TableCell[] => [
        l.label,
        { text: l.basis, fontSize: 7.5, color: COLORS.muted },
        { text: amountText(toPaise(l.amount)), alignment: 'right' },
      ]),
    [
      { text: `Total ${title.toLowerCase()}`, bold: true, colSpan: 2 },
      {},
      { text: amountText(toPaise(total)), alignment: 'right', bold: true },
    ],
  ];
  const net = toPaise(s.net);
  const owes = net < 0n;
  const netLabel = owes ? 'Amount the employee owes' : 'Net amount payable';
  const absNet = owes ? -net : net;
  return {
    ...baseDocument(),
    info: { title: `Full and Final Settlement — ${s.employeeName}` },
    pageMargins: [48, 40, 48, 40],
    content: [
      ...letterhead(opts, 'FULL AND FINAL SETTLEMENT STATEMENT'),
      {
        columns: [
          { text: [{ text: 'Settlement No : ', bold: true }, `FNF/${s.id}`], width: '*' },
          { text: [{ text: 'Date : ', bold: true }, today(opts)], width: 'auto' },
        ],
        margin: [0, 0, 0, 8],
      },
      particulars(s),
      {
        margin: [0, 10, 0, 0],
        layout: GRID,
        table: {
          headerRows: 1,
          widths: [150, '*', 80],
          body: [
            [head('Particulars'), head('How it is worked out'), head('Amount (Rs.)', 'right')],
            ...section('earning', 'Earnings', s.earnings),
            ...section('deduction', 'Deductions', s.deductions),
            [
              { text: netLabel, bold: true, colSpan: 2, fillColor: COLORS.band },
              {},
              { text: amountText(absNet), alignment: 'right', bold: true, fillColor: COLORS.band },
            ],
          ],
        },
      },
      {
        margin: [0, 10, 0, 0],
        text: [{ text: `${netLabel} in words: `, bold: true }, amountInWords(absNet)],
      },
      s.noticeWaived
        ? { margin: [0, 6, 0, 0], text: `Notice shortfall waived: ${s.waiverReason ?? ''}`, color: COLORS.muted }
        : { text: '' },
      {
        margin: [0, 16, 0, 0],
        text:
          `I, ${s.employeeName}, acknowledge receipt of the sum stated above in full and final settlement of all my dues ` +
          `from the organisation up to my last working day, ${dmy(s.lastDay)}.`,
      },
      { margin: [0, 40, 0, 0], columns: ['Prepared By', 'Approved By', 'Employee’s Signature'].map(signature) },
    ],
  };
}

function letter(opts: ExitDocumentOptions, title: string, ref: string, paragraphs: Content[]): TDocumentDefinitions {
  return {
    ...baseDocument(),
    defaultStyle: { ...baseDocument().defaultStyle, fontSize: 10.5, lineHeight: 1.35 },
    pageMargins: [56, 48, 56, 48],
    info: { title },
    content: [
      ...letterhead(opts, title.toUpperCase()),
      {
        columns: [
          { text: [{ text: 'Ref : ', bold: true }, ref], width: '*' },
          { text: [{ text: 'Date : ', bold: true }, today(opts)], width: 'auto' },
        ],
      },
      ...paragraphs.map((p) => ({ stack: [p], margin: [0, 12, 0, 0] as [number, number, number, number] })),
      { margin: [0, 48, 0, 0], columns: [signature('Authorised Signatory'), { width: '*', text: '' }] },
      { text: opts.companyName ?? 'HR Payroll Demo Organisation', margin: [0, 2, 0, 0], color: COLORS.muted },
    ],
  };
}

/** The relieving letter: relieved from the close of the last working day, dues settled. */
export function buildRelievingLetterDoc(s: TSettlement, opts: ExitDocumentOptions = {}): TDocumentDefinitions {
  const reason =
    s.type === 'resignation' ? 'your resignation, which was accepted' : `your separation (${SEPARATION_TYPE_LABEL[s.type].toLowerCase()})`;
  return letter(opts, 'Relieving Letter', `REL/${s.employeeCode}/${s.id}`, [
    { text: [{ text: s.employeeName, bold: true }, `\nEmployee code ${s.employeeCode}\n${s.designationName}, ${s.unitName}`] },
    `Dear ${s.employeeName},`,
    `Further to ${reason}, you are relieved from the services of the organisation from the close of working hours on ` +
      `${dmy(s.lastDay)}. Your full and final settlement (No. FNF/${s.id}) has been ${s.status === 'approved' ? 'approved' : 'prepared'}.`,
    'We thank you for your contribution and wish you success in your future endeavours.',
  ]);
}

/** The experience (service) certificate: the period of service and the last position held. */
export function buildServiceCertificateDoc(s: TSettlement, opts: ExitDocumentOptions = {}): TDocumentDefinitions {
  return letter(opts, 'Experience Certificate', `EXP/${s.employeeCode}/${s.id}`, [
    { text: 'TO WHOMSOEVER IT MAY CONCERN', bold: true, alignment: 'center' },
    `This is to certify that ${s.employeeName} (employee code ${s.employeeCode}) was employed with us from ` +
      `${dmy(s.dateOfJoining)} to ${dmy(s.lastDay)}. At the time of leaving, the position held was ${s.designationName || 'as on our records'}` +
      `${s.departmentName ? ` in the ${s.departmentName} department` : ''} at our ${s.unitName}.`,
    'We wish every success in the future.',
  ]);
}

export const exitDocumentFileName = (kind: 'settlement' | 'relieving' | 'experience', s: Pick<TSettlement, 'employeeCode'>) =>
  `${{ settlement: 'Full_and_Final_Settlement', relieving: 'Relieving_Letter', experience: 'Experience_Certificate' }[kind]}_${s.employeeCode}.pdf`;
