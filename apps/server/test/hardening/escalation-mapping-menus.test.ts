/**
 * Issue 23, two ways up found with a custom "user administrator limited to units 1 and 2" made through the admin
 * screens:
 * 1. user-wise unit mapping rows were checked by their unit only: the limited administrator gave units to accounts
 *    of other units, to a Manager and to `admin`, switched off, removed and moved other accounts' rows. Every write
 *    of a mapping row now follows the user master's "may this caller manage this user" rule (404 for a row of an
 *    account out of reach, 403 for giving a row to one).
 * 2. the Menu and Module masters decide what grants reach (a menu's path and active flag, its module's): only an
 *    administrator changes a menu's path, module, parent or active flag, or adds and removes menus and modules;
 *    the access screens' menus and their module are never switched off, removed or re-pointed (409, administrators
 *    too); a menu roles hold never starts pointing at a screen.
 * Each attack is refused and changes nothing; the legitimate cases still work.
 */
import { MENU } from '@hr/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, modules, units, users, userUnitMap } from '../../src/db/schema';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { expectStatus } from '../masters/fixtures';

type Api = ReturnType<typeof api>;
type Grid = { menus: { menuId: number; actionUrl: string; actions: Record<string, boolean> }[] };
type Action = 'view' | 'add' | 'edit' | 'delete' | 'approve';

let t: TestApp;
let admin: Api;
let limited: Api;
let u1 = 0;
let u2 = 0;
let u3 = 0;
let viewerRole = 0;
const PASSWORD = 'Escalate@12345';
const ACCESS_MENUS = [MENU.role, MENU.userMaster, MENU.roleWiseMenuAccess, MENU.userUnitMap, MENU.auditTrail, MENU.menu, MENU.module];

async function tokenOf(userName: string, password = PASSWORD) {
  const res = await api(t.app).post('/api/auth/sign-in', { userName, password });
  expectStatus(res, 200);
  return res.json().token as string;
}

/** Sets a role's grants through role-wise menu access, keeping the ones it holds. */
async function grant(roleId: number, add: Partial<Record<string, Action[]>>) {
  const grid = (await admin.get(`/api/access/roles/${roleId}/menus`)).json() as Grid;
  const rows = grid.menus.map((m) => {
    const a = { ...m.actions };
    for (const action of add[m.actionUrl] ?? []) a[action] = true;
    return { menuId: m.menuId, canView: a.view, canAdd: a.add, canEdit: a.edit, canDelete: a.delete, canApprove: a.approve };
  });
  expectStatus(await admin.put(`/api/access/roles/${roleId}/menus`, { rows }), 200);
}

/** A role and an account made through the API, as an administrator of the installation would. */
async function makeRole(name: string, add: Partial<Record<string, Action[]>>) {
  const res = await admin.post('/api/resources/role', { name, description: '', isAdmin: false, isSelfService: false });
  expectStatus(res, 201);
  const id = res.json().id as number;
  await grant(id, add);
  return id;
}

async function makeUser(userName: string, roleId: number, unitIds: number[]) {
  const res = await admin.post('/api/resources/user', {
    userName,
    fullName: userName,
    email: `${userName}@example.com`,
    roleId,
    password: PASSWORD,
  });
  expectStatus(res, 201);
  const id = res.json().id as number;
  if (unitIds.length) {
    expectStatus(await admin.put(`/api/resources/userUnitMap/mapping/${id}`, { items: unitIds.map((itemId) => ({ itemId })) }), 200);
  }
  return id;
}

const userId = async (userName: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0].id;
const rowsOf = (id: number) =>
  t.db
    .select({ id: userUnitMap.id, unitId: userUnitMap.unitId, isActive: userUnitMap.isActive })
    .from(userUnitMap)
    .where(eq(userUnitMap.userId, id))
    .orderBy(userUnitMap.unitId);
const rowOf = async (user: number, unit: number) =>
  (
    await t.db
      .select({ id: userUnitMap.id })
      .from(userUnitMap)
      .where(and(eq(userUnitMap.userId, user), eq(userUnitMap.unitId, unit)))
  )[0]?.id as number;
