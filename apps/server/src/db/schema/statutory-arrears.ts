// Statutory arrears (issue 25): when a statutory parameter row reaches back into months already approved or
// locked, those months are never rewritten; the difference between what the law now makes due and what the
// month's slips carry becomes arrears, one record per run (unit and month) with a line per member, listed for
// approval and paid in the unit's next open month with a supplementary (arrear) ECR. Money is paise.
import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { approvals } from './approvals';
import { bigIdColumn, idColumn } from './common';
import { units, users } from './core';
import { employees } from './employees';
import { payrollRuns, salaryArrears } from './payroll';

const paise = (name: string) => bigint(name, { mode: 'number' });

export const STATUTORY_ARREAR_STATUSES = ['pending', 'approved', 'rejected'] as const;
/**
 * Who pays the member's share of the difference. EPF Scheme 1952 para 32 lets the employer recover a member's
 * share only from the wages of the period it is for (save a false declaration at joining, or an accidental or
 * clerical error with the Inspector's written consent), so by default the employer bears it ('employer': remitted
 * with the arrear ECR, an extra cost of the employer, nothing deducted); 'member' recovers it from the member's
 * next pay as a deduction, where the organisation so decides (e.g. with the member's written consent).
 */
export const MEMBER_SHARE_PAYERS = ['employer', 'member'] as const;

export const statutoryArrears = pgTable(
  'statutory_arrears',
  {
    id: idColumn(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    /** The approved or locked run whose month the difference is for. */
    runId: integer('run_id')
      .notNull()
      .references(() => payrollRuns.id),
    /** 'YYYY-MM' of that run. */
    forMonth: char('for_month', { length: 7 }).notNull(),
    /** The unit's next open month when raised, in which the arrears are paid ('YYYY-MM'). */
    payMonth: char('pay_month', { length: 7 }).notNull(),
    /** 'pf' (employee and employer shares with EPS, EDLI and administration charges). */
    kind: varchar('kind', { length: 10 }).notNull().default('pf'),
    /** What the difference follows, in words: the parameter rows of the month now in force. */
    basis: text('basis').notNull(),
    members: integer('members').notNull(),
    epfWages: paise('epf_wages').notNull(),
    epsWages: paise('eps_wages').notNull(),
    edliWages: paise('edli_wages').notNull(),
    employeeShare: paise('employee_share').notNull(),
    eps: paise('eps').notNull(),
    epf: paise('epf').notNull(),
    edli: paise('edli').notNull(),
    adminCharges: paise('admin_charges').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    /** Who pays the member's share (MEMBER_SHARE_PAYERS), chosen on approval; 'employer' until then. */
    memberShareBy: varchar('member_share_by', { length: 10 }).notNull().default('employer'),
    approvalId: integer('approval_id').references(() => approvals.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('statutory_arrears_run_idx').on(t.runId),
    index('statutory_arrears_unit_idx').on(t.unitId, t.payMonth),
    check('statutory_arrears_member_share_by_ck', sql`${t.memberShareBy} in ('employer', 'member')`),
  ],
);

/** One member's difference for the month (what is due now less what the slip and earlier arrears carried). */
export const statutoryArrearLines = pgTable(
  'statutory_arrear_lines',
  {
    id: bigIdColumn(),
    arrearId: integer('arrear_id')
      .notNull()
      .references(() => statutoryArrears.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    employeeCode: varchar('employee_code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    uan: varchar('uan', { length: 20 }),
    epfWages: paise('epf_wages').notNull(),
    epsWages: paise('eps_wages').notNull(),
    edliWages: paise('edli_wages').notNull(),
    employeeShare: paise('employee_share').notNull(),
    eps: paise('eps').notNull(),
    epf: paise('epf').notNull(),
    edli: paise('edli').notNull(),
    /**
     * Once the record is approved with the member's share recovered from the member: that share as an adjustment
     * line of the next open month (salary_arrears, kind 'pf', negative: a deduction through the PF head).
     */
    salaryArrearId: integer('salary_arrear_id').references(() => salaryArrears.id),
  },
  (t) => [index('statutory_arrear_lines_arrear_idx').on(t.arrearId), index('statutory_arrear_lines_employee_idx').on(t.employeeId)],
);
