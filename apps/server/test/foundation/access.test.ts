import { MENU } from '@hr/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { menus, modules } from '../../src/db/schema';
import { registerAccessGuard } from '../../src/modules/access/hooks';
import { roleIdByName } from '../../src/seed/core';
import { grantMenus, revokeMenu } from '../../src/seed/factories';
import { api, createTestApp, type DemoUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
const tokens = {} as Record<DemoUser, string>;
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'employee1', 'employee2'] as const) tokens[who] = await signIn(t.app, who);
});
afterAll(() => t?.close());

const menuUrls = async (who: DemoUser) => {
  const me = (await api(t.app, tokens[who]).get('/api/auth/me')).json();
  return new Set<string>(me.rawMenus.map((m: { actionUrl: string }) => m.actionUrl));
};

describe('menus by role', () => {
  it('differ between administrator, manager and employee', async () => {
    const admin = await menuUrls('admin');
    const manager = await menuUrls('manager');
    const employee = await menuUrls('employee1');

    expect(admin.has(MENU.roleWiseMenuAccess)).toBe(true);
    expect(admin.has(MENU.salaryProcess)).toBe(true);
    expect(admin.has(MENU.careerOpening)).toBe(true);

    expect(manager.has(MENU.allRequestWfh)).toBe(true);
    expect(manager.has(MENU.adminDashboard)).toBe(true);
    expect(manager.has(MENU.employee)).toBe(true);
    expect(manager.has(MENU.shift)).toBe(false);
    expect(manager.has(MENU.salaryFormula)).toBe(false);
    // A manager approves salary runs as a unit's salary approver (view and approve, nothing else).
    expect(manager.has(MENU.salaryProcess)).toBe(true);

    expect(employee.has(MENU.requestWfh)).toBe(true);
    expect(employee.has(MENU.profile)).toBe(true);
    expect(employee.has(MENU.payslip)).toBe(true);
    expect(employee.has(MENU.allRequestWfh)).toBe(false);
    expect(employee.has(MENU.adminDashboard)).toBe(false);
    expect(employee.has(MENU.unit)).toBe(false);

    expect(admin.size).toBeGreaterThan(manager.size);
    expect(manager.size).toBeGreaterThan(employee.size);
  });

  it('groups appMenus by module in order', async () => {
    const me = (await api(t.app, tokens.employee1).get('/api/auth/me')).json();
    const names = me.appMenus.map((m: { name: string }) => m.name);
    expect(names).toEqual(['Dashboard', 'Requests', 'Me', 'My Profile']);
    const orders = me.appMenus.map((m: { sortOrder: number }) => m.sortOrder);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
  });
});

describe('actions', () => {
  it('refuses a route to a role without the action (403) and allows it with', async () => {
    const url = '/api/access/roles/1/menus';
    expect((await api(t.app, tokens.employee1).get(url)).statusCode).toBe(403);
    expect((await api(t.app, tokens.manager).get(url)).statusCode).toBe(403);
    const ok = await api(t.app, tokens.admin).get(url);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().role.name).toBe('Administrator');
    expect(ok.json().menus.every((m: { actions: { view: boolean } }) => m.actions.view)).toBe(true);
  });

  it('follows changes of role-wise menu access at once', async () => {
    const managerRole = (await roleIdByName(t.db, 'Manager')) as number;
    const url = '/api/access/roles/3/menus';
    await grantMenus(t.db, managerRole, { [MENU.roleWiseMenuAccess]: ['view'] });
    expect((await api(t.app, tokens.manager).get(url)).statusCode).toBe(200);
    await revokeMenu(t.db, managerRole, MENU.roleWiseMenuAccess);
    expect((await api(t.app, tokens.manager).get(url)).statusCode).toBe(403);
  });

  it('checks session and action in one database query per request (lastSeenAt fresh)', async () => {
    const client = t.database.client as unknown as { query: (...args: unknown[]) => unknown };
    await api(t.app, tokens.manager).get('/api/dashboard/units/1'); // refreshes lastSeenAt if stale
    const spy = vi.spyOn(client, 'query');
    try {
      // The handler of this route asks nothing more of the database than the one unit.
      expect((await api(t.app, tokens.manager).get('/api/dashboard/units/1')).statusCode).toBe(200);
      expect(spy).toHaveBeenCalledTimes(2);
      spy.mockClear();
      expect((await api(t.app, tokens.employee1).get('/api/access/roles/1/menus')).statusCode).toBe(403);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 404 for an unknown role', async () => {
    expect((await api(t.app, tokens.admin).get('/api/access/roles/9999/menus')).statusCode).toBe(404);
  });
});

