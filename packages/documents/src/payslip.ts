// The payslip's texts, record and printed lines (the spec's layout). The page itself is drawn by the one payslip
// renderer, payslip-pdf.ts (drawPayslipPdf; renderPayslipPdf in Node, the documents worker in the browser).
import { monthName } from '@hr/calendar';
import type { TEmployeeSalaryRecord } from '@hr/contract';
import type { Paise, PayslipFigures, PayslipFiguresError, PayslipHead, PayslipLine } from '@hr/payroll';
import { stripCarriageReturns } from './common';

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
