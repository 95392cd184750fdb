import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { sessions, signInAttempts } from '../../db/schema';
import { TooManyRequests } from '../../lib/errors';

type LimitConfig = Pick<
  AppConfig,
  | 'signInMaxFailuresPerAccount'
  | 'signInMaxFailuresPerAccountAnyAddress'
  | 'signInMaxFailuresPerIp'
  | 'signInWindowMinutes'
  | 'signInDelaySeconds'
>;

const windowStart = (cfg: Pick<LimitConfig, 'signInWindowMinutes'>) =>
  sql`now() - (${String(cfg.signInWindowMinutes)}::float8 * interval '1 minute')`;

/**
 * The wait before the next attempt after `failures` failures (within the window) of which `free` cost nothing:
 * the first delay, doubled with every further failure, never longer than the window (by then the oldest
 * failures have left it).
 */
export function signInDelaySeconds(
  failures: number,
  free: number,
  cfg: Pick<LimitConfig, 'signInDelaySeconds' | 'signInWindowMinutes'>,
): number {
  if (failures < free) return 0;
  const cap = cfg.signInWindowMinutes * 60;
  return Math.min(cap, cfg.signInDelaySeconds * 2 ** Math.min(failures - free, 30));
}

/** "30 seconds", "1 minute", "4 minutes" (whole minutes from one minute on, rounded up). */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Takes a place for one sign-in attempt before the (slow) password check, or answers 429 saying when to try
 * again (the message and Retry-After). The check and the reservation are one transaction under advisory locks
 * on the account and the address, so parallel guesses cannot all pass the count before any of them is
 * recorded, in one process or several.
 *
 * No hard lock: after a number of failures within the window each further attempt waits a delay that doubles
 * with every failure (`signInDelaySeconds`, at most the window), counted from the latest failure, in three scopes:
 * - the account from one address (a person mistyping, or a guesser): after `signInMaxFailuresPerAccount`;
 * - the account from any address (a guesser spread over many addresses): after
 *   `signInMaxFailuresPerAccountAnyAddress`; an address the account has signed in from lately (a session of it
 *   not yet pruned) is exempt, so that a guesser elsewhere cannot keep a member of staff out of their own desk;
 * - one address over all accounts (credential stuffing): after `signInMaxFailuresPerIp`.
 *
 * The reserved row counts as a failure until `attemptSucceeded` removes it.
 */
export async function reserveAttempt(db: Db, userKey: string, ip: string, cfg: LimitConfig, userId?: number): Promise<number> {
  return db.transaction(async (tx) => {
    // Always the account before the address: two attempts never wait on each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${userKey}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in-ip:${ip}`}))`);
    const since = windowStart(cfg);
    const pair = sql`${signInAttempts.userKey} = ${userKey} and ${signInAttempts.ip} = ${ip}`;
    const account = sql`${signInAttempts.userKey} = ${userKey}`;
    const address = sql`${signInAttempts.ip} = ${ip}`;
    const ms = (where: ReturnType<typeof sql>) =>
      sql<number | null>`(extract(epoch from now() - max(${signInAttempts.at}) filter (where ${where})) * 1000)::float8`;
    const known =
      userId === undefined
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from ${sessions} where ${sessions.userId} = ${userId} and ${sessions.ip} = ${ip})`;
    // One query (a transaction's connection runs one statement at a time).
    const [c] = await tx
      .select({
        pair: sql<number>`count(*) filter (where ${pair})::int`,
        pairAgo: ms(pair),
        account: sql<number>`count(*) filter (where ${account})::int`,
        accountAgo: ms(account),
        address: sql<number>`count(*) filter (where ${address})::int`,
        addressAgo: ms(address),
        known,
      })
      .from(signInAttempts)
      .where(and(gt(signInAttempts.at, since), or(eq(signInAttempts.userKey, userKey), eq(signInAttempts.ip, ip))));
    const left = (failures: number, agoMs: number | null, free: number) => {
      const delay = signInDelaySeconds(failures, free, cfg);
      return delay === 0 || agoMs === null ? 0 : Math.ceil(delay - Number(agoMs) / 1000);
    };
    const forAccount = Math.max(
      left(c.pair, c.pairAgo, cfg.signInMaxFailuresPerAccount),
      c.known ? 0 : left(c.account, c.accountAgo, cfg.signInMaxFailuresPerAccountAnyAddress),
    );
    if (forAccount > 0) {
      throw new TooManyRequests(
        `Too many failed sign-in attempts for this account. Please try again in ${waitText(forAccount)}.`,
        forAccount,
      );
    }
    const forAddress = left(c.address, c.addressAgo, cfg.signInMaxFailuresPerIp);
    if (forAddress > 0) {
      throw new TooManyRequests(
        `Too many failed sign-in attempts from this address. Please try again in ${waitText(forAddress)}.`,
        forAddress,
      );
    }
    const [row] = await tx.insert(signInAttempts).values({ userKey, ip }).returning({ id: signInAttempts.id });
    return row.id;
  });
}

/** A failed attempt keeps its reservation; attempts of this account and address that left the window go. */
export async function attemptFailed(db: Db, userKey: string, ip: string, cfg: Pick<LimitConfig, 'signInWindowMinutes'>): Promise<void> {
  const since = windowStart(cfg);
  await db
    .delete(signInAttempts)
    .where(and(lt(signInAttempts.at, since), sql`(${eq(signInAttempts.userKey, userKey)} or ${eq(signInAttempts.ip, ip)})`));
}

/** A successful sign-in frees its reservation and clears the account's failures (not the address's). */
export async function attemptSucceeded(db: Db, userKey: string, attemptId: number): Promise<void> {
  await db.delete(signInAttempts).where(sql`${eq(signInAttempts.userKey, userKey)} or ${inArray(signInAttempts.id, [attemptId])}`);
}