describe('units', () => {
  it('a manager reads mapped units but not others', async () => {
    const me = (await api(t.app, tokens.admin).get('/api/auth/me')).json();
    const id = (code: string) => me.units.find((u: { code: string }) => u.code === code).id;
    expect((await api(t.app, tokens.manager).get(`/api/dashboard/units/${id('HO-BLR')}`)).statusCode).toBe(200);
    expect((await api(t.app, tokens.manager).get(`/api/dashboard/units/${id('BR-CHN')}`)).statusCode).toBe(200);
    const refused = await api(t.app, tokens.manager).get(`/api/dashboard/units/${id('CMP-MYS')}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/not mapped/);
    expect((await api(t.app, tokens.admin).get(`/api/dashboard/units/${id('CMP-MYS')}`)).statusCode).toBe(200);
  });

  it("the dashboard lists only the caller's units", async () => {
    const codes = async (who: DemoUser) =>
      (await api(t.app, tokens[who]).get('/api/dashboard/summary'))
        .json()
        .units.map((u: { code: string }) => u.code)
        .sort();
    expect(await codes('admin')).toEqual(['BR-CHN', 'CMP-MYS', 'HO-BLR']);
    expect(await codes('manager')).toEqual(['BR-CHN', 'HO-BLR']);
    expect(await codes('employee1')).toEqual(['HO-BLR']);
  });
});

describe('the guard covers every route', () => {
  it('every non-public /api route refuses a caller without a token (401), and every device route a caller that is no device (403)', async () => {
    const devices = t.app.apiRoutes.filter((r) => r.access === 'device');
    for (const r of devices) {
      const res = await t.app.inject({ method: r.method as 'GET', url: r.url });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
    const routes = t.app.apiRoutes.filter((r) => r.access !== 'public' && r.access !== 'device');
    expect(routes.length).toBeGreaterThan(3);
    for (const r of routes) {
      const url = r.url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x');
      const res = await t.app.inject({ method: r.method as 'GET', url });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('every menu a route names exists in the seeded menus (no typos in actionUrls)', async () => {
    const known = new Set((await t.db.select({ url: menus.actionUrl }).from(menus)).map((m) => m.url));
    const unknown: string[] = [];
    for (const r of t.app.apiRoutes) {
      if (typeof r.access !== 'object') continue;
      for (const menu of [r.access.menu].flat()) if (!known.has(menu)) unknown.push(`${r.method} ${r.url}: ${menu}`);
    }
    expect(unknown).toEqual([]);
  });

  it('a route without config.access cannot be registered', () => {
    const app = Fastify();
    registerAccessGuard(app);
    expect(() => app.get('/api/oops', async () => 'x')).toThrow(/must declare config.access/);
    expect(() => app.get('/not-api', async () => 'x')).not.toThrow();
  });
});

describe('inactive menus and modules', () => {
  it('a switched-off module hides its menus and refuses its routes, like a switched-off menu', async () => {
    const url = MENU.roleWiseMenuAccess;
    const [menu] = await t.db.select().from(menus).where(eq(menus.actionUrl, url));
    const setModule = (isActive: boolean) => t.db.update(modules).set({ isActive }).where(eq(modules.id, menu.moduleId));
    const admin = api(t.app, tokens.admin);
    const call = () => admin.get('/api/access/roles/1/menus');
    expect((await call()).statusCode).toBe(200);
    await setModule(false);
    try {
      expect((await call()).statusCode).toBe(403);
      expect(await menuUrls('admin')).not.toContain(url);
    } finally {
      await setModule(true);
    }
    expect((await call()).statusCode).toBe(200);
  });
});
