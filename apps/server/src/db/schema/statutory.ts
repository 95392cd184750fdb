import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
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
import { auditColumns, idColumn } from './common';
import { units } from './core';
import { statutoryEstablishments } from './establishments';
import { payrollRuns } from './payroll';

/**
 * Dated statutory parameters (issue 13): one row per block of figures — PF, ESI, a state's professional tax or
 * labour welfare fund, a regime's income tax for a year — in force from `effective_from` until the next row of
 * the same kind and state. `data` holds the figures in the shape the rules of packages/payroll/src/statutory
 * read (validated by the contract's schemas when read); `source` cites the Act, notification or circular.
 * `origin` says who wrote it: 'release' rows come from packages/payroll/src/statutory/parameters*.ts and are
 * applied at every start (modules/statutory/seed.ts); 'employer' rows an administrator added on the statutory
 * parameters screen (issue 25), which a release never touches. The notification fields cite the law; `source`
 * keeps the longer description. Only active rows count; one active row per kind, state and day.
 */
export const statutoryParameters = pgTable(
  'statutory_parameters',
  {
    id: idColumn(),
    kind: varchar('kind', { length: 30 }).notNull(),
    /** The state's code (states.code) for professional tax and labour welfare fund; null for the national kinds. */
    stateCode: varchar('state_code', { length: 10 }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    source: text('source').notNull(),
    origin: varchar('origin', { length: 10 }).notNull().default('employer'),
    /** The notification's number or title (S.O. 5109(E)); its date; where to read it. */
    notification: varchar('notification', { length: 300 }),
    notificationDate: date('notification_date', { mode: 'string' }),
    sourceUrl: text('source_url'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('statutory_parameters_uq').on(t.kind, sql`coalesce(${t.stateCode}, '')`, t.effectiveFrom).where(sql`${t.isActive}`),
    check('statutory_parameters_origin_ck', sql`${t.origin} in ('release', 'employer')`),
    check(
      'statutory_parameters_kind_ck',
      sql`${t.kind} in ('pf', 'esi', 'pt', 'lwf', 'income_tax_new', 'income_tax_old', 'code_wages', 'gratuity', 'leave_encashment', 'labour_registers')`,
    ),
    check('statutory_parameters_state_ck', sql`(${t.kind} in ('pt', 'lwf')) = (${t.stateCode} is not null)`),
  ],
);

/**
 * The EPF administration charges of a salary run (one unit and month), worked out when the run is processed from its
 * slips' EPF wages by the PF parameters in force that month (rate and minimum kept as applied): the PF register's
 * summary and the run screen read them. Money in paise, whole rupees. The charges and their minimum are of the PF
 * establishment (`establishment_id`, which may cover several units): `amount` is this run's share of the
 * establishment's charges for the month, and the shares of its runs add up to them.
 */
export const pfAdminCharges = pgTable('pf_admin_charges', {
  runId: integer('run_id')
    .primaryKey()
    .references(() => payrollRuns.id, { onDelete: 'cascade' }),
  unitId: integer('unit_id')
    .notNull()
    .references(() => units.id),
  year: smallint('year').notNull(),
  month: smallint('month').notNull(),
  members: integer('members').notNull(),
  /** Total EPF wages of the run's contributing members, paise. */
  epfWages: bigint('epf_wages', { mode: 'number' }).notNull(),
  rate: numeric('rate', { precision: 6, scale: 3 }).notNull(),
  /** The monthly minimum applied, paise. */
  minimum: bigint('minimum', { mode: 'number' }).notNull(),
  /** The charges, paise (rounded to the rupee): the run's share of its establishment's. */
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** The PF establishment the unit belonged to (null: none recorded, the unit is its own). */
  establishmentId: integer('establishment_id').references(() => statutoryEstablishments.id),
  /** The establishment's charges for the month (all its runs), paise. */
  establishmentAmount: bigint('establishment_amount', { mode: 'number' }),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
