// Property-based sweep of every write endpoint, driven by the routes' own schemas: the OpenAPI document the app
// builds from its zod schemas gives each write (POST, PUT, PATCH, DELETE under /api, and the device routes) its
// body, path and query parameters; fast-check draws requests from them: bodies valid by the schema (so they reach
// the handlers and the database), the same with one field made hostile, wholly hostile bodies, malformed multipart
// bodies, path ids mostly of existing rows, and query strings. Sent in process by the administrator and by a
// unit-limited manager. Properties: never a 5xx, and a refused request (4xx) changes no row of any table.
// (foundation/fuzz.test.ts sweeps the same routes with type-blind bodies; this one reaches past validation.)

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createTestApp, signIn, type TestApp } from '../helpers';

type Schema = {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  default?: unknown;
};
type Param = { in: string; name: string; required?: boolean; schema: Schema };
type Operation = { parameters?: Param[]; requestBody?: { content?: Record<string, { schema: Schema }> } };
type Op = { method: string; path: string; params: Param[]; body?: Schema; multipart: boolean };

/**
 * At least 10,000 (the floor) on the embedded database, which `npm test` and CI run; FUZZ_TOTAL raises it for
 * a longer local run. The suite's second run against PostgreSQL (same SQL engine, other driver) sends 2,000 to keep CI
 * within its time.
 */
const TOTAL = process.env.TEST_DATABASE_URL && !process.env.FUZZ_TOTAL ? 2_000 : Math.max(10_000, Number(process.env.FUZZ_TOTAL) || 0);
const DEVICE = 'CQUJ221460001';
/**
 * Tables a refused request may legitimately touch: sign-in bookkeeping, the sessions' last use, the job queue, and the
 * hit counters the API nodes share (a device's calls are counted against its rate limit whether or not they are valid).
 */
const VOLATILE = new Set(['sign_in_attempts', 'sessions', 'jobs', 'shared_counters', 'fuzz_writes']);

let t: TestApp;
const tokens = { admin: '', manager: '' };
let callerIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  tokens.admin = await signIn(t.app, 'admin');
  tokens.manager = await signIn(t.app, 'manager');
  callerIds = (await queryRows<{ id: number }>(t.db, sql`select id from users where user_name in ('admin', 'manager')`)).map((r) => r.id);
});
afterAll(() => t?.close());

/** Counts every row written to any other table by a trigger on each (a rolled-back write counts nothing). */
async function countWrites(): Promise<void> {
  await t.db.execute(sql`create table fuzz_writes (n bigint not null, last_table text)`);
  await t.db.execute(sql`insert into fuzz_writes values (0, null)`);
  await t.db.execute(
    sql.raw(`create function fuzz_count() returns trigger language plpgsql as $$
      begin update fuzz_writes set n = n + 1, last_table = TG_TABLE_NAME; return null; end $$`),
  );
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  for (const { name } of tables) {
    if (VOLATILE.has(name) || name.startsWith('__drizzle') || name.startsWith('fuzz_')) continue;
    await t.db.execute(
      sql.raw(`create trigger fuzz_count_${name} after insert or update or delete on "${name}" for each row execute function fuzz_count()`),
    );
  }
}
const writes = async () =>
  (await queryRows<{ n: string; last_table: string | null }>(t.db, sql`select n::text as n, last_table from fuzz_writes`))[0];

/**
 * The two callers' accounts, roles, grants and units as they were: an accepted fuzzed write may change a password,
 * a role or its grants (that is its job), and the sweep puts them back so it goes on reaching the handlers.
 */
