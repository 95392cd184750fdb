import { monthName } from '@hr/calendar';
import { amountInWords, type Paise } from '@hr/payroll';
import type { TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { amountText, baseDocument, COLORS, GRID, rule } from './common';

/**
 * The bank advice letter of a salary payment (issue 26): on the organisation's letterhead, to the manager of the
 * branch that holds the debit account, asking it to debit the total and credit each employee's account on the value
 * date; the total in figures and in words, then the list (code, name, account, IFSC, amount) and its total.
 */
export interface BankAdviceInput {
  organisation: { name: string; address: string };
  unitName: string;
  bank: { bankName: string; branch: string; branchAddress: string | null; accountNo: string; ifsc: string };
  year: number;
  month: number;
  /** 'YYYY-MM-DD' */
  valueDate: string;
  /** 'YYYY-MM-DD': the letter's date. */
  date: string;
  /** The letter's reference, e.g. SAL/HO-BLR/2026-10. */
  reference: string;
  rows: { employeeCode: string; name: string; accountNumber: string; ifsc: string; amount: Paise }[];
}

const WIDTH = 595.28 - 2 * 40;
const dmy = (iso: string) => iso.split('-').reverse().join('/');

export function bankAdviceFileName(input: Pick<BankAdviceInput, 'unitName' | 'year' | 'month'>): string {
  const unit = input.unitName.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');
  return `Bank_Advice_${unit}_${input.year}-${String(input.month).padStart(2, '0')}.pdf`;
}

export function buildBankAdviceDoc(input: BankAdviceInput): TDocumentDefinitions {
  const total = input.rows.reduce((s, r) => s + r.amount, 0n);
  const period = `${monthName(input.month)} ${input.year}`;
  const head = (text: string, alignment: 'left' | 'right' | 'center' = 'left'): TableCell => ({
    text,
    bold: true,
    color: COLORS.navy,
    fillColor: COLORS.band,
    alignment,
  });
  const body: TableCell[][] = [
    [head('Sl.', 'center'), head('Emp. Code'), head('Employee Name'), head('Account Number'), head('IFSC'), head('Amount (Rs.)', 'right')],
    ...input.rows.map((r, i): TableCell[] => [
      { text: String(i + 1), alignment: 'center' },
      r.employeeCode,
      r.name,
      r.accountNumber,
      r.ifsc,
      { text: amountText(r.amount), alignment: 'right' },
    ]),
    [
      { text: `Total (${input.rows.length} employee${input.rows.length === 1 ? '' : 's'})`, colSpan: 5, bold: true, alignment: 'right' },
      {},
      {},
      {},
      {},
      { text: amountText(total), bold: true, alignment: 'right' },
    ],
  ];
  const bankLines = [input.bank.bankName, `${input.bank.branch} Branch`, ...(input.bank.branchAddress ? [input.bank.branchAddress] : [])];
  return {
    ...baseDocument(),
    info: { title: `Bank advice ${period}` },
    pageMargins: [40, 40, 40, 50],
    footer: (page, pages) => ({ text: `Page ${page} of ${pages}`, alignment: 'center', fontSize: 8, color: COLORS.muted }),
    content: [
      { text: input.organisation.name, alignment: 'center', fontSize: 16, bold: true, color: COLORS.navy },
      { text: input.organisation.address, alignment: 'center', fontSize: 9, color: COLORS.muted, margin: [0, 2, 0, 6] },
      rule(WIDTH),
      {
        columns: [
          { text: `Ref: ${input.reference}`, width: '*' },
          { text: `Date: ${dmy(input.date)}`, width: 'auto' },
        ],
        margin: [0, 10, 0, 10],
      },
      { text: ['To', '\nThe Branch Manager', ...bankLines.map((l) => `\n${l}`)] },
      { text: `Sub: Salary for ${period} of ${input.unitName} — credit to the employees' accounts`, bold: true, margin: [0, 12, 0, 8] },
      { text: 'Dear Sir / Madam,', margin: [0, 0, 0, 6] },
      {
        text: [
          'Please debit our account No. ',
          { text: input.bank.accountNo, bold: true },
          ` (IFSC ${input.bank.ifsc}) with `,
          { text: `Rs. ${amountText(total)}`, bold: true },
          ` (${amountInWords(total)}) and credit the accounts of our employees listed below with the amounts shown against their names, with value date `,
          { text: dmy(input.valueDate), bold: true },
          '. The same instructions are sent in the bulk upload file of this date.',
        ],
        alignment: 'justify',
        margin: [0, 0, 0, 10],
      },
      {
        layout: GRID,
        table: { headerRows: 1, dontBreakRows: true, widths: [24, 58, '*', 100, 70, 72], body },
      },
      {
        margin: [0, 10, 0, 0],
        text: [{ text: 'Total in words: ', bold: true }, amountInWords(total)],
      },
      { text: 'Thanking you,', margin: [0, 18, 0, 0] },
      { text: `For ${input.organisation.name}`, margin: [0, 4, 0, 36] },
      {
        columns: [
          { text: 'Authorised Signatory', width: '*' },
          { text: 'Authorised Signatory', width: 'auto' },
        ],
      },
    ],
  };
}
