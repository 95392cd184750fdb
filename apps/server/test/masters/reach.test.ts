/**
 * What a unit-limited non-administrator may hand out (found by a hostile run): accounts of other units,
 * roles above their own, the Administrator role's grants, holidays of other units, new units. Each
 * case is refused and changes nothing; a password reset or a new role ends that user's sessions.
 */
import { getResource, MENU, type TResource } from '@hr/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, holidays, roles, units, users } from '../../src/db/schema';
import { createRole, createUser, grantMenus } from '../../src/seed/factories';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { expectStatus, samplePayload } from './fixtures';

let t: TestApp;
let admin: ReturnType<typeof api>;
let hr: ReturnType<typeof api>;
let clerkRole = 0;
let bigRole = 0;
let deskRole = 0;
let unit3 = 0;
const PASSWORD = 'Reach@123456';

async function tokenOf(userName: string, password = PASSWORD) {
  const res = await api(t.app).post('/api/auth/sign-in', { userName, password });
  expectStatus(res, 200);
  return res.json().token as string;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  const unitRows = await t.db.select({ id: units.id }).from(units).orderBy(units.id);
  unit3 = unitRows[2].id;
  // A unit HR role: users, role-wise access, holidays and units, but only units 1 and 2.
  const hrRole = await createRole(t.db, { name: 'Unit HR' });
  await grantMenus(t.db, hrRole, {
    [MENU.userMaster]: ['view', 'add', 'edit', 'delete'],
    [MENU.userUnitMap]: ['view', 'edit'],
    [MENU.roleWiseMenuAccess]: ['view', 'edit'],
    [MENU.role]: ['view', 'edit'],
    [MENU.holiday]: ['view', 'add', 'edit', 'delete'],
    [MENU.unit]: ['view', 'add', 'edit'],
    [MENU.dashboard]: ['view'],
  });
  await createUser(t.db, {
    userName: 'unithr',
    password: PASSWORD,
    fullName: 'Unit HR',
    roleId: hrRole,
    unitIds: [unitRows[0].id, unitRows[1].id],
  });
  hr = api(t.app, await tokenOf('unithr'));
  clerkRole = await createRole(t.db, { name: 'Holiday clerk' });
  await grantMenus(t.db, clerkRole, { [MENU.holiday]: ['view'], [MENU.dashboard]: ['view'] });
  // The same grants as the clerk's, held by nobody outside the manager's units.
  deskRole = await createRole(t.db, { name: 'Holiday desk' });
  await grantMenus(t.db, deskRole, { [MENU.holiday]: ['view'], [MENU.dashboard]: ['view'] });
  bigRole = await createRole(t.db, { name: 'Payroll lead' });
  await grantMenus(t.db, bigRole, { [MENU.holiday]: ['view'], [MENU.employee]: ['view', 'edit'] });
});
afterAll(() => t?.close());

describe('user master for a unit-limited manager', () => {
  it('cannot see, change or reset an account of another unit (404), nor take it over', async () => {
    const id = await createUser(t.db, {
      userName: 'far-away',
      password: PASSWORD,
      fullName: 'Far Away',
      roleId: clerkRole,
      unitIds: [unit3],
    });
    const list = (await hr.get('/api/resources/user', { pageSize: 100 })).json() as { rows: { id: number }[] };
    expect(list.rows.map((r) => r.id)).not.toContain(id);
    expectStatus(await hr.get(`/api/resources/user/${id}`), 404);
    const body = { userName: 'far-away', fullName: 'Far Away', roleId: clerkRole, password: 'Taken@123456' };
    expectStatus(await hr.put(`/api/resources/user/${id}`, body), 404);
    expectStatus(await hr.delete(`/api/resources/user/${id}`), 404);
    // Nothing changed: the old password still signs in.
    await tokenOf('far-away');
    // Nor can the manager map the account to their own units to bring it into reach.
    expectStatus(await hr.put(`/api/resources/userUnitMap/mapping/${id}`, { items: [{ itemId: 1 }] }), 404);
  });

  it('cannot touch an administrator account, nor give a role above their own', async () => {
    const adminRole = (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.isAdmin, true)))[0].id;
    const adminUser = await createUser(t.db, {
      userName: 'second-admin',
      password: PASSWORD,
      fullName: 'Second Admin',
      roleId: adminRole,
      unitIds: [1],
    });
    expectStatus(await hr.get(`/api/resources/user/${adminUser}`), 404);
    const create = (roleId: number, userName: string) =>
      hr.post('/api/resources/user', { userName, fullName: userName, roleId, password: PASSWORD });
    expectStatus(await create(bigRole, 'climber'), 403);
    expectStatus(await create(clerkRole, 'clerk-ok'), 201);
  });

  it('a password reset or a new role ends that user’s sessions, and only theirs', async () => {
    const id = await createUser(t.db, { userName: 'near-by', password: PASSWORD, fullName: 'Near By', roleId: clerkRole, unitIds: [1] });
    const before = api(t.app, await tokenOf('near-by'));
    expectStatus(await before.get('/api/auth/me'), 200);
    const base = { userName: 'near-by', fullName: 'Near By', roleId: clerkRole };
    // A change that is neither the password nor the role keeps the session.
    expectStatus(await hr.put(`/api/resources/user/${id}`, { ...base, fullName: 'Near By Too' }), 200);
    expectStatus(await before.get('/api/auth/me'), 200);
    expectStatus(await hr.put(`/api/resources/user/${id}`, { ...base, password: 'Reset@123456' }), 200);
    expectStatus(await before.get('/api/auth/me'), 401);
    expectStatus(await hr.get('/api/auth/me'), 200);
    const again = api(t.app, await tokenOf('near-by', 'Reset@123456'));
    expectStatus(await admin.put(`/api/resources/user/${id}`, { ...base, roleId: bigRole }), 200);
    expectStatus(await again.get('/api/auth/me'), 401);
  });
});

