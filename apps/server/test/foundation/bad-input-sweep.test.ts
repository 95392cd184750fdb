// Bad input never gets a 500: every declared route is called by the administrator (who passes every
// access check, so the request reaches validation and the handler) with malformed ids, query values
// and bodies. Each answer must be a 4xx (or a 2xx where the input happens to be acceptable).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'admin');
});
afterAll(() => t?.close());

const BAD_IDS = ['abc', '-1', '0', '99999999999999999999', '1.5', '%27%20or%201%3D1'];
const BAD_QUERIES = [
  '?search=%00',
  '?unitId=99999999999&search=a%00b',
  '?page=-1&pageSize=100000',
  '?sort=nope&dir=sideways',
  '?search=%25%27%22%5C',
  '?unitId=abc&status=zzz',
  '?ids=a,b',
];
const BAD_BODIES = ['{}', '[]', 'null', '{"name":123,"code":{"x":1},"unitId":"abc","date":"31/02/2026"}', '{"', '"text"'];

type Hit = { method: string; url: string; status: number; body: string };

async function send(method: string, url: string, payload?: string): Promise<Hit> {
  const hasBody = payload !== undefined;
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { payload } : {}),
  });
  return { method, url, status: res.statusCode, body: res.body.slice(0, 200) };
}

describe('bad input sweep', () => {
  it('no route answers 500 to malformed ids, queries or bodies', async () => {
    const routes = t.app.apiRoutes.filter((r) => r.url !== '/api/auth/sign-out' && r.access !== 'public');
    expect(routes.length).toBeGreaterThan(100);
    const failures: Hit[] = [];
    // A malformed path id is refused before the query or body is read, so each bad id goes alone (with an empty
    // body on a write); the bad queries go with a real id (1), so they reach the handler. Bodies with a real id are
    // the fuzzers' ground (fuzz.test.ts, hardening/fuzz-schemas.test.ts).
    for (const r of routes) {
      const hasParams = r.url.includes(':');
      const calls: { url: string; body?: string }[] = [];
      if (hasParams) {
        for (const id of BAD_IDS) {
          if (r.method !== 'GET' && r.method !== 'DELETE') calls.push({ url: r.url.replace(/:(\w+)/g, id), body: '{}' });
          else calls.push({ url: r.url.replace(/:(\w+)/g, id) });
        }
        if (r.method === 'GET') for (const q of BAD_QUERIES) calls.push({ url: r.url.replace(/:(\w+)/g, '1') + q });
      } else if (r.method === 'GET') {
        for (const q of ['', ...BAD_QUERIES]) calls.push({ url: r.url + q });
      } else if (r.method !== 'DELETE') {
        for (const body of BAD_BODIES) calls.push({ url: r.url, body });
      }
      for (const c of calls) {
        const hit = await send(r.method, c.url, c.body);
        if (hit.status >= 500) failures.push(hit);
      }
    }
    expect(failures).toEqual([]);
    // The administrator's session survived the sweep (nothing above signed it out or broke it).
    expect((await api(t.app, token).get('/api/auth/me')).statusCode).toBe(200);
  }, 900_000);

  it('reads every id in a path strictly: " 1", "0x1", "1e0", "01", "+1" and "1.0" are 400, never row 1', async () => {
    const LENIENT = ['%201', '1%20', '0x1', '1e0', '01', '%2B1', '1.0'];
    const routes = t.app.apiRoutes.filter((r) => r.url.startsWith('/api/') && r.url.includes(':') && r.access !== 'public');
    expect(routes.length).toBeGreaterThan(50);
    const wrong: Hit[] = [];
    for (const r of routes) {
      for (const id of LENIENT) {
        const url = r.url.replace(/:(\w+)/g, id);
        const hit = await send(r.method, url, r.method === 'GET' || r.method === 'DELETE' ? undefined : '{}');
        if (hit.status !== 400) wrong.push(hit);
      }
    }
    expect(wrong).toEqual([]);
  }, 900_000);
});
