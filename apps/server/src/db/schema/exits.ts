// Exits: a separation (resignation, termination, retirement, death, end of a fixed term, absconding) approved through
// the approvals module, and its full and final settlement computed by the payroll engine as an off-cycle run of one
// employee (modules/exits). Money is integer paise; a settlement's net may be negative (the employee owes it).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './common';
import { units } from './core';
import { employees } from './employees';

export const separations = pgTable(
  'separations',
  {
    id: idColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    /** 'resignation' | 'termination' | 'retirement' | 'death' | 'fixed_term_end' | 'absconding' */
    type: varchar('type', { length: 20 }).notNull(),
    /** Separation on disablement (gratuity needs no minimum service). */
    disablement: boolean('disablement').notNull().default(false),
    noticeGivenOn: date('notice_given_on').notNull(),
    lastDayRequested: date('last_day_requested').notNull(),
    /** The agreed last working day (set by the approver; the requested day until then). */
    lastDay: date('last_day').notNull(),
    noticeDays: smallint('notice_days').notNull(),
    reason: text('reason').notNull(),
    /** 'pending' | 'approved' | 'rejected' | 'withdrawn' */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    approvalId: integer('approval_id'),
    /** When the scheduled job made the employee exited and ended their sign-in (the day after the last day). */
    separatedAt: timestamp('separated_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [
    // One open separation per employee.
    uniqueIndex('separations_open_uq').on(t.employeeId).where(sql`${t.status} in ('pending', 'approved')`),
    index('separations_unit_idx').on(t.unitId, t.status, t.lastDay),
    check('separations_type_ck', sql`${t.type} in ('resignation', 'termination', 'retirement', 'death', 'fixed_term_end', 'absconding')`),
    check('separations_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn')`),
    check('separations_dates_ck', sql`${t.lastDay} >= ${t.noticeGivenOn} and ${t.lastDayRequested} >= ${t.noticeGivenOn}`),
  ],
);

/** The full and final settlement of an approved separation: computed → approved (locked), or cancelled. */
export const exitSettlements = pgTable(
  'exit_settlements',
  {
    id: idColumn(),
    separationId: integer('separation_id')
      .notNull()
      .references(() => separations.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    /** 'computed' | 'approved' | 'cancelled' */
    status: varchar('status', { length: 10 }).notNull().default('computed'),
    lastDay: date('last_day').notNull(),
    /** Last working day + two working days of the unit (Code on Wages s.17(2)). */
    dueDate: date('due_date').notNull(),
    /** The month whose salary this settlement pays ('YYYY-MM'); null when the month's run paid it. The month's run leaves the employee out. */
    salaryMonth: varchar('salary_month', { length: 7 }),
    noticeWaived: boolean('notice_waived').notNull().default(false),
    waiverReason: text('waiver_reason'),
    earnings: bigint('earnings', { mode: 'number' }).notNull().default(0),
    deductions: bigint('deductions', { mode: 'number' }).notNull().default(0),
    /** earnings − deductions; negative: the amount the employee owes. */
    net: bigint('net', { mode: 'number' }).notNull().default(0),
    /** The facts the computation used (service, wages, balances, parameters and their sources). */
    facts: jsonb('facts').notNull().default(sql`'{}'::jsonb`),
    approvalId: integer('approval_id'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('exit_settlements_open_uq').on(t.separationId).where(sql`${t.status} <> 'cancelled'`),
    index('exit_settlements_unit_idx').on(t.unitId, t.status, t.dueDate),
    index('exit_settlements_salary_idx').on(t.employeeId, t.salaryMonth),
    check('exit_settlements_status_ck', sql`${t.status} in ('computed', 'approved', 'cancelled')`),
  ],
);

export const exitSettlementLines = pgTable(
  'exit_settlement_lines',
  {
    id: idColumn(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => exitSettlements.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    /** 'salary' | 'encashment' | 'gratuity' | 'notice_pay' | 'notice_recovery' | 'advance' | 'statutory' | 'tds' | 'adjustment' */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** 'earning' | 'deduction' */
    side: varchar('side', { length: 10 }).notNull(),
    headId: integer('head_id'),
    label: varchar('label', { length: 150 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** How the amount was worked out, in words and figures. */
    basis: text('basis').notNull().default(''),
    /** Of the amount, the part exempt from income tax (10(10AA), 10(10)). */
    exempt: bigint('exempt', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('exit_settlement_lines_uq').on(t.settlementId, t.seq),
    check('exit_settlement_lines_side_ck', sql`${t.side} in ('earning', 'deduction')`),
  ],
);

/** Amounts the payroll office adds to a separation's settlement (other recoveries or payments), each with a reason. */
export const exitAdjustments = pgTable(
  'exit_adjustments',
  {
    id: idColumn(),
    separationId: integer('separation_id')
      .notNull()
      .references(() => separations.id),
    /** 'earning' | 'deduction' */
    side: varchar('side', { length: 10 }).notNull(),
    label: varchar('label', { length: 150 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    ...auditColumns,
  },
  (t) => [
    index('exit_adjustments_sep_idx').on(t.separationId),
    check('exit_adjustments_side_ck', sql`${t.side} in ('earning', 'deduction')`),
    check('exit_adjustments_amount_ck', sql`${t.amount} > 0`),
  ],
);
