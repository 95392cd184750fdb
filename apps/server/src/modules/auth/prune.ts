import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { sessions, signInAttempts } from '../../db/schema';
import { defineJob } from '../../jobs/runner';
import { ZNoJobData } from '../../jobs/scheduled';

/**
 * Forgets sessions that ended more than a day ago and failed sign-ins older than the rate-limit window.
 * Run at start and hourly; several processes doing it at once is harmless.
 */
export async function pruneAuthTables(db: Db, cfg: Pick<AppConfig, 'signInWindowMinutes'>): Promise<void> {
  const dayAgo = sql`now() - interval '1 day'`;
  await db.delete(sessions).where(or(lt(sessions.expiresAt, dayAgo), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, dayAgo))));
  await db
    .delete(signInAttempts)
    .where(lt(signInAttempts.at, sql`now() - (${String(cfg.signInWindowMinutes)}::float8 * interval '1 minute')`));
}

/** Forgets ended sessions and old failed sign-ins, hourly (auth's schedule in its manifest). */
export const pruneSessionsJob = defineJob({
  name: 'auth.pruneSessions',
  schema: ZNoJobData,
  maxAttempts: 1,
  async run(ctx) {
    await pruneAuthTables(ctx.db, ctx.config);
    return null;
  },
});
