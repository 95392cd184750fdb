import { z } from 'zod';
import { ZIsoDate } from './dates';
import { IDENTIFIER_SHAPES, identifierMessage } from './identifiers';
import { ZIdText } from './ids';
import { zLine } from './text';

// Paying a salary run (issue 26): the bank transfer file in a bank's layout, the advice letter to the branch, the list
// of employees paid by cash or cheque, and each slip's payment status. Amounts are rupees with two decimals: the
// amount paid of a slip is its payslip's rounded net pay (the same figure as the run's total and the register).

/** The shape of an Indian Financial System Code: four letters (the bank), a zero, six letters or digits (the branch). */
export const IFSC_PATTERN = IDENTIFIER_SHAPES.ifsc.re;

/** Where a bank file column takes its value from. */
export const BANK_FIELD_SOURCES = [
  'employeeCode',
  'name',
  'accountNumber',
  'ifsc',
  'amount',
  'debitAccount',
  'debitIfsc',
  'valueDate',
  'narration',
  'email',
  'mobile',
  'bankName',
  'bankBranch',
  'serial',
  'constant',
  'blank',
] as const;
export type TBankFieldSource = (typeof BANK_FIELD_SOURCES)[number];

export const BANK_FIELD_LABEL: Record<TBankFieldSource, string> = {
  employeeCode: 'Employee code',
  name: 'Employee name',
  accountNumber: 'Account number',
  ifsc: 'IFSC',
  amount: 'Amount',
  debitAccount: 'Debit account',
  debitIfsc: 'Debit account IFSC',
  valueDate: 'Value date',
  narration: 'Narration',
  email: 'E-mail',
  mobile: 'Mobile',
  bankName: "Employee's bank",
  bankBranch: "Employee's branch",
  serial: 'Serial number',
  constant: 'Fixed text',
  blank: 'Blank',
};

export const BANK_FILE_TYPES = ['csv', 'fixed'] as const;

export const ZBankLayoutColumn = z.object({
  heading: zLine().min(1).max(60),
  source: z.enum(BANK_FIELD_SOURCES),
  value: zLine().max(60).nullish(),
  width: z.number().int().min(1).max(400).nullish(),
  align: z.enum(['left', 'right']).nullish(),
  pad: z.string().length(1).nullish(),
  format: zLine().max(20).nullish(),
});
export type TBankLayoutColumn = z.infer<typeof ZBankLayoutColumn>;

export const ZBankLayoutInput = z
  .object({
    name: zLine().min(2).max(100),
    bankName: zLine().max(100).nullish(),
    fileType: z.enum(BANK_FILE_TYPES).default('csv'),
    delimiter: z.enum([',', '|', '#', ';', '~']).default(','),
    headingRow: z.boolean().default(true),
    /** Lines before the rows; placeholders {clientCode} {debitAccount} {debitIfsc} {total} {count} {valueDate} {narration}. */
    headerRows: z.array(zLine().max(400)).max(5).default([]),
    columns: z.array(ZBankLayoutColumn).min(1).max(40),
    dateFormat: z.enum(['DD/MM/YYYY', 'DD-MM-YYYY', 'YYYYMMDD', 'DDMMYYYY', 'YYYY-MM-DD', 'DD-MMM-YYYY']).default('DD/MM/YYYY'),
    fileExtension: z.enum(['csv', 'txt']).default('csv'),
    source: zLine().max(400).nullish(),
  })
  .superRefine((v, ctx) => {
    v.columns.forEach((c, i) => {
      if (v.fileType === 'fixed' && !c.width)
        ctx.addIssue({ code: 'custom', path: ['columns', i, 'width'], message: 'A fixed-width column needs its width' });
      if (c.source === 'constant' && !c.value)
        ctx.addIssue({ code: 'custom', path: ['columns', i, 'value'], message: 'Enter the fixed text of this column' });
    });
    if (!v.columns.some((c) => c.source === 'amount'))
      ctx.addIssue({ code: 'custom', path: ['columns'], message: 'A bank file needs an Amount column' });
    if (!v.columns.some((c) => c.source === 'accountNumber'))
      ctx.addIssue({ code: 'custom', path: ['columns'], message: 'A bank file needs an Account number column' });
  });
export type TBankLayoutInput = z.input<typeof ZBankLayoutInput>;

export const ZBankLayout = z.object({
  id: z.number(),
  name: z.string(),
  bankName: z.string().nullable(),
  fileType: z.enum(BANK_FILE_TYPES),
  delimiter: z.string(),
  headingRow: z.boolean(),
  headerRows: z.array(z.string()),
  columns: z.array(ZBankLayoutColumn),
  dateFormat: z.string(),
  fileExtension: z.string(),
  source: z.string().nullable(),
  isBuiltIn: z.boolean(),
});
export type TBankLayout = z.infer<typeof ZBankLayout>;

