/** The masters that are more than records: access grid, net-pay head, APK check, users, mappings, export. */

import { MENU } from '@hr/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, earningDeductions, holidays, states, unitDepartmentMap, unitSalaryApprovers } from '../../src/db/schema';
import { seedMasters } from '../../src/modules/masters/seed';
import { createRole, createUser, grantMenus } from '../../src/seed/factories';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { expectStatus } from './fixtures';

let t: TestApp;
let admin: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
});
afterAll(async () => {
  await t?.close();
});

async function roleId(name: string) {
  const roles = (await admin.get('/api/access/roles')).json() as { id: number; name: string }[];
  const role = roles.find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}

type Grid = { menus: { menuId: number; actionUrl: string; actions: Record<string, boolean> }[] };
const toRows = (g: Grid) =>
  g.menus.map((m) => ({
    menuId: m.menuId,
    canView: m.actions.view,
    canAdd: m.actions.add,
    canEdit: m.actions.edit,
    canDelete: m.actions.delete,
    canApprove: m.actions.approve,
  }));

describe('role-wise menu access grid', () => {
  it('saves every menu × action of a role at once, and the new rights apply', async () => {
    const id = await roleId('Employee');
    const grid = (await admin.get(`/api/access/roles/${id}/menus`)).json() as Grid;
    const rows = toRows(grid).map((r) => {
      const url = grid.menus.find((m) => m.menuId === r.menuId)?.actionUrl;
      return url === MENU.shift ? { ...r, canView: true, canAdd: true } : r;
    });
    const saved = await admin.put(`/api/access/roles/${id}/menus`, { rows });
    expectStatus(saved, 200);
    const employee = api(t.app, await signIn(t.app, 'employee1'));
    expectStatus(await employee.get('/api/resources/shift'), 200);
    // add granted, delete not.
    const created = await employee.post('/api/resources/shift', {
      name: 'Grid shift',
      code: 'GRD',
      startTime: '10:00',
      endTime: '19:00',
    });
    expectStatus(created, 201);
    expectStatus(await employee.delete(`/api/resources/shift/${created.json().id}`), 403);
    const after = (await admin.get(`/api/access/roles/${id}/menus`)).json() as Grid;
    const shift = after.menus.find((m) => m.actionUrl === MENU.shift);
    expect(shift?.actions).toMatchObject({ view: true, add: true, delete: false });
  });

  it('refuses the roles list and the grid to a role without the screen, and callers not signed in', async () => {
    const id = await roleId('Employee');
    const manager = api(t.app, await signIn(t.app, 'manager'));
    expectStatus(await manager.get('/api/access/roles'), 403);
    expectStatus(await manager.put(`/api/access/roles/${id}/menus`, { rows: [] }), 403);
    expectStatus(await api(t.app).get('/api/access/roles'), 401);
    expectStatus(await api(t.app).put(`/api/access/roles/${id}/menus`, { rows: [] }), 401);
  });

  it('counts the users and viewable menus of each role', async () => {
    const roles = (await admin.get('/api/access/roles')).json() as { name: string; userCount: number; menuCount: number }[];
    const employee = roles.find((r) => r.name === 'Employee');
    expect(employee?.userCount).toBeGreaterThanOrEqual(2);
    expect(employee?.menuCount).toBeGreaterThan(0);
  });

  it('refuses to take away the own role’s access to the grid, and unknown menus', async () => {
    const id = await roleId('Administrator');
    const grid = (await admin.get(`/api/access/roles/${id}/menus`)).json() as Grid;
    const rows = toRows(grid).map((r) => ({ ...r, canEdit: false }));
    expectStatus(await admin.put(`/api/access/roles/${id}/menus`, { rows }), 400);
    const bad = [{ menuId: 999999, canView: true, canAdd: false, canEdit: false, canDelete: false, canApprove: false }];
    expectStatus(await admin.put(`/api/access/roles/${await roleId('Employee')}/menus`, { rows: bad }), 400);
    expectStatus(await admin.put('/api/access/roles/999999/menus', { rows: [] }), 404);
  });
});

