import { z } from 'zod';
import { ZIsoDate } from './dates';
import { ZEmployeeSalaryRecord } from './documents';
import { ZIdQuery, ZIdText } from './ids';
import { zLine, zLines } from './text';

// The payroll API (issue: payroll engine). Amounts travel as rupees with two decimals (JSON numbers); the
// server keeps integer paise. Paths and field names here are a contract for integrators: keep them.

export const RUN_STATUSES = ['draft', 'processing', 'processed', 'approved', 'locked'] as const;
export type TRunStatus = (typeof RUN_STATUSES)[number];

const ZYear = z.coerce.number().int().min(2000).max(2100);
const ZMonth = z.coerce.number().int().min(1).max(12);
/** A rupee amount with at most two decimals, 0 to ₹99,99,99,999.99. */
export const ZRupees = z
  .number()
  .min(0, 'Must not be negative')
  .max(99_99_99_999.99, 'Too large')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most two decimals (paise)');

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

// ---- salary formulas ----

export const YEAR_MONTH = /^(20\d\d)-(0[1-9]|1[0-2])$/;
export const ZYearMonth = z.string().regex(YEAR_MONTH, "A month as 'YYYY-MM'");

export const ZFormula = z.object({
  id: z.number(),
  earningDeductionId: z.number(),
  headCode: z.string(),
  headName: z.string(),
  unitId: z.number().nullable(),
  unitName: z.string().nullable(),
  effectiveFrom: z.string(),
  formula: z.string(),
});
export type TFormula = z.infer<typeof ZFormula>;

export const ZSaveFormula = z.object({
  earningDeductionId: z.number().int().positive(),
  unitId: z.number().int().positive().nullable().default(null),
  effectiveFrom: ZYearMonth,
  formula: zLines().min(1, 'Write the formula').max(2000),
});
export type TSaveFormula = z.input<typeof ZSaveFormula>;

export const ZFormulaPreview = z.object({
  unitId: z.number().int().positive(),
  employeeId: z.number().int().positive(),
  year: ZYear,
  month: ZMonth,
  /** A formula being edited, tried in place of the saved one (not saved). */
  draft: z.object({ earningDeductionId: z.number().int().positive(), formula: z.string().max(2000) }).optional(),
});
export const ZFormulaPreviewResult = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  heads: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      isEarning: z.boolean(),
      formula: z.string().nullable(),
      amount: z.number(),
    }),
  ),
  attendance: z.record(z.string(), z.number()),
  gross: z.number(),
  deductions: z.number(),
  net: z.number(),
});
export type TFormulaPreviewResult = z.infer<typeof ZFormulaPreviewResult>;

/** The names a formula may use (the formula screen lists them). */
export const FORMULA_NAMES = [
  { name: 'MONTH_DAYS', help: 'Days in the month' },
  { name: 'PAYABLE_DAYS', help: 'Days paid: employed days less leave without pay' },
  { name: 'PRESENT_DAYS', help: 'Days present' },
  { name: 'LWOP_DAYS', help: 'Days of leave without pay' },
  { name: 'OT_HOURS', help: 'Overtime hours' },
  { name: 'HOLIDAYS', help: 'Holidays in the month' },
  { name: 'WEEKLY_OFFS', help: 'Weekly offs in the month' },
  { name: 'AGE', help: 'Age in whole years on the last day of the month' },
  { name: 'YEARS_OF_SERVICE', help: 'Whole years since joining' },
  { name: 'GENDER', help: "'M', 'F' or 'O'" },
  { name: 'IS_PF_APPLICABLE', help: '1 or 0' },
  { name: 'IS_ESI_APPLICABLE', help: '1 or 0' },
  { name: 'IS_PT_APPLICABLE', help: '1 or 0' },
  { name: 'GROSS', help: 'Sum of the earnings (not net pay)' },
  { name: 'DEDUCTIONS', help: 'Sum of the deductions' },
  { name: '<CODE>', help: "A head's amount this month, e.g. BASIC" },
  { name: '<CODE>_FIXED', help: "A head's monthly amount in the salary structure, before proration" },
] as const;

// ---- salary structures and increments ----

export const ZStructureAmounts = z.record(z.string().regex(/^[1-9][0-9]{0,9}$/), ZRupees);

export const ZStructure = z.object({
  id: z.number(),
  employeeId: z.number(),
  effectiveFrom: z.string(),
  source: z.string(),
  remarks: z.string().nullable(),
  /** head id → monthly amount (rupees) */
  amounts: z.record(z.string(), z.number()),
  total: z.number(),
  createdAt: z.string(),
});
export type TStructure = z.infer<typeof ZStructure>;

export const ZSaveStructure = z.object({
  effectiveFrom: ZYearMonth,
  amounts: ZStructureAmounts,
  remarks: zLines().max(300).nullish(),
});
export type TSaveStructure = z.input<typeof ZSaveStructure>;

