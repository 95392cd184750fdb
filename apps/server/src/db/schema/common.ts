import { boolean, integer, serial, timestamp } from 'drizzle-orm/pg-core';

/** Columns every master/transaction record carries: id, active flag, who and when. */
export const auditColumns = {
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
};

export const idColumn = () => serial('id').primaryKey();