describe('earning / deduction heads', () => {
  it('allows only one active net pay head', async () => {
    const res = await admin.post('/api/resources/earningDeduction', {
      name: 'Second Net',
      code: 'NET2',
      printName: 'Net 2',
      isNetPayHead: true,
    });
    expectStatus(res, 409);
    expect(res.json().fieldErrors).toHaveProperty('isNetPayHead');
    // An inactive one is allowed.
    expectStatus(
      await admin.post('/api/resources/earningDeduction', {
        name: 'Old Net',
        code: 'NETOLD',
        printName: 'Net',
        isNetPayHead: true,
        isActive: false,
      }),
      201,
    );
  });

  it('seeds Salary Advance as head 41', async () => {
    const res = await admin.get('/api/resources/earningDeduction/41');
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ code: 'ADV', isEarning: false });
  });
});

describe('APK version', () => {
  it('tells a mobile app the latest and minimum versions without sign-in', async () => {
    const res = await api(t.app).get('/api/public/apk-version/latest', { versionCode: 90 });
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ latestVersionCode: 120, minSupportedVersionCode: 100, mustUpdate: true });
    expectStatus(
      await admin.post('/api/resources/apkVersion', {
        versionCode: 130,
        versionName: '1.3.0',
        minSupportedVersionCode: 120,
        isForceUpdate: true,
        releaseDate: '2026-11-01',
      }),
      201,
    );
    const after = (await api(t.app).get('/api/public/apk-version/latest', { versionCode: 120 })).json();
    expect(after).toMatchObject({ latestVersionCode: 130, forceUpdate: true, mustUpdate: true });
  });

  it('refuses a minimum above the version', async () => {
    const res = await admin.post('/api/resources/apkVersion', {
      versionCode: 140,
      versionName: '1.4.0',
      minSupportedVersionCode: 150,
      releaseDate: '2026-11-01',
    });
    expectStatus(res, 400);
    expect(res.json().fieldErrors).toHaveProperty('minSupportedVersionCode');
  });
});