async function snapshotCallers() {
  const ids = `{${callerIds.join(',')}}`;
  await t.db.execute(sql`create table fuzz_users as select * from users where id = any(${ids}::int[])`);
  await t.db.execute(sql`create table fuzz_roles as select * from roles where id in (select role_id from fuzz_users)`);
  await t.db.execute(sql`create table fuzz_rma as select * from role_menu_access where role_id in (select id from fuzz_roles)`);
  await t.db.execute(sql`create table fuzz_uum as select * from user_unit_map where user_id = any(${ids}::int[])`);
}
async function restoreCallers() {
  const ids = `{${callerIds.join(',')}}`;
  await t.db.execute(sql`update users u set user_name = s.user_name, password_hash = s.password_hash, role_id = s.role_id, is_active = true
    from fuzz_users s where u.id = s.id`);
  await t.db.execute(sql`update roles r set is_admin = s.is_admin, is_self_service = s.is_self_service, is_active = true
    from fuzz_roles s where r.id = s.id`);
  await t.db.execute(sql`delete from role_menu_access where role_id in (select id from fuzz_roles)`);
  await t.db.execute(sql`insert into role_menu_access select * from fuzz_rma on conflict do nothing`);
  await t.db.execute(sql`delete from user_unit_map where user_id = any(${ids}::int[])`);
  await t.db.execute(sql`insert into user_unit_map select * from fuzz_uum on conflict do nothing`);
}

// ---- values ---------------------------------------------------------------------------------------------------

const hostileString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  "' or 1=1 --",
  "1'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '31/02/2026',
  '2026-02-30',
  '2026-13-01',
  '9'.repeat(30),
  '-1',
  '0x10',
  '1e309',
  'NaN',
  'ℹ️👍',
  'a'.repeat(5000),
  '{{7*7}}',
  '=cmd|" /C calc"!A0',
);
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER, 1.5, -0.0001, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer({ min: -2, max: 5 }), hostileString), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), hostileString), { maxKeys: 3 }),
);
const hostileId = fc.constantFrom('0', '-1', '2147483648', '99999999999', 'abc', '1.5', '0x10', '1e3', '%201', '%00', '%27');

/** Days around now (most schema dates are plain YYYY-MM-DD patterns). */
const isoDate = fc
  .integer({ min: Date.UTC(2024, 0, 1) / 86_400_000, max: Date.UTC(2027, 11, 31) / 86_400_000 })
  .map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10));
const DATE_PATTERN = /\\d\{4\}-\\d\{2\}-\\d\{2\}/;

function patterned(pattern: string): fc.Arbitrary<string> {
  if (DATE_PATTERN.test(pattern) && pattern.length < 30)
    return fc.oneof({ weight: 4, arbitrary: isoDate }, fc.stringMatching(new RegExp(pattern)));
  if (pattern === '^[1-9][0-9]{0,9}$')
    return fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) }, fc.stringMatching(/^[1-9][0-9]{0,9}$/));
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string({ maxLength: 20 });
  }
}

/** Values the schema accepts (mostly: refinements beyond the JSON schema are not known here). */
function valid(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.constant(null);
  const inner = ((): fc.Arbitrary<unknown> => {
    if (s.enum) return fc.constantFrom(...s.enum);
    if (s.anyOf || s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf ?? []).map((x) => valid(x, depth + 1)));
    if (s.allOf) return valid(Object.assign({}, ...s.allOf), depth + 1);
    switch (s.type) {
      case 'string': {
        if (s.pattern) return patterned(s.pattern);
        if (s.format === 'date') return isoDate;
        if (s.format === 'date-time') return isoDate.map((d) => `${d}T09:30:00.000Z`);
        if (s.format === 'email') return fc.emailAddress();
        const min = s.minLength ?? 0;
        return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(s.maxLength ?? 24, 24)) });
      }
      case 'integer': {
        const lo = s.minimum === undefined ? -5 : s.minimum + (s.exclusiveMinimum === true ? 1 : 0);
        const hi = Math.min(s.maximum ?? 2 ** 31 - 1, 2 ** 31 - 1);
        const small = fc.integer({ min: lo, max: Math.max(lo, Math.min(hi, lo + 40)) });
        return fc.oneof({ weight: 5, arbitrary: small }, fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.max(lo, hi) }));
      }
      case 'number': {
        const lo = s.minimum ?? -1000;
        const hi = Math.min(s.maximum ?? 1_000_000, 1e12);
        return fc.integer({ min: Math.ceil(lo * 100), max: Math.max(Math.ceil(lo * 100), Math.floor(hi * 100)) }).map((p) => p / 100);
      }
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(valid(s.items, depth + 1), {
          minLength: s.minItems ?? 0,
          maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)),
        });
      case 'object': {
        const props = s.properties ?? {};
        const keys = Object.keys(props);
        if (keys.length === 0) return fc.constant({});
        return fc.record(Object.fromEntries(keys.map((k) => [k, valid(props[k], depth + 1)])), {
          requiredKeys: (s.required ?? []).filter((k) => k in props),
        });
      }
      default:
        return hostile;
    }
  })();
  return s.nullable ? fc.oneof({ weight: 6, arbitrary: inner }, fc.constant(null)) : inner;
}

