import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENU } from '@hr/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, employeeDocTypes, employees, units, users, userUnitMap } from '../../src/db/schema';
import { rng, validAadhaar } from '../../src/modules/employees/demo-data';
import { registerEmployeeUsage, tableUsage } from '../../src/modules/employees/usage';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import { fakeExe, multipart, PDF, PNG } from './fixtures';

let t: TestApp;
let admin: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;
let unitId: Record<string, number>;
let refs: { departmentId: number; designationId: number };

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-emp-'));
  t = await createTestApp({ config: { dataDir, uploadMaxMb: 1 } });
  admin = api(t.app, await signIn(t.app, 'admin'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  const u = await t.db.select().from(units);
  unitId = Object.fromEntries(u.map((x) => [x.code, x.id]));
  const [any] = await t.db.select().from(employees).orderBy(employees.id).limit(1);
  refs = { departmentId: any.departmentId, designationId: any.designationId };
});
afterAll(() => t?.close());

const aadhaar = validAadhaar(rng(42));
let seq = 0;
function newEmployee(over: Record<string, unknown> = {}) {
  seq++;
  return {
    employeeCode: `T-${String(seq).padStart(4, '0')}`,
    name: 'Meera Iyer',
    gender: 'Female',
    dateOfBirth: '1992-05-14',
    mobile: '9845012345',
    email: `meera${seq}@example.in`,
    unitId: unitId['HO-BLR'],
    ...refs,
    dateOfJoining: '2020-06-01',
    pan: 'ABCPI1234K',
    aadhaar,
    payModeId: 2,
    bankAccountNo: '50100123456789',
    ifsc: 'HDFC0000523',
    bankName: 'HDFC Bank',
    ...over,
  };
}