export const ZIncrement = z
  .object({
    /** One employee, or a filtered batch (unit, and optionally department / designation). */
    employeeId: z.number().int().positive().optional(),
    unitId: z.number().int().positive().optional(),
    departmentId: z.number().int().positive().optional(),
    designationId: z.number().int().positive().optional(),
    effectiveFrom: ZYearMonth,
    headIds: z.array(z.number().int().positive()).min(1, 'Choose the heads the increment raises').max(50),
    by: z.enum(['amount', 'percent']),
    /** Rupees per head (by amount) or a percentage (by percent, up to 200 %). */
    value: z.number().positive('Must be more than 0').max(10_00_000),
    remarks: zLines().max(300).nullish(),
  })
  .refine((v) => v.employeeId !== undefined || v.unitId !== undefined, { message: 'Choose an employee or a unit', path: ['employeeId'] })
  .refine((v) => v.by === 'amount' || v.value <= 200, { message: 'At most 200 %', path: ['value'] });
export type TIncrement = z.input<typeof ZIncrement>;

export const ZIncrementResult = z.object({
  employees: z.number(),
  /** Months already processed that the increment reaches back into: their difference is paid as arrears in the next run. */
  arrearsMonths: z.array(z.string()),
});

// ---- salary advances ----

export const ADVANCE_STATUSES = ['requested', 'approved', 'paid', 'recovering', 'closed', 'rejected', 'cancelled'] as const;
export type TAdvanceStatus = (typeof ADVANCE_STATUSES)[number];