/** A valid body with one field replaced by a hostile value, removed, or an unknown field added. */
function mutated(s: Schema): fc.Arbitrary<unknown> {
  return fc.tuple(valid(s), fc.nat(), hostile, fc.constantFrom('replace', 'remove', 'add')).map(([v, i, bad, how]) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return bad;
    const o = { ...(v as Record<string, unknown>) };
    const keys = Object.keys(o);
    if (how === 'add' || keys.length === 0) o[`x${i % 7}`] = bad;
    else if (how === 'remove') delete o[keys[i % keys.length]];
    else o[keys[i % keys.length]] = bad;
    return o;
  });
}

const attlog = fc
  .array(
    fc.oneof(
      fc
        .tuple(fc.constantFrom('BLR0001', 'BLR0002', 'BLR0003', '1', '7777', ''), isoDate, fc.integer({ min: 0, max: 30 }), fc.nat(5))
        .map(([pin, day, h, st]) => `${pin}\t${day} ${String(h).padStart(2, '0')}:05:00\t${st}\t1\t0`),
      hostileString,
    ),
    { maxLength: 8 },
  )
  .map((lines) => lines.join('\n'));

/** A multipart body that is cut off, has no boundary, or carries a part without a name. */
const badMultipart = fc.constantFrom(
  { type: 'multipart/form-data', body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data\r\n\r\nhello\r\n--x--\r\n' },
  { type: 'multipart/form-data; boundary=x', body: '--x--\r\n' },
  { type: 'application/json', body: '{"file":"x"}' },
  { type: 'text/plain', body: 'hello' },
);

// ---- requests -------------------------------------------------------------------------------------------------

type Req = { who: 'admin' | 'manager'; url: string; type?: string; body?: string };

function requestFor(op: Op): fc.Arbitrary<Req> {
  const queryParams = op.params.filter((p) => p.in === 'query');
  const ids = fc.array(
    fc.oneof(
      {
        weight: 8,
        arbitrary: fc
          .integer({ min: 1, max: 40 })
          .filter((n) => !callerIds.includes(n))
          .map(String),
      },
      hostileId,
    ),
    { minLength: 3, maxLength: 3 },
  );
  const query = fc.array(
    fc.oneof(
      ...queryParams.map((p) =>
        fc
          .tuple(fc.constant(p.name), fc.oneof({ weight: 3, arbitrary: valid(p.schema) }, hostile))
          .map(([k, v]) => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)]),
      ),
      fc.tuple(fc.constantFrom('search', 'page', 'unitId', 'x'), hostileString),
    ),
    { maxLength: queryParams.length + 1 },
  );
  let body: fc.Arbitrary<{ type?: string; body?: string }>;
  if (op.path.startsWith('/iclock'))
    body = fc.oneof({ weight: 4, arbitrary: attlog }, fc.string({ maxLength: 40 })).map((b) => ({ type: 'text/plain', body: b }));
  else if (op.body) {
    const json = fc.oneof(
      { weight: 5, arbitrary: valid(op.body) },
      { weight: 4, arbitrary: mutated(op.body) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    );
    body = fc.oneof(
      { weight: 19, arbitrary: json.map((v) => ({ type: 'application/json', body: JSON.stringify(v) })) },
      fc.constantFrom({ type: 'application/json', body: '{"' }, { type: 'application/json', body: '' }),
    );
  } else if (op.multipart) body = badMultipart;
  else body = fc.constantFrom({}, { type: 'application/json', body: '{}' }, { type: 'application/json', body: '[1]' });
  return fc
    .record({ who: fc.constantFrom('admin', 'admin', 'admin', 'admin', 'manager'), ids, query, body })
    .map(({ who, ids: idList, query: q, body: b }) => {
      let i = 0;
      let url = op.path.replace(/\{(\w+)\}/g, () => idList[i++ % idList.length]);
      const search = new URLSearchParams(q as [string, string][]);
      if (op.path.startsWith('/iclock')) search.set('SN', DEVICE);
      const qs = search.toString();
      if (qs) url += `?${qs}`;
      return { who: who as Req['who'], url, ...b };
    });
}

