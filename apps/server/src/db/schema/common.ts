import { bigint, bigserial, boolean, integer, serial, timestamp } from 'drizzle-orm/pg-core';

/** Columns every master/transaction record carries: id, active flag, who and when. */
export const auditColumns = {
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
};

export const idColumn = () => serial('id').primaryKey();

/**
 * The id of a table that will hold tens of millions of rows (punches, salary lines, audit, jobs): bigserial,
 * read as a JS number (exact up to 2^53, far beyond any row count here). Path ids of such tables are parsed
 * with ZBigIdText (packages/contract/src/ids.ts).
 */
export const bigIdColumn = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A reference to a bigIdColumn. */
export const bigRef = (name: string) => bigint(name, { mode: 'number' });
