import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// A real HTTP server stands in for the API (nothing of ours is mocked); the web code runs in Node with a
// small in-memory Web Storage, since Node 20 has none.
class MemoryStorage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  clear() {
    this.m.clear();
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
}
Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });

const { api, ApiError, request, setUnauthorizedHandler } = await import('./api');
const { pendingRequests } = await import('./loading');
const { getToasts, dismissToast, TOAST_LIMIT, TOAST_REMOVE_DELAY } = await import('./toast-store');
const { sessionStore, setProfile } = await import('./session');

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
let seen: Seen[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (path === '/ok') return json(200, { ok: true });
      if (path === '/empty') return res.writeHead(204).end();
      if (path === '/bad')
        return json(400, { statusCode: 400, error: 'Bad Request', message: 'Name is required', fieldErrors: { name: ['Required'] } });
      if (path === '/unauth') return json(401, { statusCode: 401, error: 'Unauthorized', message: 'Please sign in again' });
      if (path === '/html') {
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<h1>Bad gateway</h1>');
      }
      if (path === '/slow') return setTimeout(() => json(200, { late: true }), 2000);
      json(404, { statusCode: 404, error: 'Not Found', message: 'No such thing' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  seen = [];
  localStorage.clear();
  dismissToast();
});

const lastToast = () => getToasts()[0];

describe('request (spec section 7)', () => {
  it('method 1 is a POST with a JSON body and the bearer token', async () => {
    localStorage.setItem('Qq5odp', 'tok-123');
    const res = await request(`${base}/ok`, 1, { a: 1, name: 'Ravi' });
    expect(res).toEqual({ ok: true });
    expect(seen[0].method).toBe('POST');
    expect(JSON.parse(seen[0].body)).toEqual({ a: 1, name: 'Ravi' });
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(seen[0].headers.authorization).toBe('Bearer tok-123');
  });

  it('method 2 is a DELETE; any other code a GET with the payload as query parameters', async () => {
    await request(`${base}/ok`, 2);
    await request(`${base}/ok`, 0, { page: 2, q: 'a b', empty: '', none: null, ids: [1, 2] });
    await request(`${base}/ok`, 7);
    expect(seen.map((s) => s.method)).toEqual(['DELETE', 'GET', 'GET']);
    expect(seen[1].url).toBe('/ok?page=2&q=a+b&ids=1&ids=2');
    expect(seen[0].headers.authorization).toBeUndefined();
  });

  it('sends extra headers and the bypass_log flag', async () => {
    await request(`${base}/ok`, 0, undefined, { headers: { 'x-unit': '3' }, bypass_log: true });
    expect(seen[0].headers['x-unit']).toBe('3');
    expect(seen[0].headers.bypass_log).toBe('true');
  });

  it('an empty success body gives null (not undefined, which means failure)', async () => {
    expect(await request(`${base}/empty`, 1)).toBeNull();
  });

  it('on an error: returns undefined and shows the ERR!! toast with the server message', async () => {
    const onError: InstanceType<typeof ApiError>[] = [];
    const res = await request(`${base}/bad`, 1, {}, { onError: (e) => onError.push(e) });
    expect(res).toBeUndefined();
    expect(lastToast()).toMatchObject({ variant: 'destructive', title: 'ERR!!', description: 'Name is required', open: true });
    expect(onError[0].status).toBe(400);
    expect(onError[0].fieldErrors).toEqual({ name: ['Required'] });
  });

  it('a non-JSON error and an unreachable server still toast a readable message', async () => {
    expect(await request(`${base}/html`, 0)).toBeUndefined();
    expect(lastToast().description).toBe('Bad Gateway');
    expect(await request('http://127.0.0.1:1/nothing', 0)).toBeUndefined();
    expect(lastToast().description).toMatch(/could not reach the server/i);
  });

  it('at most one toast is shown; a dismissed toast is kept for the spec delay', async () => {
    await request(`${base}/bad`, 1);
    await request(`${base}/missing`, 0);
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(getToasts()).toHaveLength(1);
    expect(lastToast().description).toBe('No such thing');
    dismissToast();
    expect(getToasts()[0].open).toBe(false);
  });

  it('the pending counter rises while a call runs and falls after it, also on failure; bypass_log does not count', async () => {
    const p = request(`${base}/ok`, 0);
    expect(pendingRequests.get()).toBe(1);
    const q = request(`${base}/ok`, 0, undefined, { bypass_log: true });
    expect(pendingRequests.get()).toBe(1);
    await Promise.all([p, q]);
    expect(pendingRequests.get()).toBe(0);
    await request(`${base}/bad`, 1);
    expect(pendingRequests.get()).toBe(0);
  });

  it('the caller can cancel a POST (no toast for a cancellation)', async () => {
    const ctrl = new AbortController();
    const p = request(`${base}/slow`, 1, { x: 1 }, { signal: ctrl.signal });
    setTimeout(() => ctrl.abort(), 50);
    const before = getToasts().length;
    expect(await p).toBeUndefined();
    expect(getToasts().length).toBe(before);
    expect(pendingRequests.get()).toBe(0);
  });

  it('a 401 with a token clears the session and goes to sign-in', async () => {
    let redirected = 0;
    setUnauthorizedHandler(() => {
      redirected++;
    });
    localStorage.setItem('Qq5odp', 'expired');
    setProfile({ acc_dtls: null, units: [{ id: 1, name: 'HO', code: 'HO' }], appMenus: [], rawMenus: [] });
    expect(await request(`${base}/unauth`, 0)).toBeUndefined();
    expect(localStorage.getItem('Qq5odp')).toBeNull();
    expect(sessionStore.get().units).toEqual([]);
    expect(redirected).toBe(1);
    expect(lastToast().description).toBe('Please sign in again');
  });

  it('a 401 that ends the session is shown even on a silent call (a background poll), which then goes to sign-in', async () => {
    let redirected = 0;
    setUnauthorizedHandler(() => {
      redirected++;
    });
    localStorage.setItem('Qq5odp', 'revoked');
    const before = getToasts().length ? lastToast().id : null;
    expect(await request(`${base}/unauth`, 0, undefined, { silent: true, bypass_log: true })).toBeUndefined();
    expect(localStorage.getItem('Qq5odp')).toBeNull();
    expect(redirected).toBe(1);
    expect(lastToast().id).not.toBe(before);
    expect(lastToast()).toMatchObject({ title: 'ERR!!', description: 'Please sign in again' });
    // Without a token a 401 is only that call's answer: a silent call stays silent.
    const shown = lastToast().id;
    expect(await request(`${base}/unauth`, 0, undefined, { silent: true })).toBeUndefined();
    expect(lastToast().id).toBe(shown);
    expect(redirected).toBe(1);
    // Signing out of a session that had already ended says nothing.
    localStorage.setItem('Qq5odp', 'revoked');
    expect(await request(`${base}/unauth`, 1, undefined, { silent: true, endingSession: true })).toBeUndefined();
    expect(lastToast().id).toBe(shown);
    expect(localStorage.getItem('Qq5odp')).toBeNull();
  });
});

describe('api (typed, throwing variant for TanStack Query)', () => {
  it('resolves with the body and rejects with ApiError after the toast', async () => {
    await expect(api.get<{ ok: boolean }>(`${base}/ok`)).resolves.toEqual({ ok: true });
    await expect(api.post(`${base}/bad`, {})).rejects.toMatchObject({ name: 'ApiError', status: 400, message: 'Name is required' });
    expect(lastToast().title).toBe('ERR!!');
    await api.put(`${base}/ok`, { a: 1 });
    await api.patch(`${base}/ok`, { a: 1 });
    await api.delete(`${base}/ok`);
    expect(seen.slice(-3).map((s) => s.method)).toEqual(['PUT', 'PATCH', 'DELETE']);
  });
});
