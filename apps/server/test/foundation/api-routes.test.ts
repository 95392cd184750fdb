// The typed table of the API's routes (packages/contract/src/api-routes.gen.ts, issue 24) is the server's own list:
// the web builds its paths from it, so it must hold exactly the routes the app registers.
import { readFileSync } from 'node:fs';
import { API_ROUTES } from '@hr/contract/api-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES_FILE, renderApiRoutes, routeLines } from '../../../../scripts/api-routes';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 900_000);
afterAll(async () => {
  await t?.close();
});

describe('the table of API routes', () => {
  it('holds exactly the routes the server registers (else run `npm run api-routes` and commit the table)', () => {
    expect([...API_ROUTES], 'the table differs from the server: run `npm run api-routes` and commit it').toEqual(
      routeLines(t.app.apiRoutes),
    );
    expect(readFileSync(API_ROUTES_FILE, 'utf8'), 'run `npm run api-routes` and commit the table').toBe(renderApiRoutes(t.app.apiRoutes));
  });

  it('names every route once, by method and path template', () => {
    expect(new Set(API_ROUTES).size).toBe(API_ROUTES.length);
    for (const route of API_ROUTES) expect(route).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/\S+$/);
    expect(API_ROUTES).toContain('GET /api/employees/:id');
  });
});