export const ZAdvanceListQuery = z.object({
  unitId: ZIdQuery.optional(),
  employeeId: ZIdQuery.optional(),
  status: z.enum(ADVANCE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

export const ZSaveAdvance = z.object({
  employeeId: z.number().int().positive(),
  advanceAmount: ZRupees.refine((n) => n >= 1, 'At least ₹1'),
  noOfEMIs: z.number().int().min(1, 'At least 1 instalment').max(120, 'At most 120 instalments'),
  effectiveMonth: z.number().int().min(1).max(12),
  effectiveYear: z.number().int().min(2000).max(2100),
  remarks: zLines().max(300).nullish(),
  payModeId: z.number().int().min(1).max(9).default(2),
});
export type TSaveAdvance = z.input<typeof ZSaveAdvance>;

export const ZInstalment = z.object({
  id: z.number(),
  seq: z.number(),
  dueMonth: z.string(),
  amount: z.number(),
  status: z.enum(['due', 'recovered', 'skipped']),
  note: z.string().nullable(),
  /** Outstanding after this instalment, as scheduled. */
  outstandingAfter: z.number(),
});

export const ZAdvance = z.object({
  id: z.number(),
  employeeId: z.number(),
  employeeCode: z.string(),
  employeeName: z.string(),
  unitId: z.number(),
  unitName: z.string(),
  advanceAmount: z.number(),
  noOfEMIs: z.number(),
  monthlyEMI: z.number(),
  effectiveMonth: z.number(),
  effectiveYear: z.number(),
  remarks: z.string().nullable(),
  payModeId: z.number(),
  status: z.enum(ADVANCE_STATUSES),
  recovered: z.number(),
  outstanding: z.number(),
  createdAt: z.string(),
  instalments: z.array(ZInstalment).optional(),
  /** The voucher, numbered in the unit's series for the year when the advance is paid; null before. */
  voucher: z
    .object({ voucherNo: z.string(), voucherDate: z.string(), chequeNo: z.string().nullable(), chequeDate: z.string().nullable() })
    .nullable()
    .optional(),
  approval: z
    .object({
      id: z.number(),
      state: z.string(),
      history: z.array(
        z.object({ level: z.number(), action: z.string(), actorName: z.string(), remark: z.string().nullable(), at: z.string() }),
      ),
    })
    .nullable()
    .optional(),
});
export type TAdvance = z.infer<typeof ZAdvance>;
/** A change to an advance not yet paid (the specification's "modify salary advance"); after approval it goes back for approval. */
export const ZUpdateAdvance = ZSaveAdvance.omit({ employeeId: true });
export type TUpdateAdvance = z.input<typeof ZUpdateAdvance>;
export const ZAdvancePage = z.object({ rows: z.array(ZAdvance), total: z.number() });

export const ZAdvanceAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve'), remark: zLines().max(300).nullish() }),
  z.object({ action: z.literal('reject'), remark: zLines().max(300).nullish() }),
  z.object({
    action: z.literal('pay'),
    payModeId: z.number().int().min(1).max(9).optional(),
    /** The cheque or DD the advance was paid with (printed on the voucher); none for a bank transfer or cash. */
    chequeNo: zLine().max(20).nullish(),
    chequeDate: ZIsoDate().nullish(),
  }),
  z.object({ action: z.literal('cancel'), remark: zLines().max(300).nullish() }),
  z.object({ action: z.literal('preclose'), year: z.number().int().min(2000).max(2100), month: z.number().int().min(1).max(12) }),
  z.object({
    action: z.literal('skip'),
    instalmentId: z.number().int().positive(),
    reason: zLines().min(3, 'Say why the instalment is skipped').max(300),
  }),
]);
export type TAdvanceAction = z.infer<typeof ZAdvanceAction>;

// ---- employee bonus ----

export const BONUS_STATUSES = ['draft', 'approved', 'paid', 'cancelled'] as const;

export const ZBonusListQuery = z.object({
  unitId: ZIdQuery.optional(),
  financialYear: z.coerce.number().int().min(2000).max(2100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

export const ZSaveBonus = z
  .object({
    unitId: z.number().int().positive(),
    /** The financial year's first calendar year (2025 = FY 2025-26). */
    financialYear: z.number().int().min(2000).max(2100),
    kind: z.enum(['statutory', 'adhoc']),
    /** Statutory: 8.33 % to 20 %. */
    ratePercent: z.number().min(0).max(100).optional(),
    payWith: z.enum(['salary', 'separate']),
    payYear: z.number().int().min(2000).max(2100).optional(),
    payMonth: z.number().int().min(1).max(12).optional(),
    /** Ad hoc: an amount per employee. */
    lines: z
      .array(z.object({ employeeId: z.number().int().positive(), amount: ZRupees.refine((n) => n > 0, 'More than 0') }))
      .max(100_000)
      .optional(),
    remarks: zLines().max(300).nullish(),
  })
  .refine((b) => b.kind !== 'statutory' || b.ratePercent !== undefined, {
    message: 'Choose the rate (8.33 % to 20 %)',
    path: ['ratePercent'],
  })
  .refine((b) => b.kind !== 'adhoc' || (b.lines?.length ?? 0) > 0, { message: 'Add at least one employee and amount', path: ['lines'] })
  .refine((b) => b.payWith !== 'salary' || (b.payYear !== undefined && b.payMonth !== undefined), {
    message: 'Choose the salary month that pays the bonus',
    path: ['payMonth'],
  });
export type TSaveBonus = z.input<typeof ZSaveBonus>;

export const ZBonusLine = z.object({
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  basis: z.number(),
  monthsWorked: z.number(),
  daysWorked: z.number(),
  eligible: z.boolean(),
  reason: z.string().nullable(),
  amount: z.number(),
  paid: z.boolean(),
});

export const ZBonus = z.object({
  id: z.number(),
  unitId: z.number(),
  unitName: z.string(),
  financialYear: z.number(),
  kind: z.enum(['statutory', 'adhoc']),
  ratePercent: z.number().nullable(),
  payWith: z.enum(['salary', 'separate']),
  payYear: z.number().nullable(),
  payMonth: z.number().nullable(),
  status: z.enum(BONUS_STATUSES),
  total: z.number(),
  employees: z.number(),
  remarks: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(ZBonusLine).optional(),
  approval: z
    .object({
      state: z.string(),
      history: z.array(
        z.object({ level: z.number(), action: z.string(), actorName: z.string(), remark: z.string().nullable(), at: z.string() }),
      ),
    })
    .nullable()
    .optional(),
});
export type TBonus = z.infer<typeof ZBonus>;
export const ZBonusPage = z.object({ rows: z.array(ZBonus), total: z.number() });

export const ZBonusAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve'), remark: zLines().max(300).nullish() }),
  z.object({ action: z.literal('reject'), remark: zLines().max(300).nullish() }),
  z.object({ action: z.literal('paid') }),
  z.object({ action: z.literal('cancel') }),
]);

// ---- manual monthly attendance (the figures many offices keep outside the system) ----

export const ZMonthAttendanceQuery = z.object({ unitId: ZIdText, year: ZYear, month: ZMonth });
const ZDays = z.number().min(0, 'Must not be negative').max(31, 'At most 31 days').multipleOf(0.5, 'Whole or half days');
export const ZMonthAttendanceRow = z.object({
  employeeCode: zLine().min(1).max(30),
  payableDays: ZDays,
  presentDays: ZDays,
  lwopDays: ZDays.default(0),
  otHours: z.number().min(0).max(400).multipleOf(0.25, 'Quarter hours').default(0),
});
export const ZSaveMonthAttendance = z.object({
  unitId: z.number().int().positive(),
  year: ZYear,
  month: ZMonth,
  rows: z.array(ZMonthAttendanceRow).min(1).max(100_000),
});
export const ZMonthAttendance = z.object({
  monthDays: z.number(),
  rows: z.array(
    z.object({
      employeeId: z.number(),
      employeeCode: z.string(),
      name: z.string(),
      /** 'manual' when a monthly entry gives the figures, else 'calendar' (every employed day paid). */
      /** manual: the monthly entry; attendance: daily attendance (a unit that pays by attendance); calendar: every employed day. */
      source: z.enum(['manual', 'attendance', 'calendar']),
      payableDays: z.number(),
      presentDays: z.number(),
      lwopDays: z.number(),
      otHours: z.number(),
      holidays: z.number(),
      weeklyOffs: z.number(),
    }),
  ),
});
export const ZMonthAttendanceSaved = z.object({ saved: z.number() });
