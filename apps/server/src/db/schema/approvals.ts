import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from './common';
import { units, users } from './core';
import { employees } from './employees';

/**
 * One approval per request of any kind (profile change, leave, work from home, visitor, regularisation,
 * salary advance, salary run): its state and current level. The domain keeps its own record (`subjectId`);
 * the approvals module (apps/server/src/modules/approvals) runs the state machine.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: idColumn(),
    kind: varchar('kind', { length: 60 }).notNull(),
    subjectId: integer('subject_id').notNull(),
    /** The employee the request is about (nobody approves a request about themselves). */
    employeeId: integer('employee_id').references(() => employees.id),
    unitId: integer('unit_id').references(() => units.id),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    /** pending | approved | rejected | cancelled */
    state: varchar('state', { length: 12 }).notNull().default('pending'),
    /** The level waiting for a decision (1-based); levels are decided in order. */
    level: integer('level').notNull().default(1),
    levels: integer('levels').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('approvals_subject_uq').on(t.kind, t.subjectId),
    index('approvals_pending_idx').on(t.kind, t.state, t.unitId),
    index('approvals_employee_idx').on(t.employeeId),
  ],
);

/** Every step of an approval: who did what, when, with which remark. */
export const approvalHistory = pgTable(
  'approval_history',
  {
    id: idColumn(),
    approvalId: integer('approval_id')
      .notNull()
      .references(() => approvals.id),
    level: integer('level').notNull(),
    /** submitted | resubmitted (remade) | amended (partly remade) | reopened | approved | rejected | cancelled */
    action: varchar('action', { length: 12 }).notNull(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    remark: text('remark'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_history_approval_idx').on(t.approvalId, t.id)],
);
