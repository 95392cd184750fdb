import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, units, users } from '../../src/db/schema';
import { mapPgError } from '../../src/lib/pg-errors';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin');
});
afterAll(() => t?.close());

async function pgErrorOf(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    return mapPgError(err);
  }
  throw new Error('expected a database error');
}

describe('client errors are 4xx with the ZApiError body', () => {
  it('malformed JSON → 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName": "admin", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'The request body is not valid JSON' });
    expect(res.json().requestId).toBeTruthy();
  });

  it('wrong types and missing fields → 400 with field errors', async () => {
    const res = await api(t.app).post('/api/auth/sign-in', { userName: 42 });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['password', 'userName']);
    const notObject = await api(t.app).post('/api/auth/sign-in', [1, 2]);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().fieldErrors).toBeTruthy();
  });

  it('bad path parameters → 400 naming the parameter', async () => {
    const res = await api(t.app, admin).get('/api/access/roles/abc/menus');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.roleId).toHaveLength(1);
    const huge = await api(t.app, admin).get('/api/access/roles/99999999999999999999/menus');
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
  });

  it('an unsupported content type → 415, plain text → 400, an unknown endpoint → 404 JSON', async () => {
    const send = (contentType: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': contentType }, payload: 'hello' });
    expect((await send('application/xml')).statusCode).toBe(415);
    expect((await send('text/plain')).statusCode).toBe(400);
    const missing = await api(t.app, admin).get('/api/no/such/thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('echoes a sane x-request-id and makes one otherwise', async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(mine.headers['x-request-id']).toBe('abc-123');
    const evil = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a\nb c' } });
    expect(evil.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('database errors map to client errors', () => {
  it('unique violation → 409 naming the field', async () => {
    const err = await pgErrorOf(() => t.db.insert(units).values({ name: 'Another', code: 'HO-BLR' }));
    expect(err?.statusCode).toBe(409);
    expect(err?.fieldErrors).toHaveProperty('code');
    expect(err?.message).toMatch(/code already exists/);
    const [role] = await t.db.select().from(roles).limit(1);
    const caseless = await pgErrorOf(() =>
      t.db.insert(users).values({ userName: 'ADMIN', fullName: 'x', passwordHash: 'x', roleId: role.id }),
    );
    expect(caseless?.statusCode).toBe(409);
    expect(caseless?.fieldErrors).toEqual({ userName: ['A record with this user name already exists'] });
  });

  it('foreign-key violations → 409 referenced by … / 400 for a missing reference', async () => {
    const [role] = await t.db.select().from(roles).where(eq(roles.name, 'Employee'));
    const referenced = await pgErrorOf(() => t.db.delete(roles).where(eq(roles.id, role.id)));
    expect(referenced?.statusCode).toBe(409);
    expect(referenced?.message).toMatch(/referenced by/);
    const missing = await pgErrorOf(() =>
      // a user row pointing at a role that does not exist
      t.db.execute(sql`insert into users (user_name, full_name, password_hash, role_id) values ('x', 'x', 'x', 99999)`),
    );
    expect(missing?.statusCode).toBe(400);
    expect(missing?.fieldErrors).toHaveProperty('roleId');
  });

  it('bad values → 400', async () => {
    const cast = await pgErrorOf(() => t.db.execute(sql`select 'abc'::int`));
    expect(cast?.statusCode).toBe(400);
    const range = await pgErrorOf(() => t.db.execute(sql`select 2147483647::int + 1`));
    expect(range?.statusCode).toBe(400);
  });
});

describe('bodies', () => {
  it('an empty JSON body is no body (sign-out with a content type)', async () => {
    const token = await signIn(t.app, 'employee2');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(204);
  });

  it('refuses prototype poisoning', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName":"a","password":"b","__proto__":{"x":1}}',
    });
    expect(res.statusCode).toBe(400);
  });
});
