import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isoDateIn, monthOf, todayIn } from '@hr/calendar';
import { MENU } from '@hr/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { employeeDocTypes, employees, unitEmployeeDocTypeMap, units, users, userUnitMap } from '../../src/db/schema';
import { rng, validAadhaar } from '../../src/modules/employees/demo-data';
import { roleIdByName } from '../../src/seed/core';
import { grantMenus, revokeMenu } from '../../src/seed/factories';
import { multipart, PDF, PNG } from '../employees/fixtures';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

type Figures = { active: number; onNotice: number; joinedThisMonth: number; exitedThisMonth: number; missingDocuments: number };
type Unit = { id: number; code: string; name: string; figures: Figures | null };
type Summary = { today: string; timeZone: string; month: string; units: Unit[] };

let t: TestApp;
let admin: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;
let unitId: Record<string, number>;
let refs: { departmentId: number; designationId: number };
let testUnit: number;
let month: string;
let lastMonthDay: string;

beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: mkdtempSync(path.join(tmpdir(), 'hr-dash-')) } });
  admin = api(t.app, await signIn(t.app, 'admin'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  unitId = Object.fromEntries((await t.db.select().from(units)).map((x) => [x.code, x.id]));
  const [any] = await t.db.select().from(employees).orderBy(employees.id).limit(1);
  refs = { departmentId: any.departmentId, designationId: any.designationId };
  month = monthOf(todayIn(t.config.orgTimeZone)).month;
  const [y, m] = month.split('-').map(Number);
  lastMonthDay = m === 1 ? `${y - 1}-12-15` : `${y}-${String(m - 1).padStart(2, '0')}-15`;

  // A unit of the test's own, without staff: PAN mandatory, photo optional, Aadhaar mandatory but switched off.
  const [u] = await t.db
    .insert(units)
    .values({ name: 'Dashboard Test Unit', code: 'DSH-TST', city: 'Pune', stateName: 'Maharashtra' })
    .returning();
  testUnit = u.id;
  const types = Object.fromEntries((await t.db.select().from(employeeDocTypes)).map((x) => [x.code, x.id]));
  await t.db.insert(unitEmployeeDocTypeMap).values([
    { unitId: testUnit, employeeDocTypeId: types.PAN, isMandatory: true },
    { unitId: testUnit, employeeDocTypeId: types.PHOTO, isMandatory: false },
    { unitId: testUnit, employeeDocTypeId: types.AADHAAR, isMandatory: true, isActive: false },
  ]);
});
afterAll(() => t?.close());