describe('an employee’s sign-in account, made by a unit-limited manager', () => {
  it('follows the user master’s rules: own units, no role above their own, no administrator, one login per account', async () => {
    const role = await createRole(t.db, { name: 'Unit onboarding' });
    await grantMenus(t.db, role, {
      [MENU.employee]: ['view', 'add'],
      [MENU.holiday]: ['view'],
      [MENU.dashboard]: ['view'],
    });
    await createUser(t.db, { userName: 'onboarder', password: PASSWORD, fullName: 'Onboarder', roleId: role, unitIds: [1, 2] });
    const hr2 = api(t.app, await tokenOf('onboarder'));
    const staff = await t.db.select({ id: employees.id, unitId: employees.unitId }).from(employees).orderBy(employees.id);
    const account = await t.db.select({ employeeId: users.employeeId }).from(users);
    const linked = new Set(account.map((a) => a.employeeId));
    const free = staff.filter((e) => !linked.has(e.id));
    const near = free.find((e) => e.unitId === 1) as { id: number };
    const far = free.find((e) => e.unitId === unit3) as { id: number };
    const adminRole = (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.isAdmin, true)))[0].id;
    const make = (employeeId: number, body: Record<string, unknown>) => hr2.post(`/api/employees/${employeeId}/user-account`, body);

    // Another unit's employee is out of reach.
    expectStatus(await make(far.id, { userName: 'far.staff', password: PASSWORD, roleId: clerkRole }), 404);
    // No administrator role, no role granting more than the manager holds (employee edit), not even the default one.
    expectStatus(await make(near.id, { userName: 'near.staff', password: PASSWORD, roleId: adminRole }), 403);
    expectStatus(await make(near.id, { userName: 'near.staff', password: PASSWORD, roleId: bigRole }), 403);
    expectStatus(await make(near.id, { userName: 'near.staff', password: PASSWORD }), 403);
    expectStatus(await make(near.id, { userName: 'near.staff', password: PASSWORD, roleId: 999_999 }), 400);
    // A user name that is another account's e-mail would make sign-in ambiguous.
    const [mail] = await t.db.select({ email: users.email }).from(users).where(eq(users.userName, 'manager'));
    const clash = await make(near.id, { userName: mail.email, password: PASSWORD, roleId: clerkRole });
    expectStatus(clash, 409);
    expect(clash.json().fieldErrors).toHaveProperty('userName');
    // The password policy holds here too: not the user name.
    const weak = await make(near.id, { userName: 'near.staff', password: 'near.staff#2026', roleId: clerkRole });
    expectStatus(weak, 400);
    expect(weak.json().fieldErrors).toHaveProperty('password');
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.employeeId, near.id))).toEqual([]);
    // Within all the rules it works.
    expectStatus(await make(near.id, { userName: 'near.staff', password: PASSWORD, roleId: clerkRole }), 201);
    await tokenOf('near.staff');
  });
});