describe('user master', () => {
  it('creates a user with a hashed password, resets it, and never returns the hash', async () => {
    const roles = await roleId('Employee');
    const noPassword = await admin.post('/api/resources/user', { userName: 'nopass', fullName: 'No Pass', roleId: roles });
    expectStatus(noPassword, 400);
    expect(noPassword.json().fieldErrors).toHaveProperty('password');

    const created = await admin.post('/api/resources/user', {
      userName: 'Clerk1',
      fullName: 'Payroll Clerk',
      email: 'Clerk1@Example.in',
      roleId: roles,
      password: 'Saffron-Kite-77',
    });
    expectStatus(created, 201);
    expect(JSON.stringify(created.json())).not.toMatch(/password|argon2/i);
    expect(created.json().email).toBe('clerk1@example.in');
    const signIn1 = await api(t.app).post('/api/auth/sign-in', { userName: 'clerk1', password: 'Saffron-Kite-77' });
    expectStatus(signIn1, 200);

    const id = created.json().id;
    const payload = { userName: 'Clerk1', fullName: 'Payroll Clerk', email: 'clerk1@example.in', roleId: roles };
    // No password on update keeps the old one.
    expectStatus(await admin.put(`/api/resources/user/${id}`, payload), 200);
    expectStatus(await api(t.app).post('/api/auth/sign-in', { userName: 'clerk1', password: 'Saffron-Kite-77' }), 200);
    expectStatus(await admin.put(`/api/resources/user/${id}`, { ...payload, password: 'Monsoon-Drum-58' }), 200);
    expectStatus(await api(t.app).post('/api/auth/sign-in', { userName: 'clerk1', password: 'Saffron-Kite-77' }), 401);
    expectStatus(await api(t.app).post('/api/auth/sign-in', { userName: 'clerk1', password: 'Monsoon-Drum-58' }), 200);

    const list = await admin.get('/api/resources/user', { search: 'clerk' });
    expect(list.body).not.toMatch(/argon2|passwordHash/);
    const audit = await admin.get(`/api/resources/user/${id}/audit`);
    expect(audit.body).not.toMatch(/argon2/);
  });

  it('refuses weak passwords with the reason, and changes nothing', async () => {
    const roles = await roleId('Employee');
    for (const [password, reason] of [
      ['password', /At least 10/],
      ['12345678', /At least 10/],
      ['          ', /blank/],
      ['Password@123', /too easy to guess/],
      ['Employee@1234', /too easy to guess/],
      ['weakling-2026', /user name/],
    ] as const) {
      const res = await admin.post('/api/resources/user', { userName: 'weakling', fullName: 'Weak', roleId: roles, password });
      expectStatus(res, 400);
      expect(res.json().fieldErrors.password.join(' ')).toMatch(reason);
    }
    expect((await admin.get('/api/resources/user', { search: 'weakling' })).json().total).toBe(0);
  });

  it('only an administrator gives the administrator role', async () => {
    const managerRole = await roleId('Manager');
    const grid = (await admin.get(`/api/access/roles/${managerRole}/menus`)).json() as Grid;
    const rows = toRows(grid).map((r) => {
      const url = grid.menus.find((m) => m.menuId === r.menuId)?.actionUrl;
      return url === MENU.userMaster ? { ...r, canView: true, canAdd: true, canEdit: true } : r;
    });
    expectStatus(await admin.put(`/api/access/roles/${managerRole}/menus`, { rows }), 200);
    const manager = api(t.app, await signIn(t.app, 'manager'));
    const body = { userName: 'sneaky', fullName: 'Sneaky', password: 'Quiet#Entry42' };
    expectStatus(await manager.post('/api/resources/user', { ...body, roleId: await roleId('Administrator') }), 403);
    // The Employee role was given the shift master above: more than the manager holds, so not theirs to give.
    expectStatus(await manager.post('/api/resources/user', { ...body, roleId: await roleId('Employee') }), 403);
    const small = await createRole(t.db, { name: 'Dashboard only' });
    await grantMenus(t.db, small, { [MENU.dashboard]: ['view'] });
    expectStatus(await manager.post('/api/resources/user', { ...body, roleId: small }), 201);
  });

  it('case-insensitive duplicate user names are refused', async () => {
    const res = await admin.post('/api/resources/user', {
      userName: 'ADMIN',
      fullName: 'Another admin',
      roleId: await roleId('Employee'),
      password: 'Banyan-Lamp-63',
    });
    expectStatus(res, 409);
    expect(res.json().fieldErrors).toHaveProperty('userName');
  });
});

describe('unit-wise mappings', () => {
  it('edits one unit’s departments as a checklist saved at once', async () => {
    const units = (await admin.get('/api/resources/unit')).json().rows as { id: number; code: string }[];
    const mys = units.find((u) => u.code === 'CMP-MYS')?.id as number;
    const lines = (await admin.get(`/api/resources/unitDepartmentMap/mapping/${mys}`)).json() as {
      itemId: number;
      label: string;
      mapped: boolean;
    }[];
    expect(lines.length).toBeGreaterThan(4);
    const picked = lines.slice(0, 2).map((l) => ({ itemId: l.itemId }));
    expectStatus(await admin.put(`/api/resources/unitDepartmentMap/mapping/${mys}`, { items: picked }), 200);
    const after = (await admin.get(`/api/resources/unitDepartmentMap/mapping/${mys}`)).json() as { mapped: boolean }[];
    expect(after.filter((l) => l.mapped)).toHaveLength(2);
    expectStatus(await admin.put(`/api/resources/unitDepartmentMap/mapping/${mys}`, { items: [{ itemId: 999999 }] }), 400);
    expectStatus(await admin.get('/api/resources/unitDepartmentMap/mapping/999999'), 404);
  });

  it('keeps an inactive mapped item on the checklist so it can be unmapped', async () => {
    const dept = await admin.post('/api/resources/department', { name: 'Zz Retired Department', code: 'ZZRET' });
    expectStatus(dept, 201);
    const deptId = dept.json().id as number;
    expectStatus(await admin.put('/api/resources/unitDepartmentMap/mapping/1', { items: [{ itemId: deptId }] }), 200);
    expectStatus(
      await admin.put(`/api/resources/department/${deptId}`, { name: 'Zz Retired Department', code: 'ZZRET', isActive: false }),
      200,
    );
    const lines = (await admin.get('/api/resources/unitDepartmentMap/mapping/1')).json() as { itemId: number; mapped: boolean }[];
    expect(lines.find((l) => l.itemId === deptId)?.mapped).toBe(true);
  });

  it('keeps extras (order, mandatory, level) per item', async () => {
    const lines = (await admin.get('/api/resources/unitSalaryApprover/mapping/1')).json() as { itemId: number }[];
    const items = lines.slice(0, 2).map((l, i) => ({ itemId: l.itemId, level: i + 1 }));
    expectStatus(await admin.put('/api/resources/unitSalaryApprover/mapping/1', { items }), 200);
    const after = (await admin.get('/api/resources/unitSalaryApprover/mapping/1')).json() as {
      itemId: number;
      mapped: boolean;
      level: number;
    }[];
    expect(
      after
        .filter((l) => l.mapped)
        .map((l) => l.level)
        .sort(),
    ).toEqual([1, 2]);
  });
});