const menuOf = async (url: string) => (await t.db.select().from(menus).where(eq(menus.actionUrl, url)))[0];

/** A menu's full payload as the Menu screen sends it, with changes. */
async function menuBody(url: string, change: Record<string, unknown> = {}) {
  const m = await menuOf(url);
  return {
    id: m.id,
    body: {
      moduleId: m.moduleId,
      parentId: m.parentId,
      label: m.label,
      actionUrl: m.actionUrl,
      icon: m.icon,
      sortOrder: m.sortOrder,
      isActive: m.isActive,
      ...change,
    },
  };
}
async function moduleBody(id: number, change: Record<string, unknown> = {}) {
  const [m] = await t.db.select().from(modules).where(eq(modules.id, id));
  return { name: m.name, icon: m.icon, sortOrder: m.sortOrder, isActive: m.isActive, ...change };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  [u1, u2, u3] = (await t.db.select({ id: units.id }).from(units).orderBy(units.id)).map((u) => u.id);
  // The attacker: a "user administrator" role with add / edit / delete on users, user-wise unit mapping and the
  // menu and module masters, held by an account mapped to units 1 and 2.
  const all: Action[] = ['view', 'add', 'edit', 'delete'];
  const limitedRole = await makeRole('User administrator (units 1 and 2)', {
    [MENU.userMaster]: all,
    [MENU.userUnitMap]: all,
    [MENU.menu]: all,
    [MENU.module]: all,
    [MENU.dashboard]: ['view'],
  });
  await makeUser('unitadmin', limitedRole, [u1, u2]);
  limited = api(t.app, await tokenOf('unitadmin'));
  // A role within the attacker's, for accounts they may and may not manage.
  viewerRole = await makeRole('Dashboard viewer', { [MENU.dashboard]: ['view'] });
});
afterAll(() => t?.close());

