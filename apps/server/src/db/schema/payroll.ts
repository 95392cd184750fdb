import type { SlipStatutory, StatutoryHeadKind, WageClass } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { approvals } from './approvals';
import { auditColumns, bigIdColumn, idColumn } from './common';
import { units, users } from './core';
import { employees } from './employees';
import { exitSettlements } from './exits';
import { jobs } from './jobs';
import { earningDeductions } from './masters';

/** Money in the payroll tables is integer paise (bigint, read as a JS number: exact far beyond any salary). */
const paise = (name: string) => bigint(name, { mode: 'number' });

/**
 * A calculative head's formula, for every unit (`unitId` null) or one unit (overrides the default there),
 * effective from a month ('YYYY-MM'): a later version never alters a month processed before it.
 */
export const salaryFormulas = pgTable(
  'salary_formulas',
  {
    id: idColumn(),
    earningDeductionId: integer('earning_deduction_id')
      .notNull()
      .references(() => earningDeductions.id),
    unitId: integer('unit_id').references(() => units.id),
    effectiveFrom: char('effective_from', { length: 7 }).notNull(),
    formula: text('formula').notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('salary_formulas_uq').on(t.earningDeductionId, sql`coalesce(${t.unitId}, 0)`, t.effectiveFrom)],
);

/**
 * An employee's salary structure: the monthly fixed amounts of the input heads (`amounts`: head id → paise),
 * in versions effective from a month. An increment writes the next version.
 */
