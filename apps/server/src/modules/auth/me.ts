import { OWN_RECORD_MENUS, type TMeResponse, type TUnitRef } from '@hr/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { organisation, roles, units, users, userUnitMap } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { orgZone } from '../../lib/org-zone';
import type { AuthContext } from '../access/context';
import { groupAppMenus, loadModules, loadRawMenus } from './menus';

/** The caller's units: every active unit for administrators, else the user-wise unit mapping. */
export async function loadUserUnits(db: Db, auth: AuthContext): Promise<TUnitRef[]> {
  const cols = { id: units.id, name: units.name, code: units.code };
  if (auth.unitIds === 'all') {
    return preparedOnce(db, 'me_units_all', (name) =>
      db.select(cols).from(units).where(eq(units.isActive, true)).orderBy(asc(units.name)).prepare(name),
    ).execute();
  }
  return preparedOnce(db, 'me_units_mapped', (name) =>
    db
      .select(cols)
      .from(userUnitMap)
      .innerJoin(units, eq(units.id, userUnitMap.unitId))
      .where(and(eq(userUnitMap.userId, sql.placeholder('userId')), eq(userUnitMap.isActive, true), eq(units.isActive, true)))
      .orderBy(asc(units.name))
      .prepare(name),
  ).execute({ userId: auth.userId });
}

export async function loadMe(db: Db, auth: AuthContext): Promise<TMeResponse> {
  // Independent reads, sent together (on PostgreSQL each on a connection of the pool: one round trip's wait); each
  // built once (preparedOnce: building them cost more than running them).
  const accountQuery = preparedOnce(db, 'me_account', (name) =>
    db
      .select({
        userId: users.id,
        userName: users.userName,
        fullName: users.fullName,
        email: users.email,
        roleId: roles.id,
        roleName: roles.name,
        isAdmin: roles.isAdmin,
        isSelfService: roles.isSelfService,
        employeeId: users.employeeId,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare(name),
  );
  const orgQuery = preparedOnce(db, 'me_organisation', (name) =>
    db
      .select({
        name: organisation.name,
        address: organisation.address,
        city: organisation.city,
        logo: organisation.logo,
      })
      .from(organisation)
      .orderBy(asc(organisation.id))
      .limit(1)
      .prepare(name),
  );
  const [[account], [org], unitList, roleMenus, mods] = await Promise.all([
    accountQuery.execute({ userId: auth.userId }),
    orgQuery.execute(),
    loadUserUnits(db, auth),
    loadRawMenus(db, auth.roleId),
    loadModules(db),
  ]);
  if (!account) throw new NotFound('Account not found');
  // Screens about one's own employee record are not offered to a sign-in without one.
  const ownRecord = new Set<string>(OWN_RECORD_MENUS);
  const rawMenus = account.employeeId == null ? roleMenus.filter((m) => !ownRecord.has(m.actionUrl)) : roleMenus;
  const appMenus = groupAppMenus(rawMenus, mods);
  return {
    acc_dtls: {
      ...account,
      // The zone the server's days are reckoned in (ORG_TIME_ZONE): the web's "today" (todayIso) is the same day.
      organisation: { ...(org ?? { name: '', address: '', city: '', logo: null }), timeZone: orgZone() },
    },
    units: unitList,
    appMenus,
    rawMenus,
  };
}
