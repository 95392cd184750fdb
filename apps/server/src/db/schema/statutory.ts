import { sql } from 'drizzle-orm';
import { check, date, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './common';

/**
 * Dated statutory parameters (issue 13): one row per block of figures — PF, ESI, a state's professional tax or
 * labour welfare fund, a regime's income tax for a year — in force from `effective_from` until the next row of
 * the same kind and state. `data` holds the figures in the shape the rules of packages/payroll/src/statutory
 * read (validated by the contract's schemas when read); `source` cites the Act, notification or circular.
 * Seeded from packages/payroll/src/statutory/parameters.ts; an administrator adds a row when a figure changes.
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
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('statutory_parameters_uq').on(t.kind, sql`coalesce(${t.stateCode}, '')`, t.effectiveFrom),
    check('statutory_parameters_kind_ck', sql`${t.kind} in ('pf', 'esi', 'pt', 'lwf', 'income_tax_new', 'income_tax_old')`),
    check('statutory_parameters_state_ck', sql`(${t.kind} in ('pt', 'lwf')) = (${t.stateCode} is not null)`),
  ],
);
