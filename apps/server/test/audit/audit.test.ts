// The audit-trail screen's API: administrators read who changed what and when, filtered and paged on the
// server, with the changed fields and no secrets; everyone else is refused.
import { addDays, todayIn } from '@hr/calendar';
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { writeAudit } from '../../src/lib/audit';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let adminId = 0;
let adminName = '';
let deptId = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  ({ userId: adminId, fullName: adminName } = (await admin.get('/api/auth/me')).json().acc_dtls);
  const created = await admin.post('/api/resources/department', { code: 'AUD', name: 'Audit Department' });
  expect(created.statusCode, created.body).toBe(201);
  deptId = created.json().id;
  expect((await admin.put(`/api/resources/department/${deptId}`, { code: 'AUD', name: 'Internal Audit' })).statusCode).toBe(200);
  const other = await admin.post('/api/resources/department', { code: 'AUD2', name: 'Short-lived' });
  expect((await admin.delete(`/api/resources/department/${other.json().id}`)).statusCode).toBe(204);
});
afterAll(() => t?.close());

type Change = { field: string; from: string; to: string };
type Page = {
  total: number;
  rows: {
    id: number;
    entity: string;
    entityId: string;
    action: string;
    userName: string | null;
    userId: number | null;
    changes: Change[];
  }[];
};