export const salaryStructures = pgTable(
  'salary_structures',
  {
    id: idColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    effectiveFrom: char('effective_from', { length: 7 }).notNull(),
    amounts: jsonb('amounts').$type<Record<string, number>>().notNull(),
    /** 'structure' (entered or imported) | 'increment' */
    source: varchar('source', { length: 12 }).notNull().default('structure'),
    remarks: varchar('remarks', { length: 300 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('salary_structures_uq').on(t.employeeId, t.effectiveFrom)],
);

/** A month's salary run for one unit: draft → processing → processed → approved → locked. */
export const payrollRuns = pgTable(
  'payroll_runs',
  {
    id: idColumn(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    /** The heads as they were when processed (print names, flags, formulas): the run's records never change with the master. */
    heads: jsonb('heads').$type<RunHead[]>().notNull().default(sql`'[]'::jsonb`),
    employeeCount: integer('employee_count').notNull().default(0),
    gross: paise('gross').notNull().default(0),
    deductions: paise('deductions').notNull().default(0),
    net: paise('net').notNull().default(0),
    /** The amount paid: each slip's net rounded as its payslip prints it (payroll/net-paid.ts), kept by triggers (0030). */
    netPaid: paise('net_paid').notNull().default(0),
    errors: jsonb('errors').$type<RunError[]>().notNull().default(sql`'[]'::jsonb`),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id),
    approvalId: integer('approval_id').references(() => approvals.id),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    processedBy: integer('processed_by').references(() => users.id),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: integer('locked_by').references(() => users.id),
    /** When the wages were paid (date of payment in Form B and 24Q); set on locking or corrected after. */
    paidOn: date('paid_on', { mode: 'string' }),
    /**
     * An off-cycle run: the regular run of the same unit and month whose approval left these employees out (they had
     * failed), and the employees it pays. Null on the regular run (one per unit and month).
     */
    parentRunId: integer('parent_run_id').references((): AnyPgColumn => payrollRuns.id),
    employeeIds: jsonb('employee_ids').$type<number[]>(),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('payroll_runs_unit_month_uq').on(t.unitId, t.year, t.month).where(sql`${t.parentRunId} is null`),
    index('payroll_runs_month_idx').on(t.year, t.month),
    index('payroll_runs_parent_idx').on(t.parentRunId),
  ],
);

/**
 * An arrears line a slip paid: the month it is for; a loss-of-pay adjustment ('lop') also says by how many paid days;
 * 'pf': the member's share of statutory PF arrears (statutory-arrears.ts), negative when recovered.
 */
export interface SlipArrearsLine {
  month: string;
  amount: number;
  kind?: 'structure' | 'lop' | 'pf';
  days?: number;
}

export interface RunHead {
  id: number;
  code: string;
  printName: string;
  isEarning: boolean;
  isPrinted: boolean;
  isCalculative: boolean;
  isNetPayHead: boolean;
  isOverTimeHead: boolean;
  isTotalLWOPHead: boolean;
  formula: string | null;
  /** Computed by the statutory rules (earning_deductions.statutory); absent in runs processed before. */
  statutory?: StatutoryHeadKind | null;
  isPfWage?: boolean;
  isEsiWage?: boolean;
  /** An earning's class under the Labour Codes (earning_deductions.wage_class); absent in runs processed before. */
  wageClass?: WageClass | null;
  /** An earning's Form 16 line: '17(2)' perquisite, '17(3)' profits in lieu; null / absent: salary under 17(1). */
  taxSection?: '17(2)' | '17(3)' | null;
}

// The statutory head kinds and a slip's statutory figures (paise) are the engine's own types (@hr/payroll computeSlips).
export type { SlipStatutory, StatutoryHeadKind } from '@hr/payroll';

export interface RunError {
  employeeId: number;
  employeeCode: string;
  name: string;
  error: string;
}

/**
 * One employee's salary for a run, in the shape the payslip and signing sheet read (with the run's heads):
 * the employee's particulars as printed that month, the amount of every head (head id → paise), totals, and
 * the attendance figures and system amounts (advance, arrears, bonus) it was computed from.
 */
export const salarySlips = pgTable(
  'salary_slips',
  {
    id: bigIdColumn(),
    runId: integer('run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    employeeCode: varchar('employee_code', { length: 30 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    designationName: varchar('designation_name', { length: 150 }).notNull(),
    departmentName: varchar('department_name', { length: 150 }).notNull(),
    payModeName: varchar('pay_mode_name', { length: 20 }),
    uanNo: varchar('uan_no', { length: 12 }),
    /**
     * How the slip is paid, as the employee's record stood when the slip was processed: pay mode (1 cash, 2 bank,
     * 3 cheque) and bank details. The bank file, advice and register read these; null on slips processed before.
     */
    payModeId: smallint('pay_mode_id'),
    bankAccountNo: varchar('bank_account_no', { length: 18 }),
    ifsc: char('ifsc', { length: 11 }),
    bankName: varchar('bank_name', { length: 120 }),
    bankBranch: varchar('bank_branch', { length: 120 }),
    amounts: jsonb('amounts').$type<Record<string, number>>().notNull(),
    gross: paise('gross').notNull(),
    deductions: paise('deductions').notNull(),
    net: paise('net').notNull(),
    attendance: jsonb('attendance').$type<Record<string, number>>().notNull(),
    /** Arrears paid in this slip, month by month: [{ month: 'YYYY-MM', amount: paise }]. */
    arrears: jsonb('arrears').$type<SlipArrearsLine[]>().notNull().default(sql`'[]'::jsonb`),
    /** The statutory figures of the slip (wages, both shares, employer contributions), paise; {} before they were computed. */
    statutory: jsonb('statutory').$type<SlipStatutory | Record<string, never>>().notNull().default(sql`'{}'::jsonb`),
    /** When the payslip was e-mailed to the employee (a retried e-mail job skips those sent). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('salary_slips_run_employee_uq').on(t.runId, t.employeeId), index('salary_slips_employee_idx').on(t.employeeId)],
);

/**
 * A manual monthly attendance entry (an Excel upload of the month's figures per employee): where an office
 * keeps attendance outside the system, these figures are the payroll's inputs for that month.
 */
export const monthlyAttendance = pgTable(
  'monthly_attendance',
  {
    id: idColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    payableDays: numeric('payable_days', { precision: 5, scale: 2 }).notNull(),
    presentDays: numeric('present_days', { precision: 5, scale: 2 }).notNull(),
    lwopDays: numeric('lwop_days', { precision: 5, scale: 2 }).notNull().default('0'),
    otHours: numeric('ot_hours', { precision: 6, scale: 2 }).notNull().default('0'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('monthly_attendance_uq').on(t.employeeId, t.year, t.month)],
);

/** A salary advance: requested → approved → paid → recovering → closed (rejected, cancelled end it early). */
export const salaryAdvances = pgTable(
  'salary_advances',
  {
    id: idColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    advanceAmount: paise('advance_amount').notNull(),
    noOfEMIs: smallint('no_of_emis').notNull(),
    monthlyEMI: paise('monthly_emi').notNull(),
    effectiveMonth: smallint('effective_month').notNull(),
    effectiveYear: smallint('effective_year').notNull(),
    remarks: varchar('remarks', { length: 300 }),
    payModeId: smallint('pay_mode_id').notNull().default(2),
    status: varchar('status', { length: 12 }).notNull().default('requested'),
    approvalId: integer('approval_id').references(() => approvals.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [index('salary_advances_employee_idx').on(t.employeeId), index('salary_advances_unit_status_idx').on(t.unitId, t.status)],
);

/** An advance's instalments: due in a month, recovered by a run (head 41), or skipped (moved to the end). */
export const advanceInstalments = pgTable(
  'advance_instalments',
  {
    id: idColumn(),
    advanceId: integer('advance_id')
      .notNull()
      .references(() => salaryAdvances.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    /** 'YYYY-MM' the instalment is due in. */
    dueMonth: char('due_month', { length: 7 }).notNull(),
    amount: paise('amount').notNull(),
    /** due | recovered | skipped */
    status: varchar('status', { length: 10 }).notNull().default('due'),
    recoveredRunId: integer('recovered_run_id').references(() => payrollRuns.id),
    note: varchar('note', { length: 300 }),
  },
  (t) => [uniqueIndex('advance_instalments_uq').on(t.advanceId, t.seq), index('advance_instalments_due_idx').on(t.dueMonth, t.status)],
);

/**
 * The difference a back-dated increment makes to a month already processed: paid in the next run of the
 * employee's unit through the ARREARS head, month by month (`paidRunId` set by that run).
 */
export const salaryArrears = pgTable(
  'salary_arrears',
  {
    id: idColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    /** The processed month the difference is for ('YYYY-MM'). */
    forMonth: char('for_month', { length: 7 }).notNull(),
    amount: paise('amount').notNull(),
    /**
     * What the difference is: 'structure' (a back-dated structure version) or 'lop' (loss-of-pay adjustment: paid days
     * of a final month changed by leave, corrections or the days after the cut-off; `days` is the difference in paid
     * days, positive a reversal, negative a recovery).
     */
    kind: varchar('kind', { length: 12 }).notNull().default('structure'),
    structureId: integer('structure_id').references(() => salaryStructures.id),
    days: numeric('days', { precision: 6, scale: 2 }),
    reason: varchar('reason', { length: 300 }),
    paidRunId: integer('paid_run_id').references(() => payrollRuns.id),
    /** Paid by this full and final settlement instead of a run (modules/exits). */
    paidSettlementId: integer('paid_settlement_id').references(() => exitSettlements.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('salary_arrears_employee_idx').on(t.employeeId, t.paidRunId)],
);

/**
 * The statutory bonus thresholds as dated data — the Payment of Bonus Act's 2015 amendment (eligible up to ₹21,000 a
 * month, computed on at most ₹7,000 or the minimum wage where higher), then the Code on Wages s.26 from 21 Nov 2025
 * (the same amounts, and the minimum bonus of ₹100 a year) — each with its source, with a unit's own minimum wage
 * where it has one.
 */
export const bonusRules = pgTable(
  'bonus_rules',
  {
    id: idColumn(),
    unitId: integer('unit_id').references(() => units.id),
    effectiveFrom: char('effective_from', { length: 7 }).notNull(),
    eligibilityCeiling: paise('eligibility_ceiling').notNull(),
    calculationCeiling: paise('calculation_ceiling').notNull(),
    minimumWage: paise('minimum_wage').notNull().default(0),
    minDaysWorked: smallint('min_days_worked').notNull().default(30),
    minRatePercent: numeric('min_rate_percent', { precision: 5, scale: 2 }).notNull().default('8.33'),
    maxRatePercent: numeric('max_rate_percent', { precision: 5, scale: 2 }).notNull().default('20'),
    /** The minimum bonus for a whole year (Code on Wages s.26(1): ₹100), reduced for the months worked (s.27). */
    minimumBonus: paise('minimum_bonus').notNull().default(0),
    /** The Act, section and notification the figures come from. */
    source: text('source'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('bonus_rules_uq').on(sql`coalesce(${t.unitId}, 0)`, t.effectiveFrom)],
);

/** A bonus for a unit and financial year: statutory (computed) or ad hoc amounts; paid with a salary month or separately. */
export const bonuses = pgTable(
  'bonuses',
  {
    id: idColumn(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    /** The financial year's first calendar year (2025 = FY 2025-26). */
    financialYear: smallint('financial_year').notNull(),
    /** statutory | adhoc */
    kind: varchar('kind', { length: 10 }).notNull(),
    ratePercent: numeric('rate_percent', { precision: 5, scale: 2 }),
    /** salary (a head of the run of payYear / payMonth) | separate */
    payWith: varchar('pay_with', { length: 10 }).notNull(),
    payYear: smallint('pay_year'),
    payMonth: smallint('pay_month'),
    /** draft | approved | paid | cancelled */
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    total: paise('total').notNull().default(0),
    remarks: varchar('remarks', { length: 300 }),
    approvalId: integer('approval_id').references(() => approvals.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [index('bonuses_unit_year_idx').on(t.unitId, t.financialYear)],
);

export const bonusLines = pgTable(
  'bonus_lines',
  {
    id: idColumn(),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => bonuses.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    /** Sum over the months worked of the wages the bonus is computed on (capped), paise. */
    basis: paise('basis').notNull().default(0),
    monthsWorked: smallint('months_worked').notNull().default(0),
    daysWorked: numeric('days_worked', { precision: 6, scale: 2 }).notNull().default('0'),
    eligible: boolean('eligible').notNull().default(true),
    reason: varchar('reason', { length: 200 }),
    amount: paise('amount').notNull(),
    paidRunId: integer('paid_run_id').references(() => payrollRuns.id),
    /** Paid by this full and final settlement instead of a run (modules/exits). */
    paidSettlementId: integer('paid_settlement_id').references(() => exitSettlements.id),
  },
  (t) => [uniqueIndex('bonus_lines_uq').on(t.bonusId, t.employeeId), index('bonus_lines_employee_idx').on(t.employeeId, t.paidRunId)],
);