const aadhaar = validAadhaar(rng(7));
let seq = 0;
async function addEmployee(over: Record<string, unknown>): Promise<number> {
  seq++;
  const res = await admin.post('/api/employees', {
    employeeCode: `DSH-${seq}`,
    name: `Dashboard Person ${seq}`,
    gender: 'Female',
    dateOfBirth: '1990-03-10',
    mobile: '9845012345',
    unitId: testUnit,
    ...refs,
    dateOfJoining: '2020-06-01',
    aadhaar,
    payModeId: 1,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function upload(employeeId: number, code: string) {
  const [type] = await t.db.select().from(employeeDocTypes).where(eq(employeeDocTypes.code, code));
  const res = await admin.post(
    `/api/employees/${employeeId}/documents?docTypeId=${type.id}`,
    undefined,
    code === 'PHOTO'
      ? multipart({ name: 'photo.png', type: 'image/png', data: PNG })
      : multipart({ name: `${code}.pdf`, type: 'application/pdf', data: PDF }),
  );
  expect(res.statusCode, res.body).toBe(201);
}

const summary = async (who: ReturnType<typeof api>) => {
  const res = await who.get('/api/dashboard/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Summary;
};
const figuresOf = (s: Summary, id: number) => s.units.find((u) => u.id === id)?.figures;

describe('dashboard figures', () => {
  it("counts the seeded units' staff (12 a unit: one on notice, one exited in December 2025, no documents)", async () => {
    const s = await summary(admin);
    expect(s.month).toBe(s.today.slice(0, 7));
    for (const code of ['HO-BLR', 'BR-CHN', 'CMP-MYS']) {
      expect(figuresOf(s, unitId[code]), code).toEqual({
        active: 10,
        onNotice: 1,
        joinedThisMonth: 0,
        exitedThisMonth: 0,
        missingDocuments: 10,
      });
    }
    expect(figuresOf(s, testUnit)).toEqual({ active: 0, onNotice: 0, joinedThisMonth: 0, exitedThisMonth: 0, missingDocuments: 0 });
  });

  it('counts headcount, notice, joiners and leavers of this month and active staff missing mandatory documents', async () => {
    const joiner = await addEmployee({ dateOfJoining: `${month}-01` }); // active, joined this month, PAN given
    await upload(joiner, 'PAN');
    await addEmployee({}); // active, nothing uploaded: missing PAN
    const optionalOnly = await addEmployee({}); // active, only the optional photo: still missing PAN
    await upload(optionalOnly, 'PHOTO');
    await addEmployee({ status: 'onNotice' }); // on notice, missing PAN, but not active
    await addEmployee({ status: 'exited', exitDate: `${month}-01`, exitReason: 'Resigned' }); // exited this month
    await addEmployee({ status: 'exited', exitDate: lastMonthDay, exitReason: 'Resigned' }); // exited last month

    expect(figuresOf(await summary(admin), testUnit)).toEqual({
      active: 3,
      onNotice: 1,
      joinedThisMonth: 1,
      exitedThisMonth: 1,
      missingDocuments: 2,
    });

    // Uploading the missing PAN takes one off; the switched-off Aadhaar mapping never counted.
    const [missing] = await t.db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.unitId, testUnit), eq(employees.employeeCode, 'DSH-2')));
    await upload(missing.id, 'PAN');
    expect(figuresOf(await summary(admin), testUnit)?.missingDocuments).toBe(1);
  });
});

describe('dashboard scoping', () => {
  it("a manager gets the figures of their mapped units only, and follows the mapping and the employee list's access", async () => {
    await addEmployee({ unitId: unitId['HO-BLR'], dateOfJoining: `${month}-01` });
    const s = await summary(manager);
    expect(s.units.map((u) => u.code).sort()).toEqual(['BR-CHN', 'HO-BLR']);
    expect(figuresOf(s, unitId['HO-BLR'])).toEqual({
      active: 11,
      onNotice: 1,
      joinedThisMonth: 1,
      exitedThisMonth: 0,
      missingDocuments: 11,
    });
    expect(figuresOf(s, unitId['BR-CHN'])).toEqual({
      active: 10,
      onNotice: 1,
      joinedThisMonth: 0,
      exitedThisMonth: 0,
      missingDocuments: 10,
    });

    // Mapped to the test unit, the manager sees its figures too (the same as the administrator's).
    const [mgr] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'manager'));
    await t.db.insert(userUnitMap).values({ userId: mgr.id, unitId: testUnit });
    const mapped = await summary(manager);
    expect(figuresOf(mapped, testUnit)).toEqual({ active: 3, onNotice: 1, joinedThisMonth: 1, exitedThisMonth: 1, missingDocuments: 1 });
    expect(mapped.units.some((u) => u.id === unitId['CMP-MYS'])).toBe(false);

    // A role that may not view the employee list sees its units' names only.
    const role = (await roleIdByName(t.db, 'Manager')) as number;
    await revokeMenu(t.db, role, MENU.employee);
    try {
      const names = await summary(manager);
      expect(names.units.length).toBe(3);
      expect(names.units.every((u) => u.figures === null)).toBe(true);
    } finally {
      await grantMenus(t.db, role, { [MENU.employee]: ['view'] });
    }
    expect(figuresOf(await summary(manager), testUnit)?.active).toBe(3);
  });

  it("a self-service employee sees their unit's name and no figures", async () => {
    const s = await summary(emp1);
    expect(s.units.map((u) => u.code)).toEqual(['HO-BLR']);
    expect(s.units[0].figures).toBeNull();
    expect(JSON.stringify(s)).not.toMatch(/missingDocuments|onNotice/);
  });

  it('one unit: an inactive unit is not found, like a missing one', async () => {
    expect((await admin.get(`/api/dashboard/units/${unitId['HO-BLR']}`)).statusCode).toBe(200);
    await t.db.update(units).set({ isActive: false }).where(eq(units.id, testUnit));
    try {
      expect((await admin.get(`/api/dashboard/units/${testUnit}`)).statusCode).toBe(404);
    } finally {
      await t.db.update(units).set({ isActive: true }).where(eq(units.id, testUnit));
    }
    expect((await api(t.app).get(`/api/dashboard/units/${testUnit}`)).statusCode).toBe(401);
  });
});

