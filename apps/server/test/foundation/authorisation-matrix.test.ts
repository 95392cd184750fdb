// The authorisation matrix over every declared API route: for each route guarded by a menu and an
// action, a signed-in caller whose role holds every action on every menu EXCEPT that one is refused
// (403), and so is a caller whose role holds nothing. Routes added later are covered with no new test.
import { ACTIONS, type TAction } from '@hr/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus } from '../../src/db/schema';
import { reportEndpointAccess } from '../../src/modules/reports/routes';
import { createRole, createUser, grantMenus } from '../../src/seed/factories';
import type { SeedAction } from '../../src/seed/menu-tree';
import { api, createTestApp, type TestApp } from '../helpers';

let t: TestApp;
const tokenLacking = {} as Record<TAction, string>;
let tokenNothing = '';

async function tokenFor(userName: string): Promise<string> {
  const res = await api(t.app).post('/api/auth/sign-in', { userName, password: 'Matrix@12345' });
  expect(res.statusCode, `sign-in ${userName}`).toBe(200);
  return res.json().token;
}

beforeAll(async () => {
  t = await createTestApp();
  const allMenus = (await t.db.select({ url: menus.actionUrl }).from(menus)).map((m) => m.url);
  for (const action of ACTIONS) {
    const roleId = await createRole(t.db, { name: `Everything but ${action}` });
    const others = ACTIONS.filter((a) => a !== action) as SeedAction[];
    await grantMenus(t.db, roleId, Object.fromEntries(allMenus.map((u) => [u, others])));
    await createUser(t.db, { userName: `matrix-no-${action}`, password: 'Matrix@12345', fullName: `No ${action}`, roleId, unitIds: [1] });
    tokenLacking[action] = await tokenFor(`matrix-no-${action}`);
  }
  const nobody = await createRole(t.db, { name: 'No access at all' });
  await createUser(t.db, { userName: 'matrix-nothing', password: 'Matrix@12345', fullName: 'Nothing', roleId: nobody, unitIds: [1] });
  tokenNothing = await tokenFor('matrix-nothing');
});
afterAll(() => t?.close());

const concrete = (url: string) => url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x');
const call = (method: string, url: string, token: string) =>
  t.app.inject({
    method: method as 'GET',
    url: concrete(url),
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
    },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
  });

describe('authorisation matrix', () => {
  it('every menu-guarded route refuses a role that lacks exactly its action (403)', async () => {
    const guarded = t.app.apiRoutes.filter((r) => typeof r.access === 'object');
    expect(guarded.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const r of guarded) {
      if (typeof r.access !== 'object') continue;
      const res = await call(r.method, r.url, tokenLacking[r.access.action]);
      if (res.statusCode !== 403) wrong.push(`${r.method} ${r.url} (needs ${r.access.action}): ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every menu-guarded route refuses a role that holds no menu at all (403)', async () => {
    const wrong: string[] = [];
    for (const r of t.app.apiRoutes) {
      if (typeof r.access !== 'object') continue;
      const res = await call(r.method, r.url, tokenNothing);
      if (res.statusCode !== 403) wrong.push(`${r.method} ${r.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("every report endpoint refuses a role that lacks the report's own menu action, and one holding nothing (403)", async () => {
    const endpoints = reportEndpointAccess();
    // Every signed-in route of a report (/api/reports/:id…) is declared there, so none escapes the matrix.
    const declared = new Set(endpoints.map((e) => `${e.method} ${e.route}`));
    const reportRoutes = t.app.apiRoutes.filter((r) => r.url.startsWith('/api/reports/:id'));
    expect(reportRoutes.length).toBeGreaterThan(2);
    expect(reportRoutes.filter((r) => !declared.has(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const wrong: string[] = [];
    for (const e of endpoints) {
      for (const [who, token] of [
        ['lacking', tokenLacking[e.access.action]],
        ['nothing', tokenNothing],
      ] as const) {
        const res = await call(e.method, e.url, token);
        if (res.statusCode !== 403)
          wrong.push(`${who}: ${e.method} ${e.url} (needs ${e.access.action} on ${e.access.menu}): ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a role without any menu still reaches only the signed-in basics, never another employee', async () => {
    const me = await api(t.app, tokenNothing).get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().rawMenus).toEqual([]);
    // An account with no employee record has no "own" employee to read.
    const own = await api(t.app, tokenNothing).get('/api/me/employee');
    expect([403, 404]).toContain(own.statusCode);
  });
});
