// The audit-trail screen's API: administrators read who changed what and when, filtered and paged on the
// server, with the changed fields and no secrets; everyone else is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let adminId = 0;
let deptId = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  adminId = (await admin.get('/api/auth/me')).json().acc_dtls.userId;
  const created = await admin.post('/api/resources/department', { code: 'AUD', name: 'Audit Department' });
  expect(created.statusCode, created.body).toBe(201);
  deptId = created.json().id;
  expect((await admin.put(`/api/resources/department/${deptId}`, { code: 'AUD', name: 'Internal Audit' })).statusCode).toBe(200);
});
afterAll(() => t?.close());

type Page = {
  total: number;
  rows: {
    entity: string;
    entityId: string;
    action: string;
    userName: string | null;
    userId: number;
    changes: { field: string; from: string; to: string }[];
  }[];
};

describe('audit trail', () => {
  it('lists changes newest first with the fields that changed', async () => {
    const res = await admin.get('/api/audit', { entity: 'departments', entityId: String(deptId) });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page;
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.action)).toEqual(['update', 'create']);
    expect(page.rows[0].changes).toEqual([{ field: 'name', from: 'Audit Department', to: 'Internal Audit' }]);
    expect(page.rows[0].userId).toBe(adminId);
    expect(page.rows[0].userName).toBeTruthy();
    expect(page.rows[1].changes.some((c) => c.field === 'code' && c.to === 'AUD')).toBe(true);
  });

  it('filters by user, action and dates, and pages on the server', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const mine = (
      await admin.get('/api/audit', { userId: adminId, action: 'update', from: '2000-01-01', to: '2999-12-31' })
    ).json() as Page;
    expect(mine.total).toBeGreaterThanOrEqual(1);
    expect(mine.rows.every((r) => r.userId === adminId && r.action === 'update')).toBe(true);
    const none = (await admin.get('/api/audit', { from: '2000-01-01', to: '2000-01-02' })).json() as Page;
    expect(none).toEqual({ total: 0, rows: [] });
    const page1 = (await admin.get('/api/audit', { pageSize: 1, page: 1 })).json() as Page;
    const page2 = (await admin.get('/api/audit', { pageSize: 1, page: 2 })).json() as Page;
    expect(page1.rows).toHaveLength(1);
    expect(page1.total).toBeGreaterThanOrEqual(2);
    expect(page2.rows[0]).not.toEqual(page1.rows[0]);
    expect(today).toMatch(/^\d{4}/);
    const entities = (await admin.get('/api/audit/entities')).json() as string[];
    expect(entities).toContain('departments');
  });

  it('never shows a password or token, even one an entity stored', async () => {
    const u = await admin.post('/api/resources/user', {
      userName: 'audit.reader',
      fullName: 'Audit Reader',
      roleId: 2,
      password: 'Kestrel-Harbour-42',
      isActive: true,
    });
    expect(u.statusCode, u.body).toBe(201);
    const body = (await admin.get('/api/audit', { entity: 'users' })).body;
    expect(body).not.toMatch(/Kestrel|argon2|\$argon/);
  });

  it('refuses bad filters (400), other roles (403) and anonymous callers (401)', async () => {
    expect((await admin.get('/api/audit', { from: '2026-02-30' })).statusCode).toBe(400);
    expect((await admin.get('/api/audit', { from: '2026-03-02', to: '2026-03-01' })).statusCode).toBe(400);
    expect((await admin.get('/api/audit', { pageSize: 100000 })).statusCode).toBe(400);
    expect((await admin.get('/api/audit', { userId: 'abc' })).statusCode).toBe(400);
    for (const who of ['manager', 'employee1'] as const) {
      const caller = api(t.app, await signIn(t.app, who));
      expect((await caller.get('/api/audit')).statusCode).toBe(403);
      expect((await caller.get('/api/audit/entities')).statusCode).toBe(403);
    }
    expect((await api(t.app).get('/api/audit')).statusCode).toBe(401);
  });
});
