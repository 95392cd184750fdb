import { date, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { units } from './core';
import { salaryAdvances } from './payroll';

/**
 * Number series of documents, one counter per kind, unit and financial year (issue 26: advance vouchers numbered
 * per unit and year). `nextNumber` (lib/number-series.ts) takes the next one inside the document's transaction.
 */
export const numberSeries = pgTable(
  'number_series',
  {
    kind: varchar('kind', { length: 30 }).notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    /** '2026-27'. */
    financialYear: varchar('financial_year', { length: 7 }).notNull(),
    lastNo: integer('last_no').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.unitId, t.financialYear] })],
);

/** The voucher of a paid salary advance: its number in the unit's series, its date, and the cheque / DD paid with. */
export const advanceVouchers = pgTable(
  'advance_vouchers',
  {
    advanceId: integer('advance_id')
      .primaryKey()
      .references(() => salaryAdvances.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    financialYear: varchar('financial_year', { length: 7 }).notNull(),
    seq: integer('seq').notNull(),
    /** 'ADV/HO-BLR/2026-27/0001'. */
    voucherNo: varchar('voucher_no', { length: 60 }).notNull().unique(),
    voucherDate: date('voucher_date').notNull(),
    chequeNo: varchar('cheque_no', { length: 20 }),
    chequeDate: date('cheque_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [index('advance_vouchers_unit_year_idx').on(t.unitId, t.financialYear, t.seq)],
);
