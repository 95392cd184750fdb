import { and, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { units } from '../../src/db/schema';
import { Forbidden } from '../../src/lib/errors';
import { type AuthContext, assertUnit, canReachRecord, canReachUnit, selfScope, unitScope } from '../../src/modules/access/context';

const base: AuthContext = {
  userId: 1,
  userName: 'u',
  roleId: 1,
  roleName: 'r',
  isAdmin: false,
  isSelfService: false,
  employeeId: null,
  unitIds: [1, 2],
  sessionId: 1,
};
const admin: AuthContext = { ...base, isAdmin: true, unitIds: 'all' };
const manager = base;
const staff: AuthContext = { ...base, isSelfService: true, employeeId: 42, unitIds: [1] };
const unmapped: AuthContext = { ...base, unitIds: [] };

const render = (cond: ReturnType<typeof unitScope>) => (cond ? new PgDialect().sqlToQuery(cond) : undefined);

describe('unit and self scoping helpers', () => {
  it('canReachUnit / assertUnit', () => {
    expect(canReachUnit(admin, 3)).toBe(true);
    expect(canReachUnit(manager, 2)).toBe(true);
    expect(canReachUnit(manager, 3)).toBe(false);
    expect(canReachUnit(manager, null)).toBe(false);
    expect(() => assertUnit(manager, 3)).toThrow(Forbidden);
    expect(() => assertUnit(admin, 3)).not.toThrow();
  });

  it('unitScope gives no condition for admins, one array parameter otherwise, false when unmapped', () => {
    expect(unitScope(admin, units.id)).toBeUndefined();
    expect(and(unitScope(admin, units.id))).toBeUndefined();
    expect(render(unitScope(manager, units.id))).toMatchObject({ sql: '"units"."id" = any($1::int[])', params: [[1, 2]] });
    // An aliased column of raw SQL scopes the same way.
    expect(render(unitScope(manager, sql`e.unit_id`))).toMatchObject({ sql: 'e.unit_id = any($1::int[])', params: [[1, 2]] });
    expect(render(unitScope(unmapped, units.id))?.sql).toBe('false');
  });

  it('self-service users reach only their own records', () => {
    expect(canReachRecord(staff, { employeeId: 42, unitId: 3 })).toBe(true);
    expect(canReachRecord(staff, { employeeId: 43, unitId: 1 })).toBe(false);
    expect(canReachRecord({ ...staff, employeeId: null }, { employeeId: null, unitId: 1 })).toBe(false);
    expect(canReachRecord(manager, { employeeId: 43, unitId: 1 })).toBe(true);
    expect(canReachRecord(manager, { employeeId: 43, unitId: 3 })).toBe(false);
    expect(selfScope(manager, units.id)).toBeUndefined();
    expect(render(selfScope(staff, units.id))).toMatchObject({ sql: '"units"."id" = $1', params: [42] });
  });
});