/** Query of a bank file: the contract's `format=csv` (the generic NEFT/RTGS layout) or a bank's `layout`. */
export const ZBankFileQuery = z.object({
  format: z.enum(['csv']).optional(),
  layout: ZIdText.optional(),
  /** The date the bank is to credit the accounts (default: the run's date of payment, else today). */
  valueDate: ZIsoDate().optional(),
  narration: zLine().max(60).optional(),
  /** Only the employees not yet paid (after a transfer the bank returned). */
  pendingOnly: z.enum(['true', 'false']).optional(),
});

/** A batch: one month's runs of several units in one file (every run approved or locked). */
export const ZBankBatchQuery = ZBankFileQuery.extend({
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1).max(12),
  unitIds: z
    .string()
    .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,99}$/, 'Unit ids separated by commas')
    .transform((s) => [...new Set(s.split(',').map(Number))]),
});

/** An employee whose bank details stop the file being made. */
export const ZBankProblem = z.object({
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  unitName: z.string(),
  problem: z.string(),
});
export type TBankProblem = z.infer<typeof ZBankProblem>;

/** The 409 answer of a refused bank file: the error body and the employees to fix. */
export const ZBankFileRefused = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  problems: z.array(ZBankProblem),
});

export const PAYMENT_MODES = ['bank', 'cash', 'cheque'] as const;
export type TPaymentMode = (typeof PAYMENT_MODES)[number];

/** One slip's payment: how the employee is paid, the amount paid, and whether it is paid (or returned by the bank). */
export const ZSlipPayment = z.object({
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  unitName: z.string(),
  mode: z.enum(PAYMENT_MODES),
  accountNumber: z.string().nullable(),
  ifsc: z.string().nullable(),
  amount: z.number(),
  status: z.enum(['paid', 'pending']),
  valueDate: z.string().nullable(),
  reference: z.string().nullable(),
  chequeNo: z.string().nullable(),
  chequeDate: z.string().nullable(),
  failureReason: z.string().nullable(),
  problem: z.string().nullable(),
});
export type TSlipPayment = z.infer<typeof ZSlipPayment>;

export const ZRunPayments = z.object({
  runId: z.number(),
  status: z.string(),
  rows: z.array(ZSlipPayment),
  totals: z.object({ amount: z.number(), paid: z.number(), pending: z.number(), bank: z.number(), cash: z.number(), cheque: z.number() }),
});
export type TRunPayments = z.infer<typeof ZRunPayments>;

export const ZPaymentListQuery = z.object({ mode: z.enum(['bank', 'cash', 'cheque', 'cashCheque']).optional() });

/** Marks the run's (or some employees') payment made: the value date and the bank's reference or the cheque. */
export const ZMarkPaid = z
  .object({
    employeeIds: z.array(z.number().int().positive()).min(1).max(100_000).optional(),
    valueDate: ZIsoDate(),
    reference: zLine().min(4).max(40).optional(),
    chequeNo: zLine()
      .regex(/^[0-9]{6}$/, 'A cheque number is six digits')
      .optional(),
    chequeDate: ZIsoDate().optional(),
  })
  .refine((v) => !v.chequeNo || (v.employeeIds?.length ?? 0) === 1, {
    path: ['chequeNo'],
    message: 'A cheque number is given for one employee at a time',
  });
export type TMarkPaid = z.input<typeof ZMarkPaid>;

/** The bank's response file (CSV text): employee code or account, amount, status, UTR, reason. */
export const ZBankResponse = z.object({ content: z.string().min(1).max(2_000_000), fileName: zLine().max(120).optional() });

export const ZBankResponseResult = z.object({ paid: z.number(), failed: z.number(), rows: z.number() });

export const ZUnitBankAccountInput = z.object({
  accountNo: zLine()
    .min(6)
    .max(34)
    .regex(/^[0-9A-Za-z]+$/, 'Digits and letters only'),
  ifsc: zLine().toUpperCase().regex(IFSC_PATTERN, identifierMessage('IFSC', 'ifsc')),
  bankName: zLine().min(2).max(120),
  branch: zLine().min(2).max(120),
  branchAddress: zLine().max(300).nullish(),
  clientCode: zLine().max(40).nullish(),
});
export type TUnitBankAccountInput = z.input<typeof ZUnitBankAccountInput>;
export const ZUnitBankAccount = z.object({
  unitId: z.number(),
  accountNo: z.string(),
  ifsc: z.string(),
  bankName: z.string(),
  branch: z.string(),
  branchAddress: z.string().nullable(),
  clientCode: z.string().nullable(),
});
export type TUnitBankAccount = z.infer<typeof ZUnitBankAccount>;
export const ZUnitIdParams = z.object({ unitId: ZIdText });
