import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, bigIdColumn, idColumn } from './common';
import { units, users } from './core';
import { employees } from './employees';
import { leaveTypes } from './masters';

/**
 * Work-from-home, leave and visitor requests (issue 12). A request is decided through the approvals module
 * (`approvalId`); its status follows the approval: pending → approved / rejected, pending → withdrawn, approved →
 * cancelled. A visitor request is one day (`fromDate` = `toDate` = the expected date).
 */
export const requests = pgTable(
  'requests',
  {
    id: idColumn(),
    /** 'wfh' | 'leave' | 'visitor' */
    kind: varchar('kind', { length: 10 }).notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    /** The employee's unit when raised (scoping and approvers). */
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    /** 'pending' | 'approved' | 'rejected' | 'cancelled' | 'withdrawn' */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    halfDayStart: boolean('half_day_start').notNull().default(false),
    halfDayEnd: boolean('half_day_end').notNull().default(false),
    /** Days taken (leave: working days, or all days under the sandwich rule). */
    days: numeric('days', { precision: 6, scale: 1 }).notNull().default('0'),
    /** Of `days`, without pay (an unpaid type, or beyond the balance): the last days of the request. */
    lwopDays: numeric('lwop_days', { precision: 6, scale: 1 }).notNull().default('0'),
    leaveTypeId: integer('leave_type_id').references(() => leaveTypes.id),
    /** The financial year (its starting calendar year) whose balance a leave request draws on. */
    financialYear: smallint('financial_year'),
    reason: text('reason').notNull().default(''),
    attachmentKey: varchar('attachment_key', { length: 200 }),
    attachmentName: varchar('attachment_name', { length: 200 }),
    visitorName: varchar('visitor_name', { length: 150 }),
    mobileCode: varchar('mobile_code', { length: 6 }),
    mobile: varchar('mobile', { length: 15 }),
    company: varchar('company', { length: 150 }),
    purpose: text('purpose'),
    /** Local 'HH:MM'. */
    expectedTime: varchar('expected_time', { length: 5 }),
    visitorCount: smallint('visitor_count'),
    hostEmployeeId: integer('host_employee_id').references(() => employees.id),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    departedAt: timestamp('departed_at', { withTimezone: true }),
    approvalId: integer('approval_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [
    index('requests_employee_idx').on(t.employeeId, t.fromDate),
    // The allRequest lists: a kind in the caller's units, pending first, newest first. to_date last (after the
    // unique id, so no order changes) lets a date-filtered count run on the index alone.
    index('requests_list_idx').on(t.kind, t.unitId, t.status, t.fromDate, t.id, t.toDate),
    index('requests_kind_status_idx').on(t.kind, t.status, t.id),
    // The allRequest lists' default order (pending first, newest first) read off an index, backwards. status, unit
    // and to_date after the unique id (no order changes): a deep page and the unit / date filters read the index
    // alone (an index-only scan needs the plain status column the expression is made of).
    index('requests_pending_first_idx').on(t.kind, sql`(${t.status} = 'pending')`, t.fromDate, t.id, t.status, t.unitId, t.toDate),
    index('requests_visitor_day_idx').on(t.fromDate, t.unitId).where(sql`${t.kind} = 'visitor'`),
    index('requests_approval_idx').on(t.approvalId),
  ],
);

/**
 * How many requests there are per kind, unit and status: kept exactly by statement triggers on `requests` (custom
 * migration `requests_counts`), so the allRequest lists' total needs no count over the rows when the filters are
 * only kind, unit and status. Never written by the application.
 */
export const requestCounts = pgTable(
  'request_counts',
  {
    kind: varchar('kind', { length: 10 }).notNull(),
    unitId: integer('unit_id').notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.unitId, t.status] })],
);

/**
 * The leave ledger: a balance is the sum of its lines, never a figure edited in place. Days are signed (opening,
 * credit +; debit, lapse, encash −; adjust ±). Lines posted by the system carry a `period` ('2026-04' for a monthly
 * credit, 'year' for the yearly allocation, 'carry' for the carry-forward) so posting twice adds nothing.
 */
export const leaveLedger = pgTable(
  'leave_ledger',
  {
    id: bigIdColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    leaveTypeId: integer('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id),
    financialYear: smallint('financial_year').notNull(),
    /** 'opening' | 'credit' | 'debit' | 'lapse' | 'encash' | 'adjust' */
    kind: varchar('kind', { length: 10 }).notNull(),
    days: numeric('days', { precision: 6, scale: 1 }).notNull(),
    period: varchar('period', { length: 10 }),
    reason: varchar('reason', { length: 300 }).notNull().default(''),
    requestId: integer('request_id').references(() => requests.id),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leave_ledger_employee_idx').on(t.employeeId, t.financialYear, t.leaveTypeId),
    uniqueIndex('leave_ledger_period_uq')
      .on(t.employeeId, t.leaveTypeId, t.financialYear, t.kind, t.period)
      .where(sql`${t.period} is not null`),
    index('leave_ledger_request_idx').on(t.requestId),
  ],
);

/**
 * Unit-wise leave type mapping (a masters resource, edited per unit as a checklist): a unit with rows here offers only
 * the mapped leave types, each with its own quota, accrual, maximum balance, carry-forward limit, maximum consecutive
 * days and minimum notice where given (null: the type's own). A unit without rows offers every active type as the
 * type says.
 */
export const unitLeaveTypeMap = pgTable(
  'unit_leave_type_map',
  {
    id: idColumn(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    leaveTypeId: integer('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id),
    yearlyQuota: numeric('yearly_quota', { precision: 5, scale: 1 }),
    accrual: varchar('accrual', { length: 10 }),
    carryForwardLimit: numeric('carry_forward_limit', { precision: 5, scale: 1 }),
    maxBalance: numeric('max_balance', { precision: 5, scale: 1 }),
    maxConsecutiveDays: numeric('max_consecutive_days', { precision: 5, scale: 1 }),
    minNoticeDays: integer('min_notice_days'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('unit_leave_type_map_uq').on(t.unitId, t.leaveTypeId), index('ultm_leave_type_idx').on(t.leaveTypeId)],
);

/** In-app notifications (the bell): one row per recipient. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull().default(''),
    link: varchar('link', { length: 300 }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the e-mail copy was sent (null: not sent, or e-mail is not set up). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
