// Regression: uploaded files are served so a browser can never run them. Documents download as attachments,
// photos are images shown inline, every answer says nosniff and carries the restrictive CSP, and an SVG or
// HTML upload (whatever its name or declared type) is refused, so it can never be served back inline.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeDocTypes } from '../../src/db/schema';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { multipart, PDF, PNG } from './fixtures';

let t: TestApp;
let emp1: ReturnType<typeof api>;
let me: { id: number };
let panType: number;

const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/auth/me")</script></body></html>');

function expectSafeHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(String(headers['content-security-policy'])).toMatch(/default-src 'self'/);
  expect(String(headers['content-security-policy'])).toMatch(/object-src 'none'/);
  expect(String(headers['cache-control'])).toMatch(/no-store/);
}

beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: mkdtempSync(path.join(tmpdir(), 'hr-files-')) } });
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  me = (await emp1.get('/api/me/employee')).json();
  const [pan] = await t.db.select().from(employeeDocTypes).where(eq(employeeDocTypes.code, 'PAN'));
  panType = pan.id;
});
afterAll(() => t?.close());

describe('served files', () => {
  it('a document downloads as an attachment of its sniffed type, never inline HTML', async () => {
    const up = await emp1.post(
      `/api/employees/${me.id}/documents?docTypeId=${panType}`,
      undefined,
      multipart({ name: 'pan card.pdf', type: 'text/html', data: PDF }),
    );
    expect(up.statusCode, up.body).toBe(201);
    const docs = (await emp1.get(`/api/employees/${me.id}/documents`)).json();
    const doc = docs.documents.find((d: { docTypeId: number }) => d.docTypeId === panType);
    const res = await emp1.get(`/api/employee-documents/${doc.id}/download`);
    expect(res.statusCode).toBe(200);
    // The declared text/html is ignored: the type is what the bytes are.
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="pan card\.pdf"/);
    expectSafeHeaders(res.headers);
  });

  it('a photo is an image (inline is fine for images), with nosniff and the CSP', async () => {
    const up = await emp1.post(`/api/employees/${me.id}/photo`, undefined, multipart({ name: 'me.png', type: 'image/png', data: PNG }));
    expect(up.statusCode, up.body).toBeLessThan(300);
    const res = await emp1.get(`/api/employees/${me.id}/photo`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expectSafeHeaders(res.headers);
  });

  it.each([
    ['an SVG named .pdf', 'x.pdf', 'application/pdf', SVG],
    ['an SVG declared as an image', 'x.svg', 'image/svg+xml', SVG],
    ['an HTML page named .pdf', 'x.pdf', 'application/pdf', HTML],
    ['an HTML page declared as HTML', 'x.html', 'text/html', HTML],
  ])('refuses %s as a document and as a photo', async (_what, name, type, data) => {
    const before = (await emp1.get(`/api/employees/${me.id}/documents`)).json().documents.length;
    const doc = await emp1.post(`/api/employees/${me.id}/documents?docTypeId=${panType}`, undefined, multipart({ name, type, data }));
    expect(doc.statusCode).toBe(400);
    const photo = await emp1.post(`/api/employees/${me.id}/photo`, undefined, multipart({ name, type, data }));
    expect(photo.statusCode).toBe(400);
    expect((await emp1.get(`/api/employees/${me.id}/documents`)).json().documents.length).toBe(before);
  });
});