describe('user-wise unit mapping rows follow the user master’s reach', () => {
  it('a unit-limited administrator gives no unit to an account outside their reach (other unit, Manager, admin)', async () => {
    const far = await makeUser('far-user', viewerRole, [u3]);
    const manager = await userId('manager');
    const adminUser = await userId('admin');
    // The manager holds units 1 and 2: free unit 2 so that only the user check stands in the way.
    expectStatus(await admin.delete(`/api/resources/userUnitMap/${await rowOf(manager, u2)}`), 204);
    for (const target of [far, manager, adminUser]) {
      const res = await limited.post('/api/resources/userUnitMap', { userId: target, unitId: u2 });
      expectStatus(res, 403);
      expect(res.json().message).toMatch(/inside your units/);
    }
    expect((await rowsOf(far)).map((r) => r.unitId)).toEqual([u3]);
    expect((await rowsOf(manager)).map((r) => r.unitId)).toEqual([u1]);
    expect(await rowsOf(adminUser)).toEqual([]);
  });

  it('cannot read, switch off, remove or move another account’s row (the payroll officer loses no unit)', async () => {
    const payroll = await userId('payroll');
    const manager = await userId('manager');
    const payrollChennai = await rowOf(payroll, u2);
    const managerHo = await rowOf(manager, u1);
    const spare = await makeUser('spare-user', viewerRole, []);
    const list = (await limited.get('/api/resources/userUnitMap', { pageSize: 500 })).json() as { rows: { userId: number }[] };
    expect(list.rows.map((r) => r.userId)).not.toContain(payroll);
    expect(list.rows.map((r) => r.userId)).not.toContain(manager);
    expectStatus(await limited.get(`/api/resources/userUnitMap/${payrollChennai}`), 404);
    expectStatus(await limited.put(`/api/resources/userUnitMap/${payrollChennai}`, { userId: payroll, unitId: u2, isActive: false }), 404);
    expectStatus(await limited.delete(`/api/resources/userUnitMap/${payrollChennai}`), 404);
    expectStatus(await limited.put(`/api/resources/userUnitMap/${managerHo}`, { userId: spare, unitId: u1, isActive: true }), 404);
    expectStatus(await limited.put(`/api/resources/userUnitMap/mapping/${payroll}`, { items: [{ itemId: u1 }] }), 404);
    expect(await rowsOf(payroll)).toEqual([
      { id: expect.any(Number), unitId: u1, isActive: true },
      { id: payrollChennai, unitId: u2, isActive: true },
      { id: expect.any(Number), unitId: u3, isActive: true },
    ]);
    expect(await rowsOf(manager)).toEqual([{ id: managerHo, unitId: u1, isActive: true }]);
    expect(await rowsOf(spare)).toEqual([]);
    // The payroll officer still reaches Chennai's runs.
    const payrollApi = api(t.app, await signIn(t.app, 'payroll'));
    expectStatus(await payrollApi.get('/api/payroll/runs', { unitId: u2 }), 200);
  });

  it('still manages an account wholly inside units 1 and 2, but moves its row to no account out of reach', async () => {
    const near = await makeUser('near-user', viewerRole, [u1]);
    const other = await makeUser('near-other', viewerRole, []);
    const far = await userId('far-user');
    const created = await limited.post('/api/resources/userUnitMap', { userId: near, unitId: u2 });
    expectStatus(created, 201);
    const id = created.json().id as number;
    const seen = (await limited.get('/api/resources/userUnitMap', { pageSize: 500 })).json() as { rows: { id: number }[] };
    expect(seen.rows.map((r) => r.id)).toContain(id);
    expectStatus(await limited.put(`/api/resources/userUnitMap/${id}`, { userId: near, unitId: u2, isActive: false }), 200);
    // Moving the row: the new account must be within reach as well.
    for (const target of [far, await userId('manager'), await userId('admin')]) {
      expectStatus(await limited.put(`/api/resources/userUnitMap/${id}`, { userId: target, unitId: u2, isActive: true }), 403);
    }
    expectStatus(await limited.put(`/api/resources/userUnitMap/${id}`, { userId: other, unitId: u2, isActive: true }), 200);
    expectStatus(await limited.delete(`/api/resources/userUnitMap/${id}`), 204);
    expectStatus(await limited.put(`/api/resources/userUnitMap/mapping/${near}`, { items: [{ itemId: u1 }, { itemId: u2 }] }), 200);
    expect((await rowsOf(near)).map((r) => r.unitId)).toEqual([u1, u2]);
    expect(await rowsOf(other)).toEqual([]);
    expect((await rowsOf(far)).map((r) => r.unitId)).toEqual([u3]);
  });

  it('the demo Manager given the mapping screen is held to the same rule; an administrator keeps full power', async () => {
    const managerRole = (await t.db.select({ roleId: users.roleId }).from(users).where(eq(users.userName, 'manager')))[0].roleId;
    await grant(managerRole, { [MENU.userUnitMap]: ['view', 'add', 'edit', 'delete'] });
    const manager = api(t.app, await signIn(t.app, 'manager'));
    const payroll = await userId('payroll');
    const far = await userId('far-user');
    const payrollChennai = await rowOf(payroll, u2);
    expectStatus(await manager.post('/api/resources/userUnitMap', { userId: far, unitId: u1 }), 403);
    expectStatus(await manager.post('/api/resources/userUnitMap', { userId: await userId('admin'), unitId: u1 }), 403);
    expectStatus(await manager.delete(`/api/resources/userUnitMap/${payrollChennai}`), 404);
    expect((await rowsOf(payroll)).map((r) => r.unitId)).toEqual([u1, u2, u3]);
    // Within reach it works.
    const spare = await makeUser('manager-spare', viewerRole, []);
    expectStatus(await manager.post('/api/resources/userUnitMap', { userId: spare, unitId: u1 }), 201);
    // The administrator maps and unmaps anyone.
    expectStatus(await admin.post('/api/resources/userUnitMap', { userId: far, unitId: u1 }), 201);
    expectStatus(await admin.delete(`/api/resources/userUnitMap/${payrollChennai}`), 204);
    expect((await rowsOf(payroll)).map((r) => r.unitId)).toEqual([u1, u3]);
    expectStatus(await admin.post('/api/resources/userUnitMap', { userId: payroll, unitId: u2 }), 201);
  });
});

