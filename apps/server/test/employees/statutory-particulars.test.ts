// The employee record's PF and ESI particulars (issue 13), read by the salary run's statutory rules: PF on the
// ceiling or the full wages, the first EPF membership date and wages (EPS eligibility of a 2014 high-wage
// joiner), an earlier EPS membership and disability (ESI's higher ceiling). Wages at joining travel in rupees
// and are kept in paise; the form's empty values are none; bad values are 400 on the field.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, units, users } from '../../src/db/schema';
import { rng, validAadhaar } from '../../src/modules/employees/demo-data';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;
let base: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  const [u] = await t.db.select().from(units).where(eq(units.code, 'HO-BLR'));
  const [any] = await t.db.select().from(employees).where(eq(employees.unitId, u.id)).orderBy(employees.id).limit(1);
  base = {
    name: 'Arjun Rao',
    gender: 'Male',
    dateOfBirth: '1990-03-02',
    mobile: '9845012399',
    unitId: u.id,
    departmentId: any.departmentId,
    designationId: any.designationId,
    dateOfJoining: '2021-04-01',
    aadhaar: validAadhaar(rng(7)),
    payModeId: 1,
    pfApplicable: true,
    esiApplicable: true,
    // ESI applies: the ESI number is required (issue 28).
    esiNumber: '3100123499',
  };
});
afterAll(() => t?.close());

describe('PF and ESI particulars on the employee record', () => {
  it('saves and reads them back (wages at joining in rupees, kept in paise), and defaults them when absent', async () => {
    const res = await admin.post('/api/employees', {
      ...base,
      employeeCode: 'ST-0001',
      uan: '100200300400',
      esiNumber: '3100123456',
      pfRestrictToCeiling: false,
      epfFirstJoined: '2015-01-05',
      epfWagesAtJoining: '18500.50',
      epsPriorMember: false,
      isDisabled: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json();
    expect(e).toMatchObject({
      uan: '100200300400',
      esiNumber: '3100123456',
      pfRestrictToCeiling: false,
      epfFirstJoined: '2015-01-05',
      epfWagesAtJoining: 18500.5,
      epsPriorMember: false,
      isDisabled: true,
    });
    const [row] = await t.db.select().from(employees).where(eq(employees.id, e.id));
    expect(row.epfWagesAtJoining).toBe(1_850_050);
    expect(row.isDisabled).toBe(true);

    // Changed: a prior EPS member on the ceiling, the joining figures cleared (the form's empty values).
    const upd = await admin.post(`/api/employees/${e.id}`, {
      ...base,
      employeeCode: 'ST-0001',
      aadhaar: '',
      pfRestrictToCeiling: true,
      epfFirstJoined: '',
      epfWagesAtJoining: '',
      epsPriorMember: true,
      isDisabled: false,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({
      pfRestrictToCeiling: true,
      epfFirstJoined: null,
      epfWagesAtJoining: null,
      epsPriorMember: true,
      isDisabled: false,
    });

    const plain = await admin.post('/api/employees', { ...base, employeeCode: 'ST-0002' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({
      pfRestrictToCeiling: true,
      epfFirstJoined: null,
      epfWagesAtJoining: null,
      epsPriorMember: false,
      isDisabled: false,
    });
  });

  it.each([
    [{ epfWagesAtJoining: -1, epfFirstJoined: '2015-01-05' }, 'epfWagesAtJoining', /EPF wages at joining/],
    [{ epfWagesAtJoining: '12000.125', epfFirstJoined: '2015-01-05' }, 'epfWagesAtJoining', /two decimals/],
    [{ epfWagesAtJoining: 'fifteen', epfFirstJoined: '2015-01-05' }, 'epfWagesAtJoining', /EPF wages at joining/],
    [{ epfWagesAtJoining: 15000 }, 'epfFirstJoined', /first joined date/],
    [{ epfFirstJoined: '1989-12-31' }, 'epfFirstJoined', /after the date of birth/],
    [{ epfFirstJoined: '2015-13-01' }, 'epfFirstJoined', /./],
    [{ uan: '10020030040' }, 'uan', /UAN/],
    [{ esiNumber: '31001234' }, 'esiNumber', /ESI number/],
    [{ esiNumber: null }, 'esiNumber', /ESI number is required when ESI applies/],
    [{ isDisabled: 'yes' }, 'isDisabled', /./],
  ])('refuses %j with 400 on %s', async (over, field, msg) => {
    const res = await admin.post('/api/employees', { ...base, employeeCode: 'ST-BAD', ...over });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json().fieldErrors[field] ?? []).join(' ')).toMatch(msg);
  });

  it('an employee cannot change their own particulars through the employee screen', async () => {
    const [me] = await t.db.select({ id: users.employeeId }).from(users).where(eq(users.userName, 'employee1'));
    const id = me.id as number;
    const res = await emp1.post(`/api/employees/${id}`, { ...base, employeeCode: 'ST-SELF', isDisabled: true });
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select().from(employees).where(eq(employees.id, id));
    expect(row.isDisabled).toBe(false);
  });
});