describe('user-wise unit mapping by a non-administrator', () => {
  it('edits only users whose units are all theirs, and only to units they hold', async () => {
    const managerRole = await roleId('Manager');
    const grid = (await admin.get(`/api/access/roles/${managerRole}/menus`)).json() as Grid;
    const rows = toRows(grid).map((r) => {
      const url = grid.menus.find((m) => m.menuId === r.menuId)?.actionUrl;
      return url === MENU.userUnitMap ? { ...r, canView: true, canEdit: true } : r;
    });
    expectStatus(await admin.put(`/api/access/roles/${managerRole}/menus`, { rows }), 200);
    const units = (await admin.get('/api/resources/unit')).json().rows as { id: number; code: string }[];
    const id = (code: string) => units.find((u) => u.code === code)?.id as number;
    const small = await createRole(t.db, { name: 'Dashboard viewer' });
    await grantMenus(t.db, small, { [MENU.dashboard]: ['view'] });
    const target = await createUser(t.db, { userName: 'mapped-user', password: 'Mapped@12345', fullName: 'Mapped', roleId: small });
    const all3 = ['HO-BLR', 'BR-CHN', 'CMP-MYS'].map((c) => ({ itemId: id(c) }));
    expectStatus(await admin.put(`/api/resources/userUnitMap/mapping/${target}`, { items: all3 }), 200);

    const manager = api(t.app, await signIn(t.app, 'manager'));
    // A user who also holds a unit outside the manager's is out of their reach altogether.
    expectStatus(await manager.get(`/api/resources/userUnitMap/mapping/${target}`), 404);
    expectStatus(await manager.put(`/api/resources/userUnitMap/mapping/${target}`, { items: [{ itemId: id('HO-BLR') }] }), 404);
    expectStatus(await admin.put(`/api/resources/userUnitMap/mapping/${target}`, { items: all3.slice(0, 2) }), 200);
    const seen = (await manager.get(`/api/resources/userUnitMap/mapping/${target}`)).json() as { itemId: number }[];
    expect(seen.map((l) => l.itemId)).not.toContain(id('CMP-MYS'));
    expectStatus(await manager.put(`/api/resources/userUnitMap/mapping/${target}`, { items: [{ itemId: id('CMP-MYS') }] }), 403);
    expectStatus(await manager.put(`/api/resources/userUnitMap/mapping/${target}`, { items: [{ itemId: id('HO-BLR') }] }), 200);
    const after = (await admin.get(`/api/resources/userUnitMap/mapping/${target}`)).json() as { itemId: number; mapped: boolean }[];
    expect(after.filter((l) => l.mapped).map((l) => l.itemId)).toEqual([id('HO-BLR')]);
  });
});

