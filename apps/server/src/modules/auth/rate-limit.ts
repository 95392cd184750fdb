import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { signInAttempts } from '../../db/schema';
import { TooManyRequests } from '../../lib/errors';

type LimitConfig = Pick<
  AppConfig,
  'signInMaxFailuresPerAccount' | 'signInMaxFailuresPerAccountAnyAddress' | 'signInMaxFailuresPerIp' | 'signInWindowMinutes'
>;

const windowStart = (cfg: LimitConfig) => sql`now() - (${String(cfg.signInWindowMinutes)}::float8 * interval '1 minute')`;

/**
 * Takes a place for one sign-in attempt before the (slow) password check, or answers 429. The check and
 * the reservation are one transaction under advisory locks on the account and the address, so parallel
 * guesses cannot all pass the count before any of them is recorded, in one process or several.
 *
 * Limits, each within the window:
 * - the account from one address (a person mistyping, or a guesser): `signInMaxFailuresPerAccount`;
 * - the account from any address (a guesser spread over many addresses): `signInMaxFailuresPerAccountAnyAddress`,
 *   higher, so that one attacker cannot lock a member of staff out from their own desk;
 * - one address over all accounts: `signInMaxFailuresPerIp`.
 *
 * The reserved row counts as a failure until `attemptSucceeded` removes it.
 */
export async function reserveAttempt(db: Db, userKey: string, ip: string, cfg: LimitConfig): Promise<number> {
  return db.transaction(async (tx) => {
    // Always the account before the address: two attempts never wait on each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${userKey}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in-ip:${ip}`}))`);
    const since = windowStart(cfg);
    // One query (a transaction's connection runs one statement at a time).
    const [counts] = await tx
      .select({
        pair: sql<number>`count(*) filter (where ${signInAttempts.userKey} = ${userKey} and ${signInAttempts.ip} = ${ip})::int`,
        account: sql<number>`count(*) filter (where ${signInAttempts.userKey} = ${userKey})::int`,
        address: sql<number>`count(*) filter (where ${signInAttempts.ip} = ${ip})::int`,
      })
      .from(signInAttempts)
      .where(and(gt(signInAttempts.at, since), or(eq(signInAttempts.userKey, userKey), eq(signInAttempts.ip, ip))));
    const minutes = cfg.signInWindowMinutes;
    const wait = `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
    const retry = Math.ceil(minutes * 60);
    if (counts.pair >= cfg.signInMaxFailuresPerAccount || counts.account >= cfg.signInMaxFailuresPerAccountAnyAddress) {
      throw new TooManyRequests(`Too many failed sign-in attempts for this account. ${wait}`, retry);
    }
    if (counts.address >= cfg.signInMaxFailuresPerIp) {
      throw new TooManyRequests(`Too many failed sign-in attempts from this address. ${wait}`, retry);
    }
    const [row] = await tx.insert(signInAttempts).values({ userKey, ip }).returning({ id: signInAttempts.id });
    return row.id;
  });
}

/** A failed attempt keeps its reservation; attempts of this account and address that left the window go. */
export async function attemptFailed(db: Db, userKey: string, ip: string, cfg: LimitConfig): Promise<void> {
  const since = windowStart(cfg);
  await db
    .delete(signInAttempts)
    .where(and(lt(signInAttempts.at, since), sql`(${eq(signInAttempts.userKey, userKey)} or ${eq(signInAttempts.ip, ip)})`));
}

/** A successful sign-in frees its reservation and clears the account's failures (not the address's). */
export async function attemptSucceeded(db: Db, userKey: string, attemptId: number): Promise<void> {
  await db.delete(signInAttempts).where(sql`${eq(signInAttempts.userKey, userKey)} or ${inArray(signInAttempts.id, [attemptId])}`);
}