describe('the month of the figures', () => {
  it("is the calendar month of the organisation's today", () => {
    // 30 November 19:00 UTC is already 1 December in India.
    const today = isoDateIn('Asia/Kolkata', new Date('2026-11-30T19:00:00Z'));
    expect(monthOf(today)).toEqual({ month: '2026-12', startDate: '2026-12-01', endDate: '2026-12-31', nextStartDate: '2027-01-01' });
    expect(monthOf(isoDateIn('UTC', new Date('2026-11-30T19:00:00Z')))).toEqual({
      month: '2026-11',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      nextStartDate: '2026-12-01',
    });
  });
});

describe('the missing-documents figure kept by the database', () => {
  /** Every employee's kept figure against a direct count: they must never disagree. */
  async function expectKeptFiguresTrue() {
    const wrong = await queryRows<{ id: number; kept: number; actual: number }>(
      t.db,
      sql`select e.id, e.missing_mandatory_docs as kept, (
            select count(*)::int from unit_employee_doc_type_map m join employee_doc_types dt on dt.id = m.employee_doc_type_id
            where m.unit_id = e.unit_id and m.is_mandatory and m.is_active and dt.is_active
              and not exists (select 1 from employee_documents d where d.employee_id = e.id and d.doc_type_id = m.employee_doc_type_id)
          ) as actual
          from employees e`,
    );
    expect(wrong.filter((r) => r.kept !== r.actual)).toEqual([]);
  }
  const missingOf = async (id: number) => (await t.db.select().from(employees).where(eq(employees.id, id)))[0].missingMandatoryDocs;

  it('follows uploads, deletions, the unit-wise map, document types and a move to another unit', async () => {
    await expectKeptFiguresTrue();
    const id = await addEmployee({});
    const types = Object.fromEntries((await t.db.select().from(employeeDocTypes)).map((x) => [x.code, x.id]));
    expect(await missingOf(id)).toBe(1); // PAN
    // The unit now wants the photo too.
    await t.db
      .update(unitEmployeeDocTypeMap)
      .set({ isMandatory: true })
      .where(and(eq(unitEmployeeDocTypeMap.unitId, testUnit), eq(unitEmployeeDocTypeMap.employeeDocTypeId, types.PHOTO)));
    expect(await missingOf(id)).toBe(2);
    await upload(id, 'PHOTO');
    expect(await missingOf(id)).toBe(1);
    // The switched-off Aadhaar mapping comes back on; then Aadhaar as a type is switched off everywhere.
    await t.db
      .update(unitEmployeeDocTypeMap)
      .set({ isActive: true })
      .where(and(eq(unitEmployeeDocTypeMap.unitId, testUnit), eq(unitEmployeeDocTypeMap.employeeDocTypeId, types.AADHAAR)));
    expect(await missingOf(id)).toBe(2);
    await t.db.update(employeeDocTypes).set({ isActive: false }).where(eq(employeeDocTypes.id, types.AADHAAR));
    expect(await missingOf(id)).toBe(1);
    await expectKeptFiguresTrue();
    await t.db.update(employeeDocTypes).set({ isActive: true }).where(eq(employeeDocTypes.id, types.AADHAAR));
    // Deleting the uploaded photo brings it back.
    const docs = (await admin.get(`/api/employees/${id}/documents`)).json().documents as { id: number; docTypeId: number }[];
    const photo = docs.find((d) => d.docTypeId === types.PHOTO)!;
    expect((await admin.delete(`/api/employee-documents/${photo.id}`)).statusCode).toBe(204);
    expect(await missingOf(id)).toBe(3);
    // Moving to a seeded unit takes that unit's mandatory types.
    await t.db.update(employees).set({ unitId: unitId['HO-BLR'] }).where(eq(employees.id, id));
    await expectKeptFiguresTrue();
    // Removing the test unit's map rows clears what they asked for.
    await t.db
      .update(unitEmployeeDocTypeMap)
      .set({ isActive: true, isMandatory: false })
      .where(eq(unitEmployeeDocTypeMap.unitId, testUnit));
    await expectKeptFiguresTrue();
    await t.db.update(employees).set({ unitId: testUnit }).where(eq(employees.id, id));
    expect(await missingOf(id)).toBe(0);
    await expectKeptFiguresTrue();
  });
});