describe('the Menu and Module masters grant nothing', () => {
  it('a non-administrator with edit on menus cannot point a menu it holds at the payroll screen', async () => {
    const salary = await menuBody(MENU.salaryProcess, { actionUrl: '/outlet/transaction/salary_process_old' });
    expectStatus(await limited.put(`/api/resources/menu/${salary.id}`, salary.body), 403);
    const dash = await menuBody(MENU.dashboard, { actionUrl: MENU.salaryProcess });
    const refused = await limited.put(`/api/resources/menu/${dash.id}`, dash.body);
    expect([403, 409]).toContain(refused.statusCode);
    expectStatus(await limited.get('/api/payroll/runs'), 403);
    expect((await menuOf(MENU.salaryProcess)).id).toBe(salary.id);
    expect((await menuOf(MENU.dashboard)).id).toBe(dash.id);
  });

  it('a non-administrator changes only a menu’s label, icon and order, and a module’s name; nothing is added, removed or switched', async () => {
    const dash = await menuBody(MENU.dashboard);
    const payrollModule = (await menuOf(MENU.salaryProcess)).moduleId;
    const other = (await t.db.select({ id: modules.id }).from(modules)).find((m) => m.id !== dash.body.moduleId)?.id as number;
    for (const change of [{ isActive: false }, { moduleId: other }, { parentId: (await menuOf(MENU.payslip)).id }]) {
      expectStatus(await limited.put(`/api/resources/menu/${dash.id}`, { ...dash.body, ...change }), 403);
    }
    const sample = { moduleId: dash.body.moduleId, label: 'Side door', actionUrl: '/outlet/side-door', icon: 'Menu', sortOrder: 1 };
    expectStatus(await limited.post('/api/resources/menu', sample), 403);
    expectStatus(await limited.delete(`/api/resources/menu/${(await menuOf(MENU.shift)).id}`), 403);
    expectStatus(await limited.post('/api/resources/module', { name: 'Side door', icon: 'Boxes', sortOrder: 1 }), 403);
    expectStatus(await limited.put(`/api/resources/module/${payrollModule}`, await moduleBody(payrollModule, { isActive: false })), 403);
    expectStatus(await limited.delete(`/api/resources/module/${payrollModule}`), 403);
    expect((await t.db.select().from(modules).where(eq(modules.id, payrollModule)))[0].isActive).toBe(true);
    expect(await menuOf('/outlet/side-door')).toBeUndefined();
    // The harmless fields still change.
    const renamed = await limited.put(`/api/resources/menu/${dash.id}`, { ...dash.body, label: 'Home', sortOrder: 5 });
    expectStatus(renamed, 200);
    expect(renamed.json()).toMatchObject({ label: 'Home', sortOrder: 5, actionUrl: MENU.dashboard, isActive: true });
    expectStatus(
      await limited.put(`/api/resources/module/${payrollModule}`, await moduleBody(payrollModule, { name: 'Payroll desk' })),
      200,
    );
  });

  it('the access screens’ menus and their module are never switched off, removed or re-pointed, not even by an administrator', async () => {
    const configure = (await menuOf(MENU.role)).moduleId;
    const off = await admin.put(`/api/resources/module/${configure}`, await moduleBody(configure, { isActive: false }));
    expectStatus(off, 409);
    expect(off.json().message).toMatch(/hands? out access/);
    expectStatus(await admin.delete(`/api/resources/module/${configure}`), 409);
    for (const url of ACCESS_MENUS) {
      const m = await menuBody(url);
      expectStatus(await admin.put(`/api/resources/menu/${m.id}`, { ...m.body, isActive: false }), 409);
      expectStatus(await admin.put(`/api/resources/menu/${m.id}`, { ...m.body, actionUrl: `${url}-old` }), 409);
      const removed = await admin.delete(`/api/resources/menu/${m.id}`);
      expectStatus(removed, 409);
      expect(removed.json().message).toMatch(/hands? out access/);
    }
    // Moved to a module that is switched off: refused; to an active one, that module is then held too.
    const spare = await admin.post('/api/resources/module', { name: 'Archive', icon: 'Archive', sortOrder: 90 });
    expectStatus(spare, 201);
    const archive = spare.json().id as number;
    expectStatus(await admin.put(`/api/resources/module/${archive}`, await moduleBody(archive, { isActive: false })), 200);
    const role = await menuBody(MENU.role);
    expectStatus(await admin.put(`/api/resources/menu/${role.id}`, { ...role.body, moduleId: archive }), 409);
    expectStatus(await admin.put(`/api/resources/module/${archive}`, await moduleBody(archive, { isActive: true })), 200);
    expectStatus(await admin.put(`/api/resources/menu/${role.id}`, { ...role.body, moduleId: archive }), 200);
    expectStatus(await admin.put(`/api/resources/module/${archive}`, await moduleBody(archive, { isActive: false })), 409);
    expectStatus(await admin.put(`/api/resources/menu/${role.id}`, role.body), 200);
    expectStatus(await admin.delete(`/api/resources/module/${archive}`), 204);
    // Every administrator still reaches roles, users, access, mappings and the audit trail.
    expectStatus(await admin.get('/api/access/roles'), 200);
    expectStatus(await admin.get('/api/resources/user'), 200);
    expectStatus(await admin.get('/api/resources/userUnitMap'), 200);
    expectStatus(await admin.get('/api/audit'), 200);
    expectStatus(await admin.get('/api/resources/menu'), 200);
    const live = await t.db.select({ isActive: menus.isActive, url: menus.actionUrl }).from(menus);
    for (const url of ACCESS_MENUS) expect(live.find((m) => m.url === url)?.isActive, url).toBe(true);
  });

  it('a menu roles hold never starts pointing at a screen; a path is one menu’s', async () => {
    const employee = api(t.app, await signIn(t.app, 'employee1'));
    const payroll = api(t.app, await signIn(t.app, 'payroll'));
    // Taking a menu off its screen narrows what its roles reach: allowed to an administrator.
    const salary = await menuBody(MENU.salaryProcess, { actionUrl: '/outlet/transaction/salary-process-retired' });
    expectStatus(await admin.put(`/api/resources/menu/${salary.id}`, salary.body), 200);
    expectStatus(await payroll.get('/api/payroll/runs'), 403);
    // The dashboard menu, which every employee holds, pointed at the now free payroll path: refused.
    const dash = await menuBody(MENU.dashboard, { actionUrl: MENU.salaryProcess });
    const refused = await admin.put(`/api/resources/menu/${dash.id}`, dash.body);
    expectStatus(refused, 409);
    expect(refused.json().fieldErrors).toHaveProperty('actionUrl');
    expectStatus(await employee.get('/api/payroll/runs'), 403);
    expect((await menuOf(MENU.dashboard)).id).toBe(dash.id);
    // A new menu for the screen grants nothing until roles are given it.
    const fresh = await admin.post('/api/resources/menu', { ...dash.body, label: 'Salary process (new)', actionUrl: MENU.salaryProcess });
    expectStatus(fresh, 201);
    expectStatus(await employee.get('/api/payroll/runs'), 403);
    expectStatus(await payroll.get('/api/payroll/runs'), 403);
    // One path, one menu, whatever its case.
    expectStatus(await admin.post('/api/resources/menu', { ...dash.body, label: 'Twin', actionUrl: MENU.salaryProcess }), 409);
    expectStatus(
      await admin.post('/api/resources/menu', { ...dash.body, label: 'Twin', actionUrl: MENU.salaryProcess.toUpperCase() }),
      409,
    );
    // The retired menu goes back to its screen once the new one is removed (it would otherwise be taken).
    expectStatus(await admin.delete(`/api/resources/menu/${fresh.json().id}`), 204);
    expectStatus(await admin.put(`/api/resources/menu/${salary.id}`, { ...salary.body, actionUrl: MENU.salaryProcess }), 409);
  });
});
