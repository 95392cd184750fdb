/** The unit set-up checklist (GET /api/masters/units/{id}/setup, issue 28): what a unit still lacks, and who may ask. */
import { getResource, MENU, type TResource, type TUnitSetup } from '@hr/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import { expectStatus, samplePayload } from './fixtures';

let t: TestApp;
let admin: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
});
afterAll(() => t?.close());

const byKey = (s: TUnitSetup) => Object.fromEntries(s.items.map((i) => [i.key, i]));

describe('unit set-up checklist', () => {
  it('a seeded unit: every line with its count and the screen that sets it', async () => {
    const res = await admin.get('/api/masters/units/1/setup');
    expectStatus(res, 200);
    const setup = res.json() as TUnitSetup;
    expect(setup.unitId).toBe(1);
    expect(setup.items.map((i) => i.key)).toEqual([
      'departments',
      'designations',
      'heads',
      'leaveTypes',
      'approvers',
      'holidays',
      'shifts',
    ]);
    const items = byKey(setup);
    expect(items.departments.done).toBe(true);
    expect(items.departments.count).toBeGreaterThan(0);
    expect(items.departments.link).toBe(MENU.unitDepartmentMap);
    expect(items.heads.link).toBe(MENU.unitEarningDeductionMap);
    expect(items.holidays.link).toBe(MENU.holiday);
    expect(items.shifts.link).toBe(MENU.viewShift);
    for (const i of setup.items) expect(i.detail.length, i.key).toBeGreaterThan(0);
  });

  it('a new unit lacks everything, and a mapped department is counted', async () => {
    const unit = getResource('unit') as TResource;
    const created = await admin.post('/api/resources/unit', await samplePayload(admin, unit));
    expectStatus(created, 201);
    const id = created.json().id as number;
    const before = byKey((await admin.get(`/api/masters/units/${id}/setup`)).json() as TUnitSetup);
    for (const key of ['departments', 'designations', 'heads', 'leaveTypes', 'approvers', 'holidays', 'shifts']) {
      expect(before[key].done, key).toBe(false);
    }
    expect(before.departments.detail).toBe('No department mapped to this unit yet');
    expect(before.shifts.detail).toBe('No active employee in this unit yet');

    const department = (await admin.get('/api/resources/department', { pageSize: 1 })).json().rows[0].id as number;
    expectStatus(await admin.put(`/api/resources/unitDepartmentMap/mapping/${id}`, { items: [{ itemId: department }] }), 200);
    const after = byKey((await admin.get(`/api/masters/units/${id}/setup`)).json() as TUnitSetup);
    expect(after.departments).toMatchObject({ done: true, count: 1, detail: '1 department mapped' });
  });

  it('bad and unknown ids: 400 and 404', async () => {
    expectStatus(await admin.get('/api/masters/units/abc/setup'), 400);
    expectStatus(await admin.get('/api/masters/units/0/setup'), 400);
    expectStatus(await admin.get('/api/masters/units/999999/setup'), 404);
  });

  it('an employee (no unit menu) is refused with 403; without a session 401', async () => {
    const employee = api(t.app, await signIn(t.app, 'employee1'));
    expectStatus(await employee.get('/api/masters/units/1/setup'), 403);
    expectStatus(await api(t.app).get('/api/masters/units/1/setup'), 401);
  });

  it('a custom role limited to unit 1 reads unit 1 and gets 404 for unit 2', async () => {
    const limited = await createUnitLimitedUser(t, { menus: [MENU.unit], unitIds: [1] });
    expectStatus(await limited.api.get('/api/masters/units/1/setup'), 200);
    expectStatus(await limited.api.get('/api/masters/units/2/setup'), 404);
    const other = await createUnitLimitedUser(t, { menus: [MENU.holiday], unitIds: [1] });
    expectStatus(await other.api.get('/api/masters/units/1/setup'), 403);
  });
});
