/** Malformed multipart bodies (no boundary, a part cut off, garbage) are the client's fault: 400, nothing stored. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeDocuments } from '../../src/db/schema';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { multipart, PDF, PNG } from './fixtures';

let t: TestApp;
let token = '';
let employeeId = 0;
beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'admin');
  const list = (await api(t.app, token).get('/api/employees', { pageSize: 1 })).json();
  employeeId = list.rows[0].id;
});
afterAll(() => t?.close());

function broken(data: Buffer) {
  const good = multipart({ name: 'x.pdf', type: 'application/pdf', data });
  const boundary = good.headers['content-type'].split('boundary=')[1];
  return [
    { name: 'no boundary', headers: { 'content-type': 'multipart/form-data' }, payload: good.payload },
    { name: 'cut off', headers: good.headers, payload: good.payload.subarray(0, Math.floor(good.payload.length / 2)) },
    { name: 'headers cut off', headers: good.headers, payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-da`) },
    { name: 'garbage', headers: good.headers, payload: Buffer.from('this is not multipart at all') },
  ];
}

describe('malformed multipart bodies', () => {
  it('photo, documents and import answer 400 with a message, never 500', async () => {
    const urls = [`/api/employees/${employeeId}/photo`, `/api/employees/${employeeId}/documents?docTypeId=1`, '/api/employees/import'];
    const before = await t.db.select().from(employeeDocuments);
    const wrong: string[] = [];
    for (const url of urls) {
      for (const b of broken(url.endsWith('photo') ? PNG : PDF)) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...b.headers, authorization: `Bearer ${token}` },
          payload: b.payload,
        });
        if (res.statusCode !== 400 || !res.json().message) wrong.push(`${url} ${b.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await t.db.select().from(employeeDocuments)).toHaveLength(before.length);
  });
});
