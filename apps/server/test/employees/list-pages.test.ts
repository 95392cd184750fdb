// The employee list's pages (modules/employees/service.ts): the first page of a usual size has its LIMIT written into
// the statement's text and no OFFSET, other pages and sizes take them as parameters. Whatever the form, the pages of
// each size, one after another, are the list read as one page of 500, with the same total; as the administrator and a
// custom unit-limited role, sorted and searched; past the end no rows and the same total; a search finding nobody 0.
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let limited: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  const unitIds = (await queryRows<{ id: number }>(t.db, sql`select id from units order by id`)).map((u) => u.id);
  limited = (await createUnitLimitedUser(t, { menus: [MENU.employee], unitIds: unitIds.slice(0, 2), name: 'List pages' })).api;
});
afterAll(() => t?.close());

type Page = { rows: { id: number }[]; total: number };

async function read(who: ReturnType<typeof api>, query: Record<string, string>): Promise<Page> {
  const res = await who.get('/api/employees', query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

describe('employee list pages', () => {
  it('pages of every size, in the text or as parameters, make up the whole list in order', async () => {
    for (const [label, who] of [
      ['administrator', admin],
      ['unit-limited role', limited],
    ] as const) {
      for (const extra of [{}, { sort: 'name', order: 'desc' }, { search: 'a' }, { status: 'active', sort: 'dateOfJoining' }] as Record<
        string,
        string
      >[]) {
        const whole = await read(who, { ...extra, page: '1', pageSize: '500' });
        expect(whole.rows.length, `${label} ${JSON.stringify(extra)}`).toBe(whole.total);
        expect(whole.total).toBeGreaterThan(7);
        for (const size of [7, 10, 25]) {
          const ids: number[] = [];
          for (let page = 1; (page - 1) * size < whole.total; page++) {
            const p = await read(who, { ...extra, page: String(page), pageSize: String(size) });
            expect(p.total, `${label} ${JSON.stringify(extra)} size ${size} page ${page}`).toBe(whole.total);
            ids.push(...p.rows.map((r) => r.id));
          }
          expect(ids, `${label} ${JSON.stringify(extra)} size ${size}`).toEqual(whole.rows.map((r) => r.id));
          // Past the end: no rows, the same total.
          const past = await read(who, { ...extra, page: String(Math.ceil(whole.total / size) + 2), pageSize: String(size) });
          expect(past.rows).toEqual([]);
          expect(past.total).toBe(whole.total);
        }
      }
    }
  });

  it('a search that finds nobody answers no rows and a total of 0', async () => {
    for (const who of [admin, limited]) {
      for (const pageSize of ['7', '25']) {
        const none = await read(who, { search: 'Nobody Qzx', page: '1', pageSize });
        expect(none).toMatchObject({ rows: [], total: 0 });
      }
    }
  });
});
