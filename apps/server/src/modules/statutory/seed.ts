// The statutory parameters of this release (packages/payroll/src/statutory/parameters.ts), inserted where the
// table lacks a row of the same kind, state and effective date: idempotent, and a row an administrator edited
// or added is never touched. Units still without a state take the one their state text names.
import { STATUTORY_PARAMETERS } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { statutoryParameters } from '../../db/schema';

export async function seedStatutory(db: Db): Promise<void> {
  await db
    .insert(statutoryParameters)
    .values(
      STATUTORY_PARAMETERS.map((r) => ({
        kind: r.kind,
        stateCode: r.stateCode,
        effectiveFrom: r.effectiveFrom,
        data: r.data as unknown as Record<string, unknown>,
        source: r.source,
      })),
    )
    .onConflictDoNothing();
  await db.execute(sql`
    update units u set state_id = s.id
    from states s
    where u.state_id is null and s.is_active and lower(s.name) = lower(trim(u.state_name))`);
}
