import { type SQL, sql } from 'drizzle-orm';
import { employees, roleMenuAccess, roles, userUnitMap } from '../../db/schema';
import type { AuthContext } from './context';

/**
 * Who may hand out what. A non-administrator may manage only what lies wholly inside their own reach:
 * roles that grant nothing their own role lacks, users of such roles whose units are all theirs. So a
 * unit-limited manager with the user or role screens cannot take over an account of another unit or
 * climb to more rights than they hold.
 */

/** SQL: the role `roleId` (a value or an outer column) grants no action on any menu that `callerRoleId` lacks. */
export function roleWithinSql(roleId: number | SQL, callerRoleId: number): SQL {
  const held = sql.identifier('held');
  const given = sql.identifier('given');
  const lacks = (col: string) => sql`(${given}.${sql.identifier(col)} and not coalesce(${held}.${sql.identifier(col)}, false))`;
  return sql`not exists (select 1 from ${roleMenuAccess} ${given}
    left join ${roleMenuAccess} ${held} on ${held}.menu_id = ${given}.menu_id and ${held}.role_id = ${callerRoleId}
    where ${given}.role_id = ${roleId}
      and (${lacks('can_view')} or ${lacks('can_add')} or ${lacks('can_edit')} or ${lacks('can_delete')} or ${lacks('can_approve')}))`;
}

/** SQL: the role `roleId` is not an administrator role. */
export function notAdminRoleSql(roleId: number | SQL): SQL {
  return sql`not exists (select 1 from ${roles} where ${roles.id} = ${roleId} and ${roles.isAdmin})`;
}

/**
 * SQL over the users table: the users a non-administrator may manage (undefined for administrators):
 * not of an administrator role, of a role within the caller's, with every mapped unit among the
 * caller's, and (when the account is an employee's) that employee in one of the caller's units.
 */
export function manageableUsersSql(auth: AuthContext, user: { id: SQL; roleId: SQL; employeeId: SQL }): SQL | undefined {
  if (auth.unitIds === 'all') return undefined;
  const inUnits = (col: SQL | typeof userUnitMap.unitId) =>
    auth.unitIds === 'all' || auth.unitIds.length === 0
      ? sql`false`
      : sql`${col} in (${sql.join(
          auth.unitIds.map((u) => sql`${u}`),
          sql`, `,
        )})`;
  return sql`(${notAdminRoleSql(user.roleId)} and ${roleWithinSql(user.roleId, auth.roleId)}
    and not exists (select 1 from ${userUnitMap} where ${userUnitMap.userId} = ${user.id} and not ${inUnits(userUnitMap.unitId)})
    and (${user.employeeId} is null
      or exists (select 1 from ${employees} where ${employees.id} = ${user.employeeId} and ${inUnits(sql`${employees.unitId}`)})))`;
}
