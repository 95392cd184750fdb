// The statutory parameters of this release (packages/payroll/src/statutory/parameters*.ts), applied at every
// start by release.ts: the release's own rows brought up to date, a row the employer added never touched.
// Units still without a state take the one their state text names.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applyReleaseParameters } from './release';

export async function seedStatutory(db: Db): Promise<void> {
  await applyReleaseParameters(db);
  await db.execute(sql`
    update units u set state_id = s.id
    from states s
    where u.state_id is null and s.is_active and lower(s.name) = lower(trim(u.state_name))`);
}
