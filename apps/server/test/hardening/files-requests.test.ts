// Regression: a leave request's attachment is served like every uploaded file (employees/files-headers.test.ts):
// as an attachment of a type it really is, with nosniff and the restrictive CSP; an SVG or HTML upload is refused
// whatever its name or declared type, so it can never come back inline.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { multipart, PDF, PNG } from '../employees/fixtures';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let emp1: ReturnType<typeof api>;
let employeeId = 0;

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/auth/me")</script></body></html>');

beforeAll(async () => {
  t = await createTestApp();
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  employeeId = (await emp1.get('/api/auth/me')).json().acc_dtls.employeeId;
});
afterAll(() => t?.close());

/** Puts an uploaded attachment on one of employee1's requests (as submitting a leave with its key does). */
async function attach(key: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(t.db, sql`select id from requests where employee_id = ${employeeId} order by id limit 1`);
  await t.db.execute(sql`update requests set attachment_key = ${key} where id = ${r.id}`);
  return r.id;
}

describe('leave attachments', () => {
  it.each([
    ['a PDF', 'note.pdf', 'text/html', PDF, 'application/pdf', 'pdf'],
    ['a PNG', 'note.png', 'image/svg+xml', PNG, 'image/png', 'png'],
  ])('%s is served as an attachment of its real type, nosniff, with the CSP', async (_what, name, declared, data, mime, ext) => {
    const up = await emp1.post('/api/requests/attachments', undefined, multipart({ name, type: declared, data }));
    expect(up.statusCode, up.body).toBe(201);
    const id = await attach(up.json().key);
    const res = await emp1.get(`/api/requests/${id}/attachment`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(mime);
    expect(String(res.headers['content-disposition'])).toBe(`attachment; filename="request_${id}.${ext}"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toMatch(/default-src 'self'/);
    expect(String(res.headers['content-security-policy'])).toMatch(/object-src 'none'/);
    expect(String(res.headers['cache-control'])).toMatch(/no-store/);
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it.each([
    ['an SVG named .pdf', 'x.pdf', 'application/pdf', SVG],
    ['an SVG declared as an image', 'x.svg', 'image/svg+xml', SVG],
    ['an HTML page named .png', 'x.png', 'image/png', HTML],
    ['an HTML page declared as HTML', 'x.html', 'text/html', HTML],
  ])('refuses %s', async (_what, name, type, data) => {
    const res = await emp1.post('/api/requests/attachments', undefined, multipart({ name, type, data }));
    expect(res.statusCode, res.body).toBe(400);
  });
});
