import { z } from 'zod';

// The records the payroll documents are built from (spec section 3). Field names are the spec's,
// including its spelling 'compamyAddress'. Amounts arrive as numbers (rupees); the document builders
// convert them to integer paise at the boundary and never add them up as floats.

/** One item of salaryProcessDetailRequestList. */
export const ZSalaryHead = z.object({
  earningDeductionId: z.number().int(),
  /** May contain carriage returns; the documents strip them before printing. */
  earningDeductionPrintName: z.string(),
  amount: z.number(),
  isEarning: z.boolean(),
  isPrinted: z.boolean(),
  isCalculative: z.boolean().default(false),
  isNetPayHead: z.boolean().default(false),
  /** Overtime. */
  isOverTimeHead: z.boolean().default(false),
  /** Total leave without pay. */
  isTotalLWOPHead: z.boolean().default(false),
});
export type TSalaryHead = z.infer<typeof ZSalaryHead>;

/** The organisation's payslip layout: the payslip as specified, or the wage slip of the Code on Wages (Central) Rules. */
export const PAYSLIP_LAYOUTS = ['standard', 'wageSlip'] as const;
export const ZPayslipLayout = z.enum(PAYSLIP_LAYOUTS);
export type TPayslipLayout = z.infer<typeof ZPayslipLayout>;

/** What the wage slip (Code on Wages (Central) Rules) prints beyond the salary record: days, totals, identity, leave. */
export const ZWageSlipDetails = z.object({
  fatherName: z.string().nullish(),
  /** YYYY-MM-DD. */
  dateOfJoining: z.string().nullish(),
  pan: z.string().nullish(),
  esiNumber: z.string().nullish(),
  bankAccountNo: z.string().nullish(),
  ifsc: z.string().nullish(),
  bankName: z.string().nullish(),
  /** Days in the wage period, days paid and days of loss of pay. */
  daysInPeriod: z.number(),
  paidDays: z.number(),
  lopDays: z.number(),
  /** Gross earnings and total deductions of the slip (rupees). */
  gross: z.number(),
  totalDeductions: z.number(),
  /** Leave of the financial year by type as the ledger stands: days credited (with the opening), taken, balance. */
  leaveBalances: z.array(z.object({ name: z.string(), credited: z.number(), taken: z.number(), balance: z.number() })),
});
export type TWageSlipDetails = z.infer<typeof ZWageSlipDetails>;

/** Employee salary record: one per employee per month; feeds the payslip and the signing sheet. */
export const ZEmployeeSalaryRecord = z.object({
  companyName: z.string(),
  compamyAddress: z.string().nullish(),
  month: z.number().int().min(1).max(12),
  year: z.number().int().min(1900).max(9999),
  name: z.string(),
  unitName: z.string(),
  employeeCode: z.string().nullish(),
  /** Optional on the signing sheet ('-' when absent). */
  payModeName: z.string().nullish(),
  designationName: z.string().nullish(),
  /** 'N/A' on the payslip when absent. */
  uanNo: z.string().nullish(),
  /**
   * The payment once recorded (payments module): 'Paid on DD/MM/YYYY', or 'Pending (returned: reason)' after the bank
   * returned it; absent before any payment is recorded (the payslip then prints the mode alone, as specified).
   */
  paymentStatus: z.string().nullish(),
  salaryProcessDetailRequestList: z.array(ZSalaryHead),
  /**
   * What the Arrears line holds, by the month each belongs to (rupees): a revised salary's difference, or a loss-of-pay
   * adjustment ('lop') with the paid days it moves (+ reversal, − recovery). Printed under the salary table when present.
   */
  arrearsLines: z
    .array(
      z.object({ month: z.string(), amount: z.number(), kind: z.enum(['structure', 'lop', 'pf']).optional(), days: z.number().optional() }),
    )
    .nullish(),
  /** The organisation's layout for this slip (absent: the payslip as specified); 'wageSlip' comes with `wageSlip`. */
  payslipLayout: ZPayslipLayout.nullish(),
  wageSlip: ZWageSlipDetails.nullish(),
});
export type TEmployeeSalaryRecord = z.infer<typeof ZEmployeeSalaryRecord>;

/** Payment mode id that means bank; any other value means cash. */
export const PAY_MODE_BANK_ID = 2;

/** Salary advance: feeds the advance voucher. */
export const ZSalaryAdvance = z.object({
  employeeName: z.string(),
  advanceAmount: z.number().nonnegative(),
  /** Number of instalments. */
  noOfEMIs: z.number().int().nonnegative(),
  /** Amount per instalment. */
  monthlyEMI: z.number().nonnegative(),
  /** Deduction starts in this month (1 to 12) … */
  effectiveMonth: z.number().int().min(1).max(12),
  /** … of this year. */
  effectiveYear: z.number().int().min(1900).max(9999),
  remarks: z.string().nullish(),
  /** 2 means bank; any other value cash; absent 'N/A'. */
  payModeId: z.number().int().nullish(),
  /** Once paid: the voucher's number in the unit's series and its date (YYYY-MM-DD); before, 'Voucher No' is blank. */
  voucherNo: z.string().nullish(),
  voucherDate: z.string().nullish(),
  /** The cheque / DD paid with, and its date. */
  chequeNo: z.string().nullish(),
  chequeDate: z.string().nullish(),
});
export type TSalaryAdvance = z.infer<typeof ZSalaryAdvance>;
