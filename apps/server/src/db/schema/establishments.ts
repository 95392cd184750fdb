import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './common';
import { units } from './core';

/**
 * The EPFO and ESIC establishments (issue 25): a PF establishment code (e.g. KNBNG0012345000) or an ESIC employer
 * code (17 digits) as its own record, covering one or more units (statutory_establishment_units). The EPF
 * administration charges and their monthly minimum are worked out per PF establishment, over all its units' runs of
 * the month (modules/statutory/admin-charges.ts). A unit belongs to at most one establishment of each kind (checked by
 * the master's rules).
 */
export const statutoryEstablishments = pgTable(
  'statutory_establishments',
  {
    id: idColumn(),
    /** 'pf' (EPFO establishment) | 'esi' (ESIC employer). */
    kind: varchar('kind', { length: 3 }).notNull(),
    code: varchar('code', { length: 30 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('statutory_establishments_code_uq').on(t.kind, sql`upper(${t.code})`),
    check('statutory_establishments_kind_ck', sql`${t.kind} in ('pf', 'esi')`),
  ],
);

/** The units an establishment covers. */
export const statutoryEstablishmentUnits = pgTable(
  'statutory_establishment_units',
  {
    id: idColumn(),
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => statutoryEstablishments.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
  },
  (t) => [
    uniqueIndex('statutory_establishment_units_uq').on(t.establishmentId, t.unitId),
    index('statutory_establishment_units_unit_idx').on(t.unitId),
  ],
);
