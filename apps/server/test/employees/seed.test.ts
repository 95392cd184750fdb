import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, cities, countries, employees, maritalStatuses, mobileCodes, states, units } from '../../src/db/schema';
import { seedEmployees } from '../../src/modules/employees/seed';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const byCode = async (code: string) => (await t.db.select().from(employees).where(eq(employees.employeeCode, code)))[0];

describe('employee demo seed', () => {
  it("fills contact, address and job look-ups from the seeded lists, in the unit's state and city", async () => {
    const [plus91] = await t.db.select().from(mobileCodes).where(eq(mobileCodes.code, '+91'));
    const [india] = await t.db.select().from(countries).where(eq(countries.name, 'India'));
    const rows = await t.db
      .select({ e: employees, unitCity: units.city, unitState: units.stateName })
      .from(employees)
      .innerJoin(units, eq(units.id, employees.unitId));
    expect(rows.length).toBeGreaterThanOrEqual(36);
    const stateRows = await t.db.select().from(states);
    const cityRows = await t.db.select().from(cities);
    const areaRows = await t.db.select().from(areas);
    for (const { e, unitCity, unitState } of rows) {
      expect(e.mobileCodeId).toBe(plus91.id);
      expect(e.presentCountryId).toBe(india.id);
      expect(stateRows.find((s) => s.id === e.presentStateId)?.name).toBe(unitState);
      const city = cityRows.find((c) => c.id === e.presentCityId);
      expect(city?.name).toBe(unitCity);
      const area = areaRows.find((a) => a.id === e.presentAreaId);
      expect(area?.cityId).toBe(city?.id);
      expect(e.presentAddress).toContain(area?.name);
      expect(e.presentPincode).toBe(area?.pinCode);
      for (const col of ['maritalStatusId', 'categoryId', 'positionId', 'jobNatureId', 'divisionId', 'regionId'] as const) {
        expect(e[col], `${e.employeeCode} ${col}`).not.toBeNull();
      }
    }
    // Some come from elsewhere: a permanent address with its own state and city.
    const permanent = rows.filter((r) => r.e.permanentAddress);
    expect(permanent.length).toBeGreaterThan(3);
    for (const { e } of permanent) {
      const city = cityRows.find((c) => c.id === e.permanentCityId);
      expect(city?.stateId).toBe(e.permanentStateId);
      expect(e.permanentAddress).toContain(city?.name);
      expect(e.permanentPincode).toMatch(/^[1-9]\d{5}$/);
    }
    // The Mysuru campus' teaching staff carry academic details.
    expect(rows.some((r) => r.e.academicDomainId != null)).toBe(true);
  });

  it('shows the details on My profile', async () => {
    const me = (await api(t.app, await signIn(t.app, 'employee1')).get('/api/me/employee')).json();
    expect(me).toMatchObject({ employeeCode: 'BLR0002' });
    for (const key of ['mobileCodeId', 'maritalStatusId', 'presentCountryId', 'presentStateId', 'presentCityId', 'presentAreaId']) {
      expect(me[key], key).toEqual(expect.any(Number));
    }
  });

  it('fills an older seed once and leaves records changed through the app alone', async () => {
    const blank = {
      mobileCodeId: null,
      maritalStatusId: null,
      presentCountryId: null,
      presentStateId: null,
      presentCityId: null,
      presentAreaId: null,
      presentAddress: '7, Old Street',
      presentPincode: '560001',
      jobNatureId: null,
    };
    const [single] = await t.db.select().from(maritalStatuses).where(eq(maritalStatuses.name, 'Single'));
    const untouched = await byCode('BLR0003');
    await t.db.update(employees).set(blank).where(eq(employees.employeeCode, 'BLR0003'));
    // An administrator's edit: one look-up set, the rest cleared on purpose.
    await t.db
      .update(employees)
      .set({ ...blank, maritalStatusId: single.id, updatedBy: 1 })
      .where(eq(employees.employeeCode, 'BLR0004'));
    const before = await t.db.select({ n: employees.id }).from(employees);

    await seedEmployees(t.db);
    await seedEmployees(t.db);

    expect((await t.db.select({ n: employees.id }).from(employees)).length).toBe(before.length);
    const refilled = await byCode('BLR0003');
    expect(refilled).toMatchObject({
      mobileCodeId: untouched.mobileCodeId,
      maritalStatusId: untouched.maritalStatusId,
      presentCountryId: untouched.presentCountryId,
      presentStateId: untouched.presentStateId,
      presentCityId: untouched.presentCityId,
      presentAreaId: untouched.presentAreaId,
      presentAddress: untouched.presentAddress,
      presentPincode: untouched.presentPincode,
      jobNatureId: untouched.jobNatureId,
    });
    const kept = await byCode('BLR0004');
    expect(kept).toMatchObject({ ...blank, maritalStatusId: single.id });
  });

  it('keeps a filled column as it is on a re-seed', async () => {
    const [widowed] = await t.db.select().from(maritalStatuses).where(eq(maritalStatuses.name, 'Widowed'));
    await t.db
      .update(employees)
      .set({ maritalStatusId: widowed.id })
      .where(inArray(employees.employeeCode, ['BLR0005']));
    await seedEmployees(t.db);
    expect((await byCode('BLR0005')).maritalStatusId).toBe(widowed.id);
  });
});
