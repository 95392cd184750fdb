import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { signInAttempts } from '../../db/schema';
import { TooManyRequests } from '../../lib/errors';

type LimitConfig = Pick<AppConfig, 'signInMaxFailuresPerAccount' | 'signInMaxFailuresPerIp' | 'signInWindowMinutes'>;

const windowStart = (cfg: LimitConfig) => sql`now() - (${String(cfg.signInWindowMinutes)}::float8 * interval '1 minute')`;

/**
 * 429 when the account or the address has too many failed sign-ins within the window. The counts live in
 * the database, so the limit holds across API processes.
 */
export async function assertSignInAllowed(db: Db, userKey: string, ip: string, cfg: LimitConfig): Promise<void> {
  const since = windowStart(cfg);
  const [[byAccount], [byIp]] = await Promise.all([
    db
      .select({ n: count() })
      .from(signInAttempts)
      .where(and(eq(signInAttempts.userKey, userKey), gt(signInAttempts.at, since))),
    db
      .select({ n: count() })
      .from(signInAttempts)
      .where(and(eq(signInAttempts.ip, ip), gt(signInAttempts.at, since))),
  ]);
  const minutes = cfg.signInWindowMinutes;
  const wait = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  if (byAccount.n >= cfg.signInMaxFailuresPerAccount) {
    throw new TooManyRequests(
      `Too many failed sign-in attempts for this account. Please wait ${wait} and try again.`,
      Math.ceil(minutes * 60),
    );
  }
  if (byIp.n >= cfg.signInMaxFailuresPerIp) {
    throw new TooManyRequests(
      `Too many failed sign-in attempts from this address. Please wait ${wait} and try again.`,
      Math.ceil(minutes * 60),
    );
  }
}

export async function recordFailure(db: Db, userKey: string, ip: string, cfg: LimitConfig): Promise<void> {
  await db.insert(signInAttempts).values({ userKey, ip });
  // Keep the table small: forget this key's and address's attempts that left the window.
  const since = windowStart(cfg);
  await db.delete(signInAttempts).where(and(eq(signInAttempts.userKey, userKey), lt(signInAttempts.at, since)));
  await db.delete(signInAttempts).where(and(eq(signInAttempts.ip, ip), lt(signInAttempts.at, since)));
}

/** A successful sign-in clears the account's failures (not the address's). */
export async function clearFailures(db: Db, userKey: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.userKey, userKey));
}
