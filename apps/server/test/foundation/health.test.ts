import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createTestApp, createTestDatabase, type TestApp, testConfig } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('health and docs', () => {
  it('/api/health answers 200 with the database checked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: t.database.kind });
  });

  it('/api/health answers 503 when the database is gone', async () => {
    const config = testConfig();
    const fresh = await createTestDatabase(config);
    const { database } = fresh;
    const app = await buildApp({ db: database.db, dbKind: database.kind, config, logger: false });
    await database.close();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json().status).toBe('error');
    } finally {
      await app.close();
      await fresh.close();
    }
  });

  it('/api/docs serves the UI and an OpenAPI document made from the zod schemas', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/html/);
    expect(ui.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const signIn = doc.paths['/api/auth/sign-in'].post;
    expect(signIn.requestBody.content['application/json'].schema.properties).toHaveProperty('userName');
  });

  it('every route declares its response schema, so the OpenAPI document is complete for integrators', async () => {
    const missing = t.app.apiRoutes.filter((r) => r.responses.length === 0).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const undocumented: string[] = [];
    for (const r of t.app.apiRoutes) {
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      if (!op?.responses || Object.keys(op.responses).length === 0) undocumented.push(`${r.method} ${r.url}`);
    }
    expect(undocumented).toEqual([]);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    // the rest of helmet's set, and no HSTS (plain-HTTP office deployments)
    expect(res.headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      'origin-agent-cluster': '?1',
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    // also on an unknown path (the not-found answer)
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(missing.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });
});