describe('role-wise menu access for a non-administrator', () => {
  type Grid = { menus: { menuId: number; actionUrl: string; actions: Record<string, boolean> }[] };
  const rowsOf = (g: Grid, change: (url: string, a: Record<string, boolean>) => Record<string, boolean> = (_u, a) => a) =>
    g.menus.map((m) => {
      const a = change(m.actionUrl, m.actions);
      return { menuId: m.menuId, canView: a.view, canAdd: a.add, canEdit: a.edit, canDelete: a.delete, canApprove: a.approve };
    });

  it('cannot strip the Administrator role, and an administrator cannot cut its way back either', async () => {
    const adminRole = (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.isAdmin, true)))[0].id;
    const grid = (await admin.get(`/api/access/roles/${adminRole}/menus`)).json() as Grid;
    const none = rowsOf(grid, () => ({ view: false, add: false, edit: false, delete: false, approve: false }));
    expectStatus(await hr.put(`/api/access/roles/${adminRole}/menus`, { rows: none }), 403);
    expectStatus(await admin.put(`/api/access/roles/${adminRole}/menus`, { rows: none }), 400);
    // Still intact: the administrator opens the grid.
    expectStatus(await admin.get(`/api/access/roles/${adminRole}/menus`), 200);
    expectStatus(await hr.put(`/api/resources/role/${adminRole}`, { name: 'Administrator', isAdmin: false, isSelfService: false }), 403);
  });

  it('grants and removes only the actions their own role holds', async () => {
    const grid = (await hr.get(`/api/access/roles/${deskRole}/menus`)).json() as Grid;
    const more = rowsOf(grid, (url, a) => (url === MENU.employee ? { ...a, view: true, edit: true } : a));
    expectStatus(await hr.put(`/api/access/roles/${deskRole}/menus`, { rows: more }), 403);
    const fewer = rowsOf(grid, (url, a) => (url === MENU.dashboard ? { ...a, view: false } : a));
    expectStatus(await hr.put(`/api/access/roles/${deskRole}/menus`, { rows: fewer }), 200);
    const holidayAdd = rowsOf(grid, (url, a) =>
      url === MENU.holiday ? { ...a, add: true } : url === MENU.dashboard ? { ...a, view: false } : a,
    );
    expectStatus(await hr.put(`/api/access/roles/${deskRole}/menus`, { rows: holidayAdd }), 200);
    // The payroll lead's employee grants are beyond the manager: neither given nor taken.
    const lead = (await admin.get(`/api/access/roles/${bigRole}/menus`)).json() as Grid;
    const stripped = rowsOf(lead, (url, a) => (url === MENU.employee ? { ...a, view: false, edit: false } : a));
    expectStatus(await hr.put(`/api/access/roles/${bigRole}/menus`, { rows: stripped }), 403);
  });

  it('cannot change a role that accounts of other units hold, not even within their own grants', async () => {
    // The clerk role is held by an account of unit 3 (made in the first test): changing it would change that account.
    const grid = (await hr.get(`/api/access/roles/${clerkRole}/menus`)).json() as Grid;
    const fewer = rowsOf(grid, (url, a) => (url === MENU.dashboard ? { ...a, view: false } : a));
    const refused = await hr.put(`/api/access/roles/${clerkRole}/menus`, { rows: fewer });
    expectStatus(refused, 403);
    expect(refused.json().message).toMatch(/outside your units/);
    expectStatus(
      await hr.put(`/api/resources/role/${clerkRole}`, {
        name: 'Holiday clerk',
        description: 'renamed',
        isAdmin: false,
        isSelfService: false,
      }),
      403,
    );
    const after = (await admin.get(`/api/access/roles/${clerkRole}/menus`)).json() as Grid;
    expect(after.menus.find((m) => m.actionUrl === MENU.dashboard)?.actions.view).toBe(true);
    // The administrator may.
    expectStatus(await admin.put(`/api/access/roles/${clerkRole}/menus`, { rows: fewer }), 200);
  });
});

describe('unit lists in payloads', () => {
  const holiday = (unitIds: number[], name: string) => ({
    holidayDate: '2026-12-24',
    name,
    holidayType: 'optional',
    unitIds,
    description: '',
  });

  it('a holiday names only the manager’s units; every unit is for administrators', async () => {
    expectStatus(await hr.post('/api/resources/holiday', holiday([unit3], 'Far away eve')), 403);
    expectStatus(await hr.post('/api/resources/holiday', holiday([], 'Everywhere eve')), 403);
    expectStatus(await hr.post('/api/resources/holiday', holiday([1, unit3], 'Mixed eve')), 403);
    const ok = await hr.post('/api/resources/holiday', holiday([1], 'Head office eve'));
    expectStatus(ok, 201);
    const shared = await admin.post('/api/resources/holiday', holiday([1, unit3], 'Shared eve'));
    expectStatus(shared, 201);
    const id = shared.json().id;
    expectStatus(await hr.put(`/api/resources/holiday/${id}`, holiday([1], 'Shared eve')), 403);
    expectStatus(await hr.delete(`/api/resources/holiday/${id}`), 403);
    const [row] = await t.db.select({ name: holidays.name }).from(holidays).where(eq(holidays.id, id));
    expect(row.name).toBe('Shared eve');
    // Their own unit's holiday stays theirs to change.
    expectStatus(await hr.put(`/api/resources/holiday/${ok.json().id}`, holiday([1, 2], 'Head office eve')), 200);
  });

  it('only an administrator creates a unit', async () => {
    const unit = await samplePayload(admin, getResource('unit') as TResource, { name: 'Sneaky Unit' });
    const res = await hr.post('/api/resources/unit', unit);
    expectStatus(res, 403);
    const found = await t.db.select({ id: units.id }).from(units).where(eq(units.name, 'Sneaky Unit'));
    expect(found).toEqual([]);
  });
});
