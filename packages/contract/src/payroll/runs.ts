import { z } from 'zod';
import { ZIsoDate } from '../dates';
import { ZEmployeeSalaryRecord } from '../documents';
import { ZIdQuery, ZIdText } from '../ids';
import { zLines } from '../text';
import { ZMonth, ZYear } from './fields';

// Salary runs (process, approve, lock), their employees and statutory totals, payslips and the heads they print.

export const RUN_STATUSES = ['draft', 'processing', 'processed', 'approved', 'locked'] as const;
export type TRunStatus = (typeof RUN_STATUSES)[number];

export const ZRunListQuery = z.object({
  unitId: ZIdQuery.optional(),
  year: ZYear.optional(),
  /** The financial year starting in April of this year (2026: April 2026 – March 2027), as the header picks it. */
  financialYear: ZYear.optional(),
  month: ZMonth.optional(),
  status: z.enum(RUN_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type TRunListQuery = z.input<typeof ZRunListQuery>;

export const ZCreateRun = z.object({ unitId: z.number().int().positive(), year: ZYear, month: ZMonth });
export type TCreateRun = z.infer<typeof ZCreateRun>;

export const ZProcessRun = z.object({ employeeIds: z.array(z.number().int().positive()).max(100_000).optional() }).default({});
export const ZUnlockRun = z.object({ reason: zLines().min(5, 'Say why the month is unlocked (at least 5 characters)').max(300) });
export const ZRunIdParams = z.object({ id: ZIdText });
/**
 * The date the month's wages were paid (credited to the employees' accounts): printed as the date of payment in the
 * wage register (Form B) and the 24Q deductee register. Given when the month is locked (default: the day it is
 * locked), and corrected later on an approved or locked run. Not before the first of the wage month.
 */
export const ZLockRun = z.object({ paidOn: ZIsoDate().optional() });
export const ZRunPaymentDate = z.object({ paidOn: ZIsoDate() });

export const ZRunError = z.object({ employeeId: z.number(), employeeCode: z.string(), name: z.string(), error: z.string() });

export const ZRunProgress = z.object({ jobId: z.number(), done: z.number(), total: z.number(), message: z.string() });

export const ZRun = z.object({
  id: z.number(),
  unitId: z.number(),
  unitName: z.string(),
  year: z.number(),
  month: z.number(),
  status: z.enum(RUN_STATUSES),
  progress: ZRunProgress.optional(),
  employeeCount: z.number(),
  gross: z.number(),
  deductions: z.number(),
  /** Net pay: the amount paid, the slips' net pay each rounded to the nearest ₹10 as the payslips print it, summed. */
  net: z.number(),
  /** The slips' exact net pay (before rounding) summed; net − netExact is roundOff. */
  netExact: z.number(),
  roundOff: z.number(),
  errors: z.array(ZRunError),
  /** An off-cycle run: the regular run of the month whose approval left its employees out; null on a regular run. */
  parentRunId: z.number().nullable(),
  /** Off-cycle runs of this (regular) run: each with its status and employees. */
  offCycle: z.array(z.object({ id: z.number(), status: z.enum(RUN_STATUSES), employees: z.number() })),
  processedAt: z.string().nullable(),
  lockedAt: z.string().nullable(),
  /** YYYY-MM-DD: when the wages were paid (ZLockRun), null until the month is locked or the date is given. */
  paidOn: z.string().nullable(),
  /** Approval: levels the unit's salary approve map asks for, the level waiting, and who acted. */
  approval: z
    .object({
      levels: z.number(),
      level: z.number(),
      state: z.string(),
      history: z.array(
        z.object({ level: z.number(), action: z.string(), actorName: z.string(), remark: z.string().nullable(), at: z.string() }),
      ),
    })
    .nullable(),
  /** What the caller may do now (the screen's buttons; the server checks again). */
  can: z.object({
    process: z.boolean(),
    approve: z.boolean(),
    lock: z.boolean(),
    unlock: z.boolean(),
    /** Set or correct the date of payment (approved or locked, with the menu's edit action). */
    paymentDate: z.boolean(),
    /** E-mail the payslips (approved or locked, and the server has SMTP_URL). */
    email: z.boolean(),
    /** Open an off-cycle run for the employees this approved run left out (not yet in one). */
    offCycle: z.boolean(),
  }),
});
export type TRun = z.infer<typeof ZRun>;

/**
 * A processed run's statutory totals (rupees): PF with the establishment's EPF administration charges as recorded
 * when the run was processed, ESI, professional tax and labour welfare fund. The run screen's statutory summary.
 */
export const ZRunStatutory = z.object({
  pf: z.object({
    members: z.number(),
    epfWages: z.number(),
    employee: z.number(),
    eps: z.number(),
    epf: z.number(),
    edli: z.number(),
    /** EPF administration charges of the establishment (0.5 % of EPF wages, at least ₹500); null when none were recorded. */
    adminCharges: z.number().nullable(),
  }),
  esi: z.object({ covered: z.number(), wages: z.number(), employee: z.number(), employer: z.number() }),
  pt: z.object({ employees: z.number(), amount: z.number() }),
  lwf: z.object({ employees: z.number(), employee: z.number(), employer: z.number() }),
});
export type TRunStatutory = z.infer<typeof ZRunStatutory>;

export const ZRunPage = z.object({
  rows: z.array(ZRun.omit({ errors: true, approval: true, can: true, offCycle: true })),
  total: z.number(),
});
export type TRunPage = z.infer<typeof ZRunPage>;

/** A run's employee line (the run screen): totals, the change from the previous month, the arrears paid. */
export const ZRunEmployee = z.object({
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  designationName: z.string(),
  departmentName: z.string(),
  payableDays: z.number(),
  lwopDays: z.number(),
  gross: z.number(),
  deductions: z.number(),
  /** Net pay: the amount paid, rounded to the nearest ₹10 as the payslip prints it ('Net INR Payble(Round off)'). */
  net: z.number(),
  /** The exact net pay before rounding; roundOff = net − netExact (the payslip's Round Off line). */
  netExact: z.number(),
  roundOff: z.number(),
  /** The previous month's amount paid (rounded), null without a slip that month. */
  previousNet: z.number().nullable(),
  /** Arrears paid, by the month each is for; a loss-of-pay adjustment ('lop') with the paid days it moves (+ reversal, − recovery). */
  arrears: z.array(
    z.object({ month: z.string(), amount: z.number(), kind: z.enum(['structure', 'lop', 'pf']).optional(), days: z.number().optional() }),
  ),
});
export type TRunEmployee = z.infer<typeof ZRunEmployee>;

/** The spec's employee salary record (section 3), with the employee's id for the screens. */
export const ZSalarySlip = ZEmployeeSalaryRecord.extend({
  employeeId: z.number(),
  /** The amount paid: net pay rounded to the nearest ₹10, as the payslip prints it (rupees). */
  netPay: z.number(),
  /** The exact net pay before rounding; roundOff = netPay − netPayExact (the payslip's Round Off line). */
  netPayExact: z.number(),
  roundOff: z.number(),
});
export type TSalarySlip = z.infer<typeof ZSalarySlip>;

export const ZPayslipQuery = z.object({ year: ZYear, month: ZMonth });
export const ZPayslipMonths = z.array(z.object({ year: z.number(), month: z.number() }));

/** Payslips of several units for a month (payroll users): approved or locked runs only. */
export const ZPayslipBatchQuery = z.object({
  unitIds: z
    .string()
    .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,199}$/, 'A comma-separated list of unit ids')
    .transform((s) => s.split(',').map(Number)),
  year: ZYear,
  month: ZMonth,
});

/** An earning or deduction head as the payroll screens read it (GET /api/payroll/heads, print order). */
export const ZPayrollHead = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  printName: z.string(),
  isEarning: z.boolean(),
  isCalculative: z.boolean(),
  isNetPayHead: z.boolean(),
  isOverTimeHead: z.boolean(),
  isTotalLWOPHead: z.boolean(),
  /** An input of the salary structure: not computed by a formula, not net pay, not filled by the system (arrears, bonus, advance head 41). */
  inStructure: z.boolean(),
});
export type TPayrollHead = z.infer<typeof ZPayrollHead>;

export const ZApproveRun = z.object({
  remark: zLines().max(300).nullish(),
  /**
   * Approve a run whose employees failed without them, saying why: they are left out of this run and paid by an
   * off-cycle run of their own once corrected. Without it, a run with failed employees is refused (409).
   */
  withoutFailed: z
    .object({ reason: zLines().min(5, 'Say why the run is approved without them (at least 5 characters)').max(300) })
    .nullish(),
});
/** Sends a processed run back to whoever processed it: what is to be corrected. */
export const ZSendBackRun = z.object({ remark: zLines().min(5, 'Say what is to be corrected (at least 5 characters)').max(300) });
