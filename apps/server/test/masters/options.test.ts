// Select options are the one way forms pick from a master: searched on the server (no silent cap on long
// look-ups), narrowed by filter fields (the cities of a state) and by a unit's mapping (its departments).
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { cities, countries, departments, states, unitDepartmentMap } from '../../src/db/schema';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let stateA = 0;
let stateB = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  const [country] = await t.db.select({ id: countries.id }).from(countries).limit(1);
  const [a, b] = await t.db
    .insert(states)
    .values([
      { name: 'Optionland', countryId: country.id },
      { name: 'Otherland', countryId: country.id },
    ])
    .returning({ id: states.id });
  stateA = a.id;
  stateB = b.id;
  // Six thousand cities in one state: more than the old form's silent 5,000 limit.
  await t.db.execute(
    sql`insert into ${cities} (name, state_id) select 'Optcity ' || lpad(g::text, 4, '0'), ${stateA} from generate_series(1, 6000) g`,
  );
  await t.db.insert(cities).values({ name: 'Optcity Elsewhere', stateId: stateB });
});
afterAll(() => t?.close());

const options = async (resource: string, query: Record<string, string | number>, who = admin) => {
  const res = await who.get(`/api/resources/${resource}/options`, query);
  return { status: res.statusCode, rows: res.statusCode === 200 ? (res.json() as { id: number; label: string }[]) : [] };
};

describe('select options', () => {
  it('reach every row of a long look-up by search', async () => {
    const { status, rows } = await options('city', { search: 'Optcity 5999' });
    expect(status).toBe(200);
    expect(rows.map((r) => r.label)).toEqual(['Optcity 5999']);
  });

  it('narrow by a filter field (the cities of a state), and refuse a field that is not a filter', async () => {
    const inB = await options('city', { search: 'Optcity', filters: JSON.stringify({ stateId: stateB }) });
    expect(inB.rows.map((r) => r.label)).toEqual(['Optcity Elsewhere']);
    const inA = await options('city', { search: 'Optcity', filters: JSON.stringify({ stateId: stateA }), limit: 200 });
    expect(inA.rows).toHaveLength(200);
    expect(inA.rows.every((r) => r.label !== 'Optcity Elsewhere')).toBe(true);
    expect((await options('city', { filters: JSON.stringify({ name: 'x' }) })).status).toBe(400);
    expect((await options('city', { filters: '{"stateId":' })).status).toBe(400);
    expect((await options('city', { filters: JSON.stringify({ stateId: 99999999999 }) })).status).toBe(400);
  });

  it('offer a unit only the departments its mapping gives it (all when it has none)', async () => {
    const all = await t.db.select({ id: departments.id }).from(departments);
    const [unitWithMap, unitWithout] = [1, 3];
    await t.db.delete(unitDepartmentMap).where(sql`${unitDepartmentMap.unitId} in (${unitWithMap}, ${unitWithout})`);
    await t.db.insert(unitDepartmentMap).values({ unitId: unitWithMap, departmentId: all[0].id });
    const mapped = await options('department', { mappedToUnit: unitWithMap });
    expect(mapped.rows.map((r) => r.id)).toEqual([all[0].id]);
    const unmapped = await options('department', { mappedToUnit: unitWithout });
    expect(unmapped.rows.length).toBe(all.length);
    // A current value outside the mapping still shows by its label (the form does not lose it).
    const kept = await options('department', { mappedToUnit: unitWithMap, ids: String(all[1].id) });
    expect(kept.rows.map((r) => r.id).sort()).toEqual([all[0].id, all[1].id].sort());
  });

  it('are open to the screens that pick from them, and to nobody else', async () => {
    const employee = api(t.app, await signIn(t.app, 'employee1'));
    // My profile's address fields pick cities.
    expect((await options('city', { search: 'Optcity 0001' }, employee)).status).toBe(200);
    // Departments belong to the employee record screen, which staff do not hold.
    expect((await options('department', {}, employee)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/resources/city/options' })).statusCode).toBe(401);
  });
});

describe('select options for a non-administrator', () => {
  it('answer the manager and a custom unit-limited role as the administrator: search, filters, quotes, a unit of their own', async () => {
    const limited = await createUnitLimitedUser(t, { menus: [MENU.employee], unitIds: [1, 2] });
    const callers = [
      ['manager', api(t.app, await signIn(t.app, 'manager'))],
      ['custom unit-limited role', limited.api],
    ] as const;
    const asks: [string, Record<string, string | number>][] = [
      ['city', { search: 'Optcity 5999' }],
      ['city', { search: 'Optcity', filters: JSON.stringify({ stateId: stateB }) }],
      ['city', { search: 'Optcity', filters: JSON.stringify({ stateId: stateA }), limit: 200 }],
      ['city', { search: "O'Brien 9876" }],
      ['department', {}],
      ['department', { mappedToUnit: 1 }],
      ['department', { mappedToUnit: 2, search: "d'" }],
    ];
    for (const [who, caller] of callers) {
      for (const [resource, query] of asks) {
        const mine = await options(resource, query, caller);
        expect(mine.status, `${who} ${resource} ${JSON.stringify(query)}`).toBe(200);
        expect(mine.rows, `${who} ${resource} ${JSON.stringify(query)}`).toEqual((await options(resource, query)).rows);
      }
      expect((await options('city', { filters: JSON.stringify({ name: 'x' }) }, caller)).status).toBe(400);
      // Another unit's department mapping is not theirs to read: that unit is missing to them.
      expect((await options('department', { mappedToUnit: 3 }, caller)).status, who).toBe(404);
    }
  });
});

describe('mapping checklists', () => {
  it('list every candidate, however many (no silent first 5,000)', async () => {
    await t.db.execute(
      sql`insert into designations (code, name) select 'CHK' || g, 'Checklist designation ' || g from generate_series(1, 5100) g`,
    );
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from designations where is_active`);
    const lines = (await admin.get('/api/resources/unitDesignationMap/mapping/1')).json() as { itemId: number }[];
    expect(n).toBeGreaterThan(5100);
    expect(lines.length).toBeGreaterThanOrEqual(n);
  });
});