const page = async (query: Record<string, string | number>) => {
  const res = await admin.get('/api/audit', query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

describe('audit trail', () => {
  it('lists a record’s changes newest first, by whom, with the fields that changed', async () => {
    const trail = await page({ entity: 'departments', entityId: String(deptId) });
    expect(trail.total).toBe(2);
    expect(trail.rows.map((r) => r.action)).toEqual(['update', 'create']);
    expect(trail.rows[0].changes).toEqual([{ field: 'Name', from: 'Audit Department', to: 'Internal Audit' }]);
    expect(trail.rows[0].userId).toBe(adminId);
    expect(adminName).toBeTruthy();
    expect(trail.rows[0].userName).toBe(adminName);
    expect(trail.rows[1].changes).toContainEqual({ field: 'Code', from: '—', to: 'AUD' });
  });

  it('filters by record type, user, action and the organisation’s days', async () => {
    const departments = await page({ entity: 'departments', pageSize: 200 });
    expect(departments.rows.length).toBe(departments.total);
    expect(departments.rows.every((r) => r.entity === 'departments')).toBe(true);
    expect(departments.rows.some((r) => r.entityId === String(deptId))).toBe(true);

    const mine = await page({ userId: adminId, action: 'update' });
    expect(mine.total).toBeGreaterThanOrEqual(1);
    expect(mine.rows.every((r) => r.userId === adminId && r.action === 'update')).toBe(true);
    const employeeId = (await api(t.app, await signIn(t.app, 'employee1')).get('/api/auth/me')).json().acc_dtls.userId;
    expect(await page({ userId: employeeId, entity: 'departments' })).toEqual({ total: 0, rows: [] });

    // Today (in the organisation's time zone) holds the change; yesterday and tomorrow do not.
    const today = todayIn(t.config.orgTimeZone);
    const dated = { entity: 'departments', entityId: String(deptId) };
    expect((await page({ ...dated, from: today, to: today })).total).toBe(2);
    expect((await page({ ...dated, from: addDays(today, -30), to: addDays(today, -1) })).total).toBe(0);
    expect((await page({ ...dated, from: addDays(today, 1) })).total).toBe(0);
    expect((await page({ ...dated, to: today })).total).toBe(2);

    const entities = (await admin.get('/api/audit/entities')).json() as string[];
    expect(entities).toContain('departments');
    expect(entities).toEqual([...new Set(entities)].sort());
    const actions = (await admin.get('/api/audit/actions')).json() as string[];
    expect(actions).toEqual(expect.arrayContaining(['create', 'update']));
  });

  it('pages on the server with the total of every match', async () => {
    const all = await page({ pageSize: 200 });
    expect(all.total).toBeGreaterThanOrEqual(3);
    const first = await page({ pageSize: 2, page: 1 });
    const second = await page({ pageSize: 2, page: 2 });
    expect(first.total).toBe(all.total);
    expect(second.total).toBe(all.total);
    expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual(all.rows.slice(0, 4).map((r) => r.id));
    const beyond = await page({ pageSize: 2, page: 100_000 });
    expect(beyond).toEqual({ total: all.total, rows: [] });
  });

  it('reads a mapping saved as a whole as the lines it added and removed', async () => {
    const unit = 1;
    const url = `/api/resources/unitEmployeeDocTypeMap/mapping/${unit}`;
    const docType = await admin.post('/api/resources/employeeDocType', {
      code: 'AUDDOC',
      name: 'Audit certificate',
      allowedFileTypes: 'pdf',
    });
    expect(docType.statusCode, docType.body).toBe(201);
    const lines = (await admin.get(url)).json() as { itemId: number; mapped: boolean; isMandatory: boolean }[];
    const kept = lines.filter((l) => l.mapped);
    const added = lines.find((l) => l.itemId === docType.json().id && !l.mapped);
    expect(kept.length).toBeGreaterThan(0);
    expect(added).toBeDefined();
    const items = [...kept.slice(1), { itemId: added!.itemId, isMandatory: true }].map((l) => ({
      itemId: l.itemId,
      isMandatory: l.isMandatory,
    }));
    expect((await admin.put(url, { items })).statusCode).toBe(200);
    const [save] = (await page({ entity: 'unit_employee_doc_type_map', pageSize: 1 })).rows;
    expect(save.userId).toBe(adminId);
    // The line added and the line removed, each named by its item; the lines kept as they were are not listed.
    const names = (c: Change, id: number) =>
      new RegExp(`(^|\\D)${id}(\\D|$)`).test(c.field) || [c.from, c.to].some((v) => v.includes(`(#${id})`));
    const about = (id: number) => save.changes.filter((c) => names(c, id));
    expect(about(added!.itemId)).toEqual([expect.objectContaining({ from: '—' })]);
    expect(about(added!.itemId)[0].to).toMatch(/true/);
    expect(about(kept[0].itemId)).toEqual([expect.objectContaining({ to: '—' })]);
    for (const k of kept.slice(1)) expect(about(k.itemId)).toEqual([]);
  });

  it('never shows a password, token or key, even one an entity stored', async () => {
    const u = await admin.post('/api/resources/user', {
      userName: 'audit.reader',
      fullName: 'Audit Reader',
      roleId: 2,
      password: 'Kestrel-Harbour-42',
      isActive: true,
    });
    expect(u.statusCode, u.body).toBe(201);
    const users = await admin.get('/api/audit', { entity: 'users' });
    expect(users.body).not.toMatch(/Kestrel|argon2/);
    // A record kind that stores a key's hash and a token: the line says they changed, never what they were.
    await writeAudit(t.db, {
      entity: 'test_devices',
      entityId: 9,
      action: 'update',
      before: { name: 'Gate', keyHash: 'aaaa1111', settings: { apiToken: 'tok-old', port: 80 } },
      after: { name: 'Gate', keyHash: 'bbbb2222', settings: { apiToken: 'tok-new', port: 81 } },
      userId: adminId,
    });
    const res = await admin.get('/api/audit', { entity: 'test_devices' });
    expect(res.body).not.toMatch(/aaaa1111|bbbb2222|tok-old|tok-new/);
    const [line] = (res.json() as Page).rows;
    expect(line.changes.map((c) => c.field)).toEqual(['Key hash', 'Settings']);
    expect(line.changes[1].to).toContain('"port":81');
  });

  it('refuses bad filters (400), other roles (403) and anonymous callers (401), and has no way to write', async () => {
    const bads: Record<string, string | number>[] = [
      { from: '2026-02-30' },
      { from: '01/03/2026' },
      { from: '2026-03-02', to: '2026-03-01' },
      { pageSize: 100000 },
      { page: 0 },
      { userId: 'abc' },
      { entity: 'x'.repeat(81) },
    ];
    for (const bad of bads) {
      const res = await admin.get('/api/audit', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    for (const who of ['manager', 'employee1'] as const) {
      const caller = api(t.app, await signIn(t.app, who));
      for (const url of ['/api/audit', '/api/audit/entities', '/api/audit/actions']) expect((await caller.get(url)).statusCode).toBe(403);
    }
    for (const url of ['/api/audit', '/api/audit/entities', '/api/audit/actions']) expect((await api(t.app).get(url)).statusCode).toBe(401);
    expect((await admin.post('/api/audit', {})).statusCode).toBe(404);
    expect((await admin.delete('/api/audit')).statusCode).toBe(404);
  });

  it('refuses a non-administrator even when a role is given the Audit Trail menu (the trail spans every unit)', async () => {
    const [role] = await queryRows<{ id: number }>(t.db, sql`select role_id as id from users where user_name = 'payroll'`);
    const [menu] = await queryRows<{ id: number }>(t.db, sql`select id from menus where action_url = ${MENU.auditTrail}`);
    const grant = await admin.put(`/api/access/roles/${role.id}/menus`, {
      rows: [{ menuId: menu.id, canView: true, canAdd: false, canEdit: false, canDelete: false, canApprove: false }],
    });
    expect(grant.statusCode, grant.body).toBeLessThan(300);
    const payroll = api(t.app, await signIn(t.app, 'payroll'));
    for (const url of ['/api/audit', '/api/audit/entities', '/api/audit/actions'])
      expect((await payroll.get(url)).statusCode, url).toBe(403);
  });
});