describe('employee record', () => {
  it('creates, reads and updates; Aadhaar is kept as its last four digits only', async () => {
    const res = await admin.post('/api/employees', newEmployee({ employeeCode: 'T-CRUD' }));
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json();
    expect(e.aadhaarMasked).toBe(`XXXX XXXX ${aadhaar.slice(-4)}`);
    expect(JSON.stringify(e)).not.toContain(aadhaar);
    const [row] = await t.db.select().from(employees).where(eq(employees.id, e.id));
    expect(row.aadhaarLast4).toBe(aadhaar.slice(-4));
    expect(JSON.stringify(row)).not.toContain(aadhaar);

    const upd = await admin.post(
      `/api/employees/${e.id}`,
      newEmployee({ employeeCode: 'T-CRUD', name: 'Meera R Iyer', aadhaar: '', status: 'onNotice' }),
    );
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().name).toBe('Meera R Iyer');
    expect(upd.json().aadhaarMasked).toBe(`XXXX XXXX ${aadhaar.slice(-4)}`); // empty keeps the stored one
    const read = await admin.get(`/api/employees/${e.id}`);
    expect(read.json().status).toBe('onNotice');
  });

  it.each([
    ['pan', 'ABCDE12345', /PAN/],
    ['pan', 'abcpi1234', /PAN/],
    ['ifsc', 'HDFC1000523', /IFSC/],
    ['ifsc', 'HDF0000523', /IFSC/],
    ['aadhaar', '123456789012', /Aadhaar/],
    ['aadhaar', `${aadhaar.slice(0, 11)}${(Number(aadhaar[11]) + 1) % 10}`, /Aadhaar/],
    ['mobile', '5845012345', /Mobile/],
    ['mobile', '98450123', /Mobile/],
  ])('refuses %s %s with 400 and the field error', async (field, value, msg) => {
    const res = await admin.post('/api/employees', newEmployee({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field].join(' ')).toMatch(msg);
  });

  it('answers 409 for a duplicate employee code, whatever its letter case', async () => {
    expect((await admin.post('/api/employees', newEmployee({ employeeCode: 'DUP-1' }))).statusCode).toBe(201);
    const res = await admin.post('/api/employees', newEmployee({ employeeCode: 'dup-1' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().fieldErrors.employeeCode).toBeTruthy();
  });

  it('needs an exit date for an exited employee, and keeps the record', async () => {
    const created = (await admin.post('/api/employees', newEmployee())).json();
    const bad = await admin.post(`/api/employees/${created.id}`, newEmployee({ employeeCode: created.employeeCode, status: 'exited' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.exitDate).toBeTruthy();
    const ok = await admin.post(
      `/api/employees/${created.id}`,
      newEmployee({ employeeCode: created.employeeCode, status: 'exited', exitDate: '2026-01-31', exitReason: 'Resigned' }),
    );
    expect(ok.statusCode).toBe(200);
    expect((await admin.get(`/api/employees/${created.id}`)).json().status).toBe('exited');
  });
});

describe('scoping', () => {
  it('administrator sees every unit; manager only mapped units; employee only self', async () => {
    const all = (await admin.get('/api/employees', { pageSize: 500 })).json();
    const unitsSeen = new Set(all.rows.map((r: { unitId: number }) => r.unitId));
    expect(unitsSeen.has(unitId['CMP-MYS'])).toBe(true);

    const mgr = (await manager.get('/api/employees', { pageSize: 500 })).json();
    expect(mgr.total).toBeGreaterThan(0);
    expect(mgr.rows.every((r: { unitId: number }) => [unitId['HO-BLR'], unitId['BR-CHN']].includes(r.unitId))).toBe(true);
    const mysuru = all.rows.find((r: { unitId: number }) => r.unitId === unitId['CMP-MYS']);
    expect((await manager.get(`/api/employees/${mysuru.id}`)).statusCode).toBe(404);

    // employee1 has no view on the employee list, but reads their own record and nobody else's.
    expect((await emp1.get('/api/employees')).statusCode).toBe(403);
    const me = (await emp1.get('/api/me/employee')).json();
    expect(me.employeeCode).toBe('BLR0002');
    expect((await emp1.get(`/api/employees/${me.id}`)).statusCode).toBe(200);
    const other = all.rows.find((r: { id: number }) => r.id !== me.id);
    expect((await emp1.get(`/api/employees/${other.id}`)).statusCode).toBe(404);
  });

  it('one kept page query serves callers of the same shape with their own units and filters', async () => {
    // The list's page query is built once per shape and kept (a prepared query): the values must be each call's.
    const unitsOf = (body: { rows: { unitId: number }[] }) => new Set(body.rows.map((r) => r.unitId));
    const before = (await manager.get('/api/employees', { pageSize: 500, search: 'a' })).json();
    expect([...unitsOf(before)].sort()).toEqual([unitId['BR-CHN'], unitId['HO-BLR']].sort());
    // The manager mapped to Mysuru as well: the same shape, another unit list.
    const [mgr] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'manager'));
    await t.db.insert(userUnitMap).values({ userId: mgr.id, unitId: unitId['CMP-MYS'] });
    try {
      const after = (await manager.get('/api/employees', { pageSize: 500, search: 'a' })).json();
      expect(unitsOf(after).has(unitId['CMP-MYS'])).toBe(true);
      expect(after.total).toBeGreaterThan(before.total);
    } finally {
      await t.db.delete(userUnitMap).where(and(eq(userUnitMap.userId, mgr.id), eq(userUnitMap.unitId, unitId['CMP-MYS'])));
    }
    // Two filters of one shape: each unit's own rows and total.
    for (const code of ['HO-BLR', 'BR-CHN', 'CMP-MYS']) {
      const one = (await admin.get('/api/employees', { pageSize: 500, unitId: unitId[code] })).json();
      expect(one.total).toBeGreaterThan(0);
      expect([...unitsOf(one)]).toEqual([unitId[code]]);
      expect(one.rows).toHaveLength(one.total);
    }
  });

  it('manager cannot add employees (role) and an employee cannot change job fields', async () => {
    expect((await manager.post('/api/employees', newEmployee())).statusCode).toBe(403);
    const me = (await emp1.get('/api/me/employee')).json();
    expect((await emp1.post(`/api/employees/${me.id}`, newEmployee({ employeeCode: me.employeeCode }))).statusCode).toBe(403);
  });

  it('pages, sorts, searches and filters on the server', async () => {
    const p1 = (await admin.get('/api/employees', { page: 1, pageSize: 5, sort: 'name', order: 'asc' })).json();
    const p2 = (await admin.get('/api/employees', { page: 2, pageSize: 5, sort: 'name', order: 'asc' })).json();
    expect(p1.rows).toHaveLength(5);
    expect(p1.total).toBe(p2.total);
    const names = [...p1.rows, ...p2.rows].map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const byCode = (await admin.get('/api/employees', { search: 'blr0002' })).json();
    expect(byCode.rows.map((r: { employeeCode: string }) => r.employeeCode)).toContain('BLR0002');
    const priya = byCode.rows.find((r: { employeeCode: string }) => r.employeeCode === 'BLR0002');
    const byMobile = (await admin.get('/api/employees', { search: priya.mobile.slice(2, 9) })).json();
    expect(byMobile.rows.some((r: { id: number }) => r.id === priya.id)).toBe(true);
    const exited = (await admin.get('/api/employees', { status: 'exited', unitId: unitId['BR-CHN'] })).json();
    expect(exited.total).toBeGreaterThan(0);
    expect(exited.rows.every((r: { status: string; unitId: number }) => r.status === 'exited' && r.unitId === unitId['BR-CHN'])).toBe(true);
  });

  it('exports the filtered list to Excel', async () => {
    const res = await admin.get('/api/employees/export', { unitId: unitId['BR-CHN'] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('user account and delete', () => {
  it('creates a sign-in account with the Employee role, linked to the record', async () => {
    const e = (await admin.post('/api/employees', newEmployee())).json();
    const res = await admin.post(`/api/employees/${e.id}/user-account`, { userName: `meera.${e.id}`, password: 'Meera#Payroll26' });
    expect(res.statusCode, res.body).toBe(201);
    const [u] = await t.db.select().from(users).where(eq(users.id, res.json().userId));
    expect(u.employeeId).toBe(e.id);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName: `meera.${e.id}`, password: 'Meera#Payroll26' },
    });
    const self = api(t.app, signin.json().token);
    expect((await self.get('/api/me/employee')).json().id).toBe(e.id);
    expect(
      (await admin.post(`/api/employees/${e.id}/user-account`, { userName: `other.${e.id}`, password: 'Meera#Payroll26' })).statusCode,
    ).toBe(409);
  });

  it('refuses account creation and delete to a role with only view on the employee screen', async () => {
    const e = (await admin.post('/api/employees', newEmployee())).json();
    expect(
      (await manager.post(`/api/employees/${e.id}/user-account`, { userName: `m.${e.id}`, password: 'Meera#Payroll26' })).statusCode,
    ).toBe(403);
    expect((await manager.delete(`/api/employees/${e.id}`)).statusCode).toBe(403);
    expect((await admin.get(`/api/employees/${e.id}`)).statusCode).toBe(200);
    expect((await manager.get('/api/employee-change-requests')).statusCode).toBe(403);
  });

  it('answers 404 for a photo an employee does not have', async () => {
    const e = (await admin.post('/api/employees', newEmployee())).json();
    const res = await admin.get(`/api/employees/${e.id}/photo`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No photo');
  });

  it('deletes an unused employee, and refuses with 409 once something uses them', async () => {
    const free = (await admin.post('/api/employees', newEmployee())).json();
    expect((await admin.delete(`/api/employees/${free.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/employees/${free.id}`)).statusCode).toBe(404);

    // Built-in use: someone reports to them.
    const boss = (await admin.post('/api/employees', newEmployee())).json();
    expect((await admin.post('/api/employees', newEmployee({ reportingManagerId: boss.id }))).statusCode).toBe(201);
    const refused = await admin.delete(`/api/employees/${boss.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/reporting to them/);
  });

  it('runs the checkers other areas register (here: uploaded documents, standing in for attendance and salary)', async () => {
    const { employeeDocuments } = await import('../../src/db/schema');
    registerEmployeeUsage(tableUsage('uploaded documents (test checker)', employeeDocuments, employeeDocuments.employeeId));
    const e = (await admin.post('/api/employees', newEmployee())).json();
    const [type] = await t.db.select().from(employeeDocTypes).where(eq(employeeDocTypes.code, 'PAN'));
    const up = await admin.post(
      `/api/employees/${e.id}/documents?docTypeId=${type.id}`,
      undefined,
      multipart({ name: 'pan.pdf', type: 'application/pdf', data: PDF }),
    );
    expect(up.statusCode, up.body).toBe(201);
    const res = await admin.delete(`/api/employees/${e.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/1 uploaded documents/);
  });
});

describe('documents', () => {
  let me: { id: number };
  let panType: number;
  let photoType: number;
  beforeAll(async () => {
    me = (await emp1.get('/api/me/employee')).json();
    const types = await t.db.select().from(employeeDocTypes);
    panType = types.find((x) => x.code === 'PAN')!.id;
    photoType = types.find((x) => x.code === 'PHOTO')!.id;
  });

  it('lists mandatory documents missing for the unit, then uploads and downloads one', async () => {
    const before = (await emp1.get(`/api/employees/${me.id}/documents`)).json();
    expect(before.missingMandatory.map((m: { docTypeName: string }) => m.docTypeName)).toContain('PAN Card');
    const up = await emp1.post(
      `/api/employees/${me.id}/documents?docTypeId=${panType}`,
      undefined,
      multipart({ name: '../../etc/passwd/My PAN;rm -rf.pdf', type: 'application/pdf', data: PDF }),
    );
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().fileName).not.toMatch(/[/\\;]/);
    const after = (await emp1.get(`/api/employees/${me.id}/documents`)).json();
    expect(after.missingMandatory.map((m: { docTypeName: string }) => m.docTypeName)).not.toContain('PAN Card');
    const doc = after.documents.find((d: { docTypeId: number }) => d.docTypeId === panType);
    const dl = await emp1.get(`/api/employee-documents/${doc.id}/download`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    // managers of the unit and administrators may download too; a stranger may not
    expect((await manager.get(`/api/employee-documents/${doc.id}/download`)).statusCode).toBe(200);
    expect((await admin.get(`/api/employee-documents/${doc.id}/download`)).statusCode).toBe(200);
    const emp2 = api(t.app, await signIn(t.app, 'employee2'));
    expect((await emp2.get(`/api/employee-documents/${doc.id}/download`)).statusCode).toBe(404);
    // delete: a stranger is refused; the employee may; the file is gone afterwards
    expect((await emp2.delete(`/api/employee-documents/${doc.id}`)).statusCode).toBe(404);
    expect((await emp1.delete(`/api/employee-documents/${doc.id}`)).statusCode).toBe(204);
    expect((await emp1.get(`/api/employee-documents/${doc.id}/download`)).statusCode).toBe(404);
    const gone = (await emp1.get(`/api/employees/${me.id}/documents`)).json();
    expect(gone.missingMandatory.map((m: { docTypeName: string }) => m.docTypeName)).toContain('PAN Card');
  });

  it('refuses a disguised executable with 400, whatever its name and declared type', async () => {
    const res = await emp1.post(
      `/api/employees/${me.id}/documents?docTypeId=${panType}`,
      undefined,
      multipart({ name: 'pan.pdf', type: 'application/pdf', data: fakeExe() }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not an allowed type/);
  });

  it('refuses a PDF for a type that allows only images (content decides)', async () => {
    const res = await emp1.post(
      `/api/employees/${me.id}/documents?docTypeId=${photoType}`,
      undefined,
      multipart({ name: 'photo.png', type: 'image/png', data: PDF }),
    );
    expect(res.statusCode).toBe(400);
    const ok = await emp1.post(
      `/api/employees/${me.id}/documents?docTypeId=${photoType}`,
      undefined,
      multipart({ name: 'photo.png', type: 'image/png', data: PNG }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it('answers 413 with a clear message over the size limit', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(1.5 * 1024 * 1024, 0x20)]);
    const res = await emp1.post(
      `/api/employees/${me.id}/documents?docTypeId=${panType}`,
      undefined,
      multipart({ name: 'big.pdf', type: 'application/pdf', data: big }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than the 1\.0 MB allowed/);
  });

  it('an employee cannot upload to someone else', async () => {
    const [other] = await t.db.select().from(employees).where(eq(employees.employeeCode, 'CHN0001'));
    const res = await emp1.post(
      `/api/employees/${other.id}/documents?docTypeId=${panType}`,
      undefined,
      multipart({ name: 'x.pdf', type: 'application/pdf', data: PDF }),
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('my profile', () => {
  it('lets the employee change contact details but not bank details directly', async () => {
    const me = (await emp1.get('/api/me/employee')).json();
    const res = await emp1.post('/api/me/employee/contact', {
      mobile: '9900112233',
      email: 'priya.new@example.in',
      presentAddress: '7, 9th Main, Jayanagar, Bengaluru',
      presentPincode: '560041',
      emergencyContactName: 'Sunil Sharma',
      emergencyContactRelation: 'Brother',
      emergencyContactMobile: '9811122233',
      // ignored: not a contact field
      ifsc: 'SBIN0000001',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mobile).toBe('9900112233');
    expect(res.json().ifsc).toBe(me.ifsc);
  });

  it('bank / statutory changes are requests an administrator approves', async () => {
    const me = (await emp1.get('/api/me/employee')).json();
    const bad = await emp1.post('/api/me/employee/change-requests', { changes: { ifsc: 'BAD' } });
    expect(bad.statusCode).toBe(400);
    const newAadhaar = validAadhaar(rng(99));
    const req = await emp1.post('/api/me/employee/change-requests', {
      changes: { ifsc: 'sbin0001234', bankAccountNo: '123456789012', aadhaar: newAadhaar },
      reason: 'Moved my salary account',
    });
    expect(req.statusCode, req.body).toBe(201);
    expect((await emp1.post('/api/me/employee/change-requests', { changes: { uan: '100200300400' } })).statusCode).toBe(409);
    const pending = (await admin.get('/api/employee-change-requests')).json();
    const mine = pending.find((r: { id: number }) => r.id === req.json().id);
    expect(mine.changes.aadhaar).toBe(`XXXX XXXX ${newAadhaar.slice(-4)}`);
    expect(JSON.stringify(pending)).not.toContain(newAadhaar);
    expect((await manager.post(`/api/employee-change-requests/${mine.id}/decide`, { approve: true })).statusCode).toBe(403);
    expect((await admin.post(`/api/employee-change-requests/${mine.id}/decide`, { approve: true })).statusCode).toBe(204);
    const after = (await emp1.get('/api/me/employee')).json();
    expect(after.ifsc).toBe('SBIN0001234');
    expect(after.bankAccountNo).toBe('123456789012');
    expect(after.aadhaarMasked).toBe(`XXXX XXXX ${newAadhaar.slice(-4)}`);
    expect(me.ifsc).not.toBe(after.ifsc);
  });
});

describe('ID cards', () => {
  it('gives an employee only their own card, and an administrator a unit batch', async () => {
    const own = (await emp1.get('/api/id-cards')).json();
    expect(own.cards).toHaveLength(1);
    expect(own.cards[0].employeeCode).toBe('BLR0002');
    const batch = (await admin.get('/api/id-cards', { unitId: unitId['CMP-MYS'] })).json();
    expect(batch.cards.length).toBeGreaterThan(5);
    expect(batch.cards.every((c: { unit: string }) => c.unit === 'Mysuru Campus')).toBe(true);
    expect((await manager.get('/api/id-cards', { unitId: unitId['CMP-MYS'] })).statusCode).toBe(403);
  });
});

describe('own-screen rights stay on the own record', () => {
  it('a manager with My documents rights cannot upload to a staff member (only the employee screen edit right would allow it)', async () => {
    const [staff] = await t.db.select().from(employees).where(eq(employees.employeeCode, 'BLR0003'));
    const [type] = await t.db.select().from(employeeDocTypes).where(eq(employeeDocTypes.code, 'PAN'));
    const res = await manager.post(
      `/api/employees/${staff.id}/documents?docTypeId=${type.id}`,
      undefined,
      multipart({ name: 'x.pdf', type: 'application/pdf', data: PDF }),
    );
    expect(res.statusCode).toBe(403);
    expect(
      (await manager.post(`/api/employees/${staff.id}/photo`, undefined, multipart({ name: 'p.png', type: 'image/png', data: PNG })))
        .statusCode,
    ).toBe(403);
    // …but may still view and download them (managers of the unit)
    expect((await manager.get(`/api/employees/${staff.id}/documents`)).statusCode).toBe(200);
  });

  it('the employee changes their own photo', async () => {
    const me = (await emp1.get('/api/me/employee')).json();
    expect(
      (await emp1.post(`/api/employees/${me.id}/photo`, undefined, multipart({ name: 'me.png', type: 'image/png', data: PNG }))).statusCode,
    ).toBe(204);
    const photo = await emp1.get(`/api/employees/${me.id}/photo`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect((await emp1.get('/api/me/employee')).json().hasPhoto).toBe(true);
    const card = (await emp1.get('/api/id-cards')).json().cards[0];
    expect(card.photo).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
  });
});

describe('unit-wise maps on the form', () => {
  it('refuses a department the unit does not use', async () => {
    const [nursing] = await t.db.select().from(departments).where(eq(departments.code, 'NUR'));
    const res = await admin.post('/api/employees', newEmployee({ unitId: unitId['CMP-MYS'], departmentId: nursing.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.departmentId).toBeTruthy();
  });
});

describe('search, filters and export for every caller who may list, not only the administrator', () => {
  // Issue 23: every search or filter whose query was not the kept (prepared) one, and every export, answered 500 to
  // a non-administrator (the caller's unit list was spread into a row value); the administrator's 200 hid it.
  type Row = { id: number; unitId: number; employeeCode: string; name: string };
  let callers: { who: string; api: ReturnType<typeof api>; units: number[] }[];
  let unitName: Record<number, string>;
  let mobileOfPriya = '';

  beforeAll(async () => {
    const mine = [unitId['HO-BLR'], unitId['BR-CHN']];
    const limited = await createUnitLimitedUser(t, { menus: [MENU.employee], unitIds: mine });
    callers = [
      { who: 'manager', api: manager, units: mine },
      { who: 'payroll', api: api(t.app, await signIn(t.app, 'payroll')), units: Object.values(unitId) },
      { who: 'custom unit-limited role', api: limited.api, units: mine },
    ];
    unitName = Object.fromEntries((await t.db.select().from(units)).map((u) => [u.id, u.name]));
    // An O'Brien in a unit of every caller, and one in the unit the managers do not reach.
    for (const code of ['HO-BLR', 'CMP-MYS']) {
      const [peer] = await t.db.select().from(employees).where(eq(employees.unitId, unitId[code])).limit(1);
      const res = await admin.post(
        '/api/employees',
        newEmployee({
          name: `Siobhan O'Brien ${code}`,
          unitId: unitId[code],
          departmentId: peer.departmentId,
          designationId: peer.designationId,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    mobileOfPriya = (await emp1.get('/api/me/employee')).json().mobile;
  });

  const queries = (): Record<string, string | number>[] => [
    { search: '9876' },
    { search: mobileOfPriya.slice(3, 8) },
    { search: "O'Brien" },
    { search: "o'brien", unitId: unitId['CMP-MYS'] },
    { search: 'no such person' },
    { unitId: unitId['CMP-MYS'] },
    { unitId: unitId['HO-BLR'], status: 'active' },
    { departmentId: refs.departmentId, sort: 'name', order: 'desc' },
  ];

  /** What the administrator lists, kept to the caller's units: what the caller must see. */
  const expected = async (q: Record<string, string | number>, units: number[]) =>
    ((await admin.get('/api/employees', { ...q, pageSize: 500 })).json().rows as Row[]).filter((r) => units.includes(r.unitId));

  it("lists and searches the caller's units only: a mobile's digits, a quote, a unit outside reach (empty, not 500)", async () => {
    for (const c of callers) {
      for (const q of queries()) {
        const res = await c.api.get('/api/employees', { ...q, pageSize: 500 });
        expect(res.statusCode, `${c.who} ${JSON.stringify(q)}: ${res.body}`).toBe(200);
        const body = res.json() as { rows: Row[]; total: number };
        expect(
          body.rows.every((r) => c.units.includes(r.unitId)),
          `${c.who} ${JSON.stringify(q)}`,
        ).toBe(true);
        const want = await expected(q, c.units);
        expect(
          body.rows.map((r) => r.id),
          `${c.who} ${JSON.stringify(q)}`,
        ).toEqual(want.map((r) => r.id));
        expect(body.total).toBe(want.length);
        // A page past the end counts on its own: the same total.
        const past = await c.api.get('/api/employees', { ...q, page: 50, pageSize: 500 });
        expect(past.statusCode, `${c.who} past the end ${JSON.stringify(q)}: ${past.body}`).toBe(200);
        expect(past.json()).toMatchObject({ rows: [], total: want.length });
      }
      const obrien = (await c.api.get('/api/employees', { search: "O'Brien" })).json().rows as Row[];
      expect(obrien.map((r) => r.name).sort(), c.who).toEqual(
        c.units.includes(unitId['CMP-MYS']) ? ["Siobhan O'Brien CMP-MYS", "Siobhan O'Brien HO-BLR"] : ["Siobhan O'Brien HO-BLR"],
      );
    }
  });

  it("exports the caller's rows only, with and without filters, under the administrator's columns", async () => {
    const read = async (body: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(body as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      return Array.from({ length: ws.actualRowCount }, (_, i) => (ws.getRow(i + 1).values as unknown[]).slice(1).map(String));
    };
    const headers = (await read((await admin.get('/api/employees/export')).rawPayload))[0];
    expect(headers).toContain('Unit');
    const unitCol = headers.indexOf('Unit');
    for (const c of callers) {
      for (const q of [{}, ...queries()]) {
        const res = await c.api.get('/api/employees/export', q);
        expect(res.statusCode, `${c.who} ${JSON.stringify(q)}: ${res.body}`).toBe(200);
        const [head, ...rows] = await read(res.rawPayload);
        expect(head).toEqual(headers);
        const names = c.units.map((u) => unitName[u]);
        expect(
          rows.every((r) => names.includes(r[unitCol])),
          `${c.who} ${JSON.stringify(q)}`,
        ).toBe(true);
        const want = await expected(q, c.units);
        expect(rows.map((r) => r[0]).sort(), `${c.who} ${JSON.stringify(q)}`).toEqual(want.map((r) => r.employeeCode).sort());
      }
    }
  });
});