function operations(): Op[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const ops: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/auth/')) continue; // sign-in limits and sign-out have their own tests
    if (!path.startsWith('/api/') && !path.startsWith('/iclock/')) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: content['application/json']?.schema,
        multipart: !content['application/json'] && (method === 'post' || method === 'put'),
      });
    }
  }
  return ops;
}

describe('schema-driven fuzzing of every write', () => {
  it(`no 5xx, and a refused request changes nothing (${TOTAL.toLocaleString('en')}+ requests)`, async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(150);
    expect(ops.some((o) => o.path === '/iclock/cdata')).toBe(true);
    const perOp = Math.ceil(TOTAL / ops.length);
    await snapshotCallers();
    await countWrites();
    const failures: string[] = [];
    const mutations: string[] = [];
    const status = new Map<number, number>();
    let sent = 0;
    let seed = 20261126;
    const started = Date.now();
    // The write count before each request: read again only after something may have written.
    let before = await writes();
    for (const op of ops) {
      for (const req of fc.sample(requestFor(op), { numRuns: perOp, seed: seed++ })) {
        const res = await t.app.inject({
          method: op.method as 'POST',
          url: req.url,
          headers: {
            ...(req.url.startsWith('/iclock') ? {} : { authorization: `Bearer ${tokens[req.who]}` }),
            ...(req.type ? { 'content-type': req.type } : {}),
          },
          ...(req.body !== undefined ? { payload: req.body } : {}),
        });
        sent++;
        status.set(res.statusCode, (status.get(res.statusCode) ?? 0) + 1);
        const line = `${req.who} ${op.method} ${req.url} ${req.body?.slice(0, 200) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) failures.push(line);
        if (res.statusCode >= 400) {
          const after = await writes();
          if (after.n !== before.n) mutations.push(`${line} [wrote ${after.last_table}]`);
          before = after;
        } else if (/\/(user|role|menu|module|userUnitMap)\b|\/access\/|user-account/.test(op.path)) {
          await restoreCallers();
        }
        if (res.statusCode === 401 && !req.url.startsWith('/iclock')) {
          await restoreCallers();
          tokens[req.who] = await signIn(t.app, req.who); // a fuzzed password or role change ended the session
        }
        if (res.statusCode < 400) before = await writes();
        else if (res.statusCode === 401) before = await writes();
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `schema fuzz: ${sent} requests over ${ops.length} writes in ${seconds.toFixed(1)} s; answers ${JSON.stringify(Object.fromEntries([...status].sort()))}`,
    );
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
    // It reached past validation: many requests were accepted and written (so the write counter is live).
    const accepted = [...status].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0);
    expect(accepted).toBeGreaterThan(TOTAL / 20);
    expect(Number((await writes()).n)).toBeGreaterThan(0);
    expect(failures.slice(0, 10)).toEqual([]);
    expect(mutations.slice(0, 10)).toEqual([]);
  }, 1_200_000);
});
