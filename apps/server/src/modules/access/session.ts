import { createHash, randomBytes } from 'node:crypto';
import type { TAction } from '@hr/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { type Db, queryRows } from '../../db/client';
import { sessions } from '../../db/schema';
import { type AuthContext, roleGrantsSql } from './context';

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
  const tokenHash = hashToken(token);
  const allowed = need ? roleGrantsSql(sql`r.id`, [need.menu].flat(), need.action) : sql`true`;
  const rows = await queryRows<SessionRow>(
    db,
    sql`
    select s.id as session_id,
           s.last_seen_at < now() - interval '1 minute' as stale,
           u.id as user_id, u.user_name, u.employee_id,
           r.id as role_id, r.name as role_name, r.is_admin, r.is_self_service,
           case when r.is_admin then null else (
             select coalesce(json_agg(m.unit_id order by m.unit_id), '[]'::json)
             from user_unit_map m join units un on un.id = m.unit_id
             where m.user_id = u.id and m.is_active and un.is_active
           ) end as unit_ids,
           ${allowed} as allowed
    from sessions s
    join users u on u.id = s.user_id
    join roles r on r.id = u.role_id
    where s.token_hash = ${tokenHash}
      and s.revoked_at is null
      and s.expires_at > now()
      and s.last_seen_at > now() - (${String(cfg.sessionIdleMinutes)}::float8 * interval '1 minute')
      and u.is_active and r.is_active
    limit 1`,
  );
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
