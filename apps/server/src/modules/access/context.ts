import type { TAction } from '@hr/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { menus, modules, roleMenuAccess } from '../../db/schema';
import { Forbidden } from '../../lib/errors';

/** Who is calling: set on `request.auth` by the access hook for every non-public route. */
export interface AuthContext {
  userId: number;
  userName: string;
  roleId: number;
  roleName: string;
  isAdmin: boolean;
  /** Employee-like role: reaches only the records of `employeeId`. */
  isSelfService: boolean;
  employeeId: number | null;
  /** 'all' for administrators, else the user-wise unit mapping. */
  unitIds: number[] | 'all';
  sessionId: number;
}

export function canReachUnit(auth: AuthContext, unitId: number | null | undefined): boolean {
  if (auth.unitIds === 'all') return true;
  return unitId != null && auth.unitIds.includes(unitId);
}

/** 403 unless the caller's units include `unitId`. */
export function assertUnit(auth: AuthContext, unitId: number | null | undefined): void {
  if (!canReachUnit(auth, unitId)) throw new Forbidden('This record belongs to a unit you are not mapped to');
}

/**
 * A WHERE condition limiting `column` (a unit id column, or an aliased one such as sql`e.unit_id`) to the caller's units;
 * undefined for administrators (no limit). Combine with `and(...)`, which skips undefined.
 */
export function unitScope(auth: AuthContext, column: AnyPgColumn | SQL, bind?: (unitIds: number[]) => unknown): SQL | undefined {
  if (auth.unitIds === 'all') return undefined;
  if (auth.unitIds.length === 0) return sql`false`;
  // One array parameter whatever the list's length (with `bind`, a placeholder of a prepared query).
  return sql`${column} = any(${bind ? bind(auth.unitIds) : sql.param(auth.unitIds)}::int[])`;
}

/**
 * Whether the caller reaches a record: self-service users only their own employee's, everyone else the
 * records of their units. Outside the reach, answer 404 like a missing record (a 403 would confirm the id).
 */
export function canReachRecord(
  auth: AuthContext,
  record: { employeeId: number | null | undefined; unitId: number | null | undefined },
): boolean {
  if (auth.isSelfService) return auth.employeeId != null && record.employeeId === auth.employeeId;
  return canReachUnit(auth, record.unitId);
}

/** A WHERE condition limiting an employee id column to the caller's own record for self-service users. */
export function selfScope(auth: AuthContext, employeeColumn: AnyPgColumn | SQL, bind?: (employeeId: number) => unknown): SQL | undefined {
  if (!auth.isSelfService) return undefined;
  if (auth.employeeId == null) return sql`false`;
  return sql`${employeeColumn} = ${bind ? bind(auth.employeeId) : auth.employeeId}`;
}

const actionColumn = {
  view: roleMenuAccess.canView,
  add: roleMenuAccess.canAdd,
  edit: roleMenuAccess.canEdit,
  delete: roleMenuAccess.canDelete,
  approve: roleMenuAccess.canApprove,
} as const;

/**
 * SQL: whether the role `roleId` (a value or a column of the outer query) holds `action` on any active
 * menu whose actionUrl is in `urls`. One EXISTS, so the access hook checks it in the session query.
 */
export function roleGrantsSql(roleId: number | SQL, urls: readonly string[], action: TAction): SQL {
  if (urls.length === 0) return sql`false`;
  // Same rule as the menus the web app shows: an inactive menu or module grants nothing.
  return sql`exists (select 1 from ${roleMenuAccess} inner join ${menus} on ${menus.id} = ${roleMenuAccess.menuId}
    inner join ${modules} on ${modules.id} = ${menus.moduleId}
    where ${roleMenuAccess.roleId} = ${roleId} and ${inArray(menus.actionUrl, [...urls])}
      and ${menus.isActive} and ${modules.isActive} and ${actionColumn[action]})`;
}

/** Whether the role holds `action` on any of the menus whose actionUrl is in `menuUrl`. */
async function roleHasAction(db: Db, roleId: number, menuUrl: string | readonly string[], action: TAction): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(db, sql`select ${roleGrantsSql(roleId, [menuUrl].flat(), action)} as ok`);
  return row?.ok === true;
}

/** Whether the caller holds `action` on the menu (for finer checks inside a handler). */
export function hasAction(db: Db, auth: AuthContext, menuUrl: string | readonly string[], action: TAction) {
  return roleHasAction(db, auth.roleId, menuUrl, action);
}
