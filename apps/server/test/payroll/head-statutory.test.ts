// The earning / deduction head master's statutory fields (issue 13): the statutory role (PF, ESI, PT, LWF, TDS
// employee deductions computed by the rules) and the PF- and ESI-wage flags, with the rules of head-rules.ts —
// a role only on a plain deduction, one active head per role, wage flags only on earnings — and an earning's Form 16
// line (17(2) perquisite, 17(3) profits in lieu).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;
const BASE = '/api/resources/earningDeduction';
// Seeded heads (modules/masters/seed.ts): Basic 1, PF 21, ESI 22.
const head = (code: string, extra: Record<string, unknown> = {}) => ({ name: `Head ${code}`, code, printName: code, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
});
afterAll(() => t?.close());

describe('statutory fields of the head master', () => {
  it('reads the seeded roles and wage flags', async () => {
    const pf = (await admin.get(`${BASE}/21`)).json();
    expect(pf).toMatchObject({ code: 'PF', statutory: 'pf_employee', isEarning: false, isPfWage: false });
    const basic = (await admin.get(`${BASE}/1`)).json();
    expect(basic).toMatchObject({ statutory: null, isEarning: true, isPfWage: true, isEsiWage: true });
  });

  it('refuses a second active head of a role (409 on the field), an earning with a role and a deduction as PF / ESI wages (400)', async () => {
    const dup = await admin.post(BASE, head('PF2', { isEarning: false, statutory: 'pf_employee' }));
    expect(dup.statusCode, dup.body).toBe(409);
    expect(dup.json().fieldErrors).toHaveProperty('statutory');
    expect(dup.json().message).toContain('Provident Fund');
    const earning = await admin.post(BASE, head('PTE', { isEarning: true, statutory: 'pt' }));
    expect(earning.statusCode, earning.body).toBe(400);
    expect(earning.json().fieldErrors).toHaveProperty('statutory');
    const net = await admin.post(BASE, head('NETX', { isEarning: false, statutory: 'lwf_employee', isOverTimeHead: true }));
    expect(net.statusCode).toBe(400);
    const wage = await admin.post(BASE, head('DEDW', { isEarning: false, isPfWage: true }));
    expect(wage.statusCode, wage.body).toBe(400);
    expect(wage.json().fieldErrors).toHaveProperty('isPfWage');
    const esiWage = await admin.post(BASE, head('DEDE', { isEarning: false, isEsiWage: true }));
    expect(esiWage.json().fieldErrors).toHaveProperty('isEsiWage');
    expect((await admin.post(BASE, head('BAD', { isEarning: false, statutory: 'gratuity' }))).statusCode).toBe(400);
    // An inactive head may carry a role already taken; no role is null (the form's empty choice too).
    expect((await admin.post(BASE, head('PFOLD', { isEarning: false, statutory: 'pf_employee', isActive: false }))).statusCode).toBe(201);
    const plain = await admin.post(BASE, head('PLAIN', { isEarning: false, statutory: '' }));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().statutory).toBeNull();
    // An earning flagged as PF and ESI wages.
    const da2 = await admin.post(BASE, head('DA2', { isEarning: true, isPfWage: true, isEsiWage: true }));
    expect(da2.statusCode, da2.body).toBe(201);
    expect(da2.json()).toMatchObject({ isPfWage: true, isEsiWage: true });
  });

  it('marks an earning as a perquisite (17(2)) or profits in lieu (17(3)) for Form 16; a deduction cannot be one', async () => {
    const perk = await admin.post(BASE, head('CARP', { isEarning: true, taxSection: '17(2)' }));
    expect(perk.statusCode, perk.body).toBe(201);
    expect(perk.json()).toMatchObject({ taxSection: '17(2)', statutory: null });
    // Several heads may share a line (unlike a statutory role).
    expect((await admin.post(BASE, head('CLUB', { isEarning: true, taxSection: '17(2)' }))).statusCode).toBe(201);
    const notice = await admin.post(BASE, head('NPAY', { isEarning: true, taxSection: '17(3)' }));
    expect(notice.json()).toMatchObject({ taxSection: '17(3)' });
    const deduction = await admin.post(BASE, head('DEDP', { isEarning: false, taxSection: '17(2)' }));
    expect(deduction.statusCode, deduction.body).toBe(400);
    expect(deduction.json().fieldErrors).toHaveProperty('taxSection');
    const bad = await admin.post(BASE, head('BADS', { isEarning: true, taxSection: '17(1)' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('taxSection');
    expect((await admin.post(BASE, head('PLN2', { isEarning: true, taxSection: '' }))).json().taxSection).toBeNull();
  });

  it('moves a role from one head to another: the old one gives it up first', async () => {
    const esi = (await admin.get(`${BASE}/22`)).json();
    const { id: _id, ...body } = esi;
    const other = await admin.post(BASE, head('ESI2', { isEarning: false, isCalculative: true }));
    expect(other.statusCode, other.body).toBe(201);
    const { id, ...otherBody } = other.json();
    expect((await admin.put(`${BASE}/${id}`, { ...strip(otherBody), statutory: 'esi_employee' })).statusCode).toBe(409);
    // Editing the ESI head itself keeps its role.
    const same = await admin.put(`${BASE}/22`, { ...strip(body), printName: 'ESI' });
    expect(same.statusCode, same.body).toBe(200);
    expect((await admin.put(`${BASE}/22`, { ...strip(body), statutory: null })).statusCode).toBe(200);
    const moved = await admin.put(`${BASE}/${id}`, { ...strip(otherBody), statutory: 'esi_employee' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().statutory).toBe('esi_employee');
  });

  it('is refused to a caller without the master', async () => {
    expect((await emp1.post(BASE, head('EMPX', { isEarning: false }))).statusCode).toBe(403);
  });
});

/** The row as a body: the server's own columns left out. */
function strip(row: Record<string, unknown>) {
  const { createdAt, updatedAt, createdBy, updatedBy, ...rest } = row as Record<string, unknown>;
  void createdAt;
  void updatedAt;
  void createdBy;
  void updatedBy;
  return rest;
}