describe('export and filters', () => {
  it('exports the filtered list as an Excel workbook', async () => {
    const res = await admin.get('/api/resources/state/export.xlsx', { search: 'Tamil' });
    expectStatus(res, 200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('filters states by union territory and refuses unknown filters', async () => {
    const res = await admin.get('/api/resources/state', { filters: JSON.stringify({ isUnionTerritory: true }), pageSize: 100 });
    expectStatus(res, 200);
    expect(res.json().total).toBe(8);
    const states = await admin.get('/api/resources/state', { filters: JSON.stringify({ isUnionTerritory: false }), pageSize: 100 });
    expect(states.json().total).toBeGreaterThanOrEqual(28);
    expectStatus(await admin.get('/api/resources/state', { filters: JSON.stringify({ name: 'x' }) }), 400);
    expectStatus(await admin.get('/api/resources/state', { filters: '{bad' }), 400);
  });

  it('reads the audit trail only as an administrator', async () => {
    const manager = api(t.app, await signIn(t.app, 'manager'));
    expectStatus(await manager.get('/api/resources/shift/1/audit'), 403);
  });

  it('refuses a night shift not marked as such, naming the field', async () => {
    const res = await admin.post('/api/resources/shift', { name: 'Late', code: 'LATE', startTime: '22:00', endTime: '06:00' });
    expectStatus(res, 400);
    expect(res.json().fieldErrors).toHaveProperty('isNightShift');
  });
});

describe('seed', () => {
  it('is idempotent and seeds India’s 28 states and 8 union territories', async () => {
    const tables = [states, holidays, unitDepartmentMap, unitSalaryApprovers, earningDeductions, countries];
    const count = async () => Promise.all(tables.map((x) => t.db.$count(x)));
    const before = await count();
    await seedMasters(t.db);
    expect(await count()).toEqual(before);
    const india = await admin.get('/api/resources/state', { pageSize: 100, filters: JSON.stringify({ countryId: 1 }) });
    const rows = india.json().rows as { isUnionTerritory: boolean }[];
    expect(rows.filter((r) => !r.isUnionTerritory)).toHaveLength(28);
    expect(rows.filter((r) => r.isUnionTerritory)).toHaveLength(8);
    const plus91 = await admin.get('/api/resources/mobileCode', { search: '+91' });
    expect(plus91.json().rows.map((r: { code: string }) => r.code)).toContain('+91');
  });
});

describe('OpenAPI', () => {
  it('documents the routes of every resource', async () => {
    const res = await api(t.app).get('/api/docs/json');
    expectStatus(res, 200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain('/api/resources/shift/{id}');
    expect(paths).toContain('/api/resources/unitEmployeeDocTypeMap/mapping/{ownerId}');
    expect(paths).toContain('/api/public/apk-version/latest');
  });
});

describe('select options for other screens', () => {
  it('lets a screen that picks from a master read its options, and nothing more', async () => {
    const employee = api(t.app, await signIn(t.app, 'employee1'));
    const options = await employee.get('/api/resources/leaveType/options', { search: 'leave' });
    expectStatus(options, 200);
    expect((options.json() as { label: string }[]).map((o) => o.label)).toContain('Casual Leave');
    expectStatus(await employee.get('/api/resources/leaveType'), 403);
    expectStatus(await employee.get('/api/resources/user/options'), 403);
  });
});

describe('list sorting', () => {
  it('sorts text the way people read it, ignoring letter case', async () => {
    for (const name of ['cherry Mode', 'Banana Mode', 'apple Mode'])
      expectStatus(await admin.post('/api/resources/educationMode', { name }), 201);
    const names = async (dir: 'asc' | 'desc') =>
      (
        (await admin.get('/api/resources/educationMode', { search: ' Mode', sort: 'name', dir, pageSize: 50 })).json().rows as {
          name: string;
        }[]
      )
        .map((r) => r.name)
        .filter((n) => n.endsWith(' Mode'));
    expect(await names('asc')).toEqual(['apple Mode', 'Banana Mode', 'cherry Mode']);
    expect(await names('desc')).toEqual(['cherry Mode', 'Banana Mode', 'apple Mode']);
  });
});
