import { createHash, randomBytes } from 'node:crypto';
import type { TAction } from '@hr/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { orgZone } from '../../lib/org-zone';
import { type AuthContext, roleGrantsSql } from './context';

/**
 * Today in the organisation's zone as SQL: an employee whose exit date (the last working day of an approved separation)
 * is before it has left, and neither signs in nor keeps a session (modules/exits).
 */
export const leftBefore = () => sql`(now() at time zone ${orgZone()})::date`;

/** A new opaque bearer token: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored; a leaked sessions table gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+([A-Za-z0-9_\-.~+/=]{16,200})\s*$/i.exec(header);
  return m?.[1];
}

type SessionConfig = Pick<AppConfig, 'sessionIdleMinutes' | 'sessionAbsoluteHours'>;

interface SessionRow extends Record<string, unknown> {
  session_id: number;
  stale: boolean;
  user_id: number;
  user_name: string;
  employee_id: number | null;
  role_id: number;
  role_name: string;
  is_admin: boolean;
  is_self_service: boolean;
  unit_ids: number[] | string | null;
  allowed: boolean;
}

/** A menu action the caller must hold (checked in the same query as the session). */
export interface NeededAction {
  menu: string | readonly string[];
  action: TAction;
}

/**
 * The caller of a live session, or null when the token is unknown, revoked, idle too long,
 * past its absolute expiry, or its user or role is inactive. Times come from the database clock,
 * so several API processes agree. lastSeenAt is written at most once a minute.
 * With `need`, `allowed` tells whether the caller's role holds that action: one round trip per request.
 */
export async function resolveSession(
  db: Db,
  token: string,
  cfg: SessionConfig,
  need?: NeededAction,
): Promise<{ auth: AuthContext; allowed: boolean } | null> {
  const rows = (await sessionQuery(db, cfg, need).execute({ tokenHash: hashToken(token) })) as unknown as SessionRow[];
  const row = rows[0];
  if (!row) return null;
  if (row.stale) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.session_id));
  }
  const unitIds = typeof row.unit_ids === 'string' ? (JSON.parse(row.unit_ids) as number[]) : row.unit_ids;
  const auth: AuthContext = {
    sessionId: Number(row.session_id),
    userId: Number(row.user_id),
    userName: row.user_name,
    roleId: Number(row.role_id),
    roleName: row.role_name,
    isAdmin: row.is_admin,
    isSelfService: row.is_self_service,
    employeeId: row.employee_id == null ? null : Number(row.employee_id),
    unitIds: row.is_admin ? 'all' : (unitIds ?? []).map(Number),
  };
  return { auth, allowed: row.allowed === true };
}

/**
 * The session query, built once per database, configuration and needed action (a handful: one per menu set and
 * action the routes declare) and kept as a prepared query: building it with the query builder on every request
 * cost more than running it. On PostgreSQL it is a named statement, parsed and planned once per connection.
 */
const sessionQueries = new WeakMap<Db, Map<string, ReturnType<typeof buildSessionQuery>>>();

function sessionQuery(db: Db, cfg: SessionConfig, need: NeededAction | undefined) {
  let byKey = sessionQueries.get(db);
  if (!byKey) {
    byKey = new Map();
    sessionQueries.set(db, byKey);
  }
  const key = `${cfg.sessionIdleMinutes}|${need ? `${[need.menu].flat().join(',')}|${need.action}` : ''}`;
  let q = byKey.get(key);
  if (!q) {
    q = buildSessionQuery(db, cfg, need, `hr_session_${byKey.size + 1}`);
    byKey.set(key, q);
  }
  return q;
}

function buildSessionQuery(db: Db, cfg: SessionConfig, need: NeededAction | undefined, name: string) {
  const allowed = need ? roleGrantsSql(sql`r.id`, [need.menu].flat(), need.action) : sql`true`;
  return db
    .select({
      session_id: sql<number>`s.id`,
      stale: sql<boolean>`s.last_seen_at < now() - interval '1 minute'`,
      user_id: sql<number>`u.id`,
      user_name: sql<string>`u.user_name`,
      employee_id: sql<number | null>`u.employee_id`,
      role_id: sql<number>`r.id`,
      role_name: sql<string>`r.name`,
      is_admin: sql<boolean>`r.is_admin`,
      is_self_service: sql<boolean>`r.is_self_service`,
      unit_ids: sql<number[] | string | null>`case when r.is_admin then null else (
             select coalesce(json_agg(m.unit_id order by m.unit_id), '[]'::json)
             from user_unit_map m join units un on un.id = m.unit_id
             where m.user_id = u.id and m.is_active and un.is_active
           ) end`,
      allowed: sql<boolean>`${allowed}`,
    })
    .from(sql`sessions s
    join users u on u.id = s.user_id
    join roles r on r.id = u.role_id`)
    .where(
      sql`s.token_hash = ${sql.placeholder('tokenHash')}
      and s.revoked_at is null
      and s.expires_at > now()
      and s.last_seen_at > now() - (${String(cfg.sessionIdleMinutes)}::float8 * interval '1 minute')
      and u.is_active and r.is_active
      and not exists (select 1 from employees xe where xe.id = u.employee_id and xe.exit_date < ${leftBefore()})`,
    )
    .limit(1)
    .prepare(name);
}

/** Creates a session row; returns the token (shown once) and its absolute expiry. */
export async function createSession(
  db: Db,
  userId: number,
  cfg: SessionConfig,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: sql`now() + (${String(cfg.sessionAbsoluteHours)}::float8 * interval '1 hour')`,
      ip: meta.ip?.slice(0, 64),
      userAgent: meta.userAgent?.slice(0, 500),
    })
    .returning({ expiresAt: sessions.expiresAt });
  return { token, expiresAt: row.expiresAt };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}
