/**
 * API integration test helpers: an in-process app on a fresh, migrated and seeded database.
 *
 * PGlite (default): the first test file to run builds a template (migrate + seed) and dumps it to a
 * tarball in the OS temp folder, keyed by a hash of the server's source and migrations; every test
 * app then starts from that dump (~0.5 s instead of ~6 s + seeding).
 * Postgres (TEST_DATABASE_URL set): a template database is built once (same key) and each test app
 * gets its own database created from it with CREATE DATABASE … TEMPLATE, dropped again in close().
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { todayIn } from '@hr/calendar';
import type { TAction } from '@hr/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type App, buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import { createDatabase, type Database, type Db, migrate } from '../src/db/client';
import { seedDemo } from '../src/seed';
import { DEMO_PASSWORDS } from '../src/seed/core';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Overrides of the configuration (e.g. tiny session lifetimes). */
  config?: Partial<AppConfig>;
}

let key: string | undefined;

/**
 * Settings stored in the template (ALTER SYSTEM), so every test database, e2e server and crash-test server made from it
 * starts with them. Postgres zeroes its shared memory at start, in WASM byte by byte: with the default 128 MB of
 * shared buffers that was about a third of the CPU of making a test database (1.6-1.8 s → 1.1-1.2 s with 16 MB,
 * measured alternating in one process). A test database is about 20 MB; what a test reads again stays in 16 MB, and a page read back comes from memory.
 */
const TEMPLATE_SETTINGS = ["shared_buffers = '16MB'"];
/** Hash of everything that shapes the seeded database: migrations, server source and today (once per test file). */
function templateKey(): string {
  if (key) return key;
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|sql|json)$/.test(name)) h.update(full).update(readFileSync(full));
    }
  };
  walk(path.join(SERVER_DIR, 'src'));
  walk(path.join(SERVER_DIR, 'drizzle'));
  // The contract's shapes and the payroll package's seeded parameter rows shape the template too.
  for (const pkg of ['contract', 'payroll']) {
    const dir = path.join(SERVER_DIR, '..', '..', 'packages', pkg, 'src');
    if (existsSync(dir)) walk(dir);
  }
  // The seed writes data relative to today (attendance, requests): a template of another day is not reused.
  h.update(todayIn());
  h.update(TEMPLATE_SETTINGS.join(';'));
  key = h.digest('hex').slice(0, 16);
  return key;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(tmpdir(), 'hr-test-data') }, { ...overrides });
}

/**
 * The dump, read once per process (a worker runs many files: vitest's isolate is off for the API suite), as a Blob
 * whose bytes are at hand: PGlite loads a dump with `blob.arrayBuffer()`, which for a plain Blob in Node streams the
 * 52 MB in chunks and joins them. Reading the file every time and that join cost about 1 s of CPU for every test
 * database (a CPU profile of PGlite.create); a copy of the bytes costs a few milliseconds. Each load gets its own copy.
 */
class DumpBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([]);
    this.#bytes = bytes;
  }
  override get size(): number {
    return this.#bytes.byteLength;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.slice(0);
  }
}

let templateBlob: { file: string; blob: Blob } | undefined;

/** The migrated and seeded demo database as a PGlite data-folder dump (built once per source version). */
export async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `hr-test-template-${templateKey()}.tar`);
  if (templateBlob?.file === file) return templateBlob.blob;
  if (!existsSync(file)) {
    const database = await createDatabase(testConfig(), { pgliteDataDir: 'memory://' });
    await migrate(database);
    await seedDemo(database.db);
    for (const setting of TEMPLATE_SETTINGS) await (database.client as PGlite).exec(`ALTER SYSTEM SET ${setting}`);
    const dump = await (database.client as PGlite).dumpDataDir('none');
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    renameSync(tmp, file); // atomic: a parallel worker sees the whole file or none
  }
  const bytes = readFileSync(file);
  templateBlob = { file, blob: new DumpBlob(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) };
  return templateBlob.blob;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function pgTemplate(adminUrl: string): Promise<string> {
  const name = `hr_tpl_${templateKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One worker builds the template; the others wait on the lock and then find it.
    await admin.query('select pg_advisory_lock(727275)');
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_build`;
      await admin.query(`drop database if exists "${building}"`);
      await admin.query(`create database "${building}"`);
      const database = await createDatabase(testConfig(), { connectionString: withDatabase(adminUrl, building) });
      try {
        await migrate(database);
        await seedDemo(database.db);
      } finally {
        await database.close();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
      await dropLeftovers(admin, name);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(727275)').catch(() => {});
    await admin.end();
  }
  return name;
}

/** Older templates, and test databases whose process is gone (a crashed run), are dropped. */
async function dropLeftovers(admin: pg.Client, keep: string) {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'hr\\_tpl\\_%' or datname like 'hr\\_test\\_%'",
  );
  for (const { datname } of rows) {
    if (datname === keep) continue;
    const pid = Number(/^hr_test_(\d+)_/.exec(datname)?.[1]);
    if (pid && isAlive(pid)) continue;
    await admin.query(`drop database if exists "${datname}"`).catch(() => {});
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function pgClone(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await pgTemplate(adminUrl);
  const name = `hr_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${template}"`);
        break;
      } catch (err) {
        // "source database is being accessed by other users": another clone is in progress.
        if (attempt >= 20 || (err as { code?: string }).code !== '55006') throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A fresh, migrated and seeded database of its own (without an app). close() also drops it on Postgres. */
export async function createTestDatabase(config: AppConfig = testConfig()): Promise<{ database: Database; close(): Promise<void> }> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const clone = await pgClone(pgUrl);
    const database = await createDatabase(config, { connectionString: clone.url, poolMax: 5 });
    return {
      database,
      async close() {
        await database.close();
        await clone.drop();
      },
    };
  }
  const database = await createDatabase(config, { pgliteDataDir: 'memory://', loadDataDir: await pgliteTemplate() });
  return { database, close: () => database.close() };
}

/**
 * The same database on the streaming replica at TEST_DATABASE_READ_URL (CI starts one: scripts/pg-replica.sh), for
 * `readDb`; `caughtUp()` waits until the replica has replayed everything the primary has written so far, so a test
 * reads its own writes there (a real client would see them a moment later).
 */
export async function replicaOf(database: Database): Promise<{ database: Database; caughtUp(): Promise<void> } | undefined> {
  const readUrl = process.env.TEST_DATABASE_READ_URL;
  if (!readUrl || database.kind !== 'pg') return undefined;
  const primary = database.client as pg.Pool;
  const name = new URL(primary.options.connectionString as string).pathname.slice(1);
  const replica = await createDatabase(testConfig(), { connectionString: withDatabase(readUrl, name), poolMax: 3 });
  const admin = new pg.Pool({ connectionString: readUrl, max: 1 });
  return {
    database: {
      ...replica,
      async close() {
        await replica.close();
        await admin.end();
      },
    },
    async caughtUp() {
      const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      for (let i = 0; i < 12_000; i++) {
        const r = await admin.query<{ ok: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [rows[0].lsn]);
        if (r.rows[0]?.ok) return;
        await new Promise((res) => setTimeout(res, 5));
      }
    },
  };
}

/** An app on its own fresh, migrated and seeded database. Call close() in afterAll. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(opts.config);
  const fresh = await createTestDatabase(config);
  const { database } = fresh;
  // With TEST_DATABASE_READ_URL, reports and dashboards read the replica, each request once it has caught up.
  const replica = await replicaOf(database);
  if (replica) await replica.caughtUp();
  const app = await buildApp({ db: database.db, readDb: replica?.database.db, dbKind: database.kind, config, logger: false });
  if (replica) app.addHook('onRequest', async () => replica.caughtUp());
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await replica?.database.close();
      await fresh.close();
    },
  };
}

export type DemoUser = keyof typeof DEMO_PASSWORDS;

/** Signs a demo user in and returns the bearer token. */
export async function signIn(app: App, who: DemoUser): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { userName: who, password: DEMO_PASSWORDS[who] },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${who} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

type Extra = Omit<InjectOptions, 'method' | 'url' | 'payload' | 'query'>;

/** A small inject wrapper carrying the bearer token. */
export function api(app: App, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const send = (method: InjectOptions['method'], url: string, payload?: unknown, extra: Extra = {}) =>
    app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      ...extra,
      headers: { ...headers, ...(extra.headers ?? {}) },
    }) as Promise<LightMyRequestResponse>;
  return {
    get: (url: string, query?: Record<string, string | number | boolean>, extra?: Extra) =>
      send('GET', query ? `${url}?${new URLSearchParams(stringRecord(query))}` : url, undefined, extra),
    post: (url: string, body?: unknown, extra?: Extra) => send('POST', url, body, extra),
    put: (url: string, body?: unknown, extra?: Extra) => send('PUT', url, body, extra),
    patch: (url: string, body?: unknown, extra?: Extra) => send('PATCH', url, body, extra),
    delete: (url: string, extra?: Extra) => send('DELETE', url, undefined, extra),
  };
}

function stringRecord(q: Record<string, string | number | boolean>): Record<string, string> {
  return Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
}

export interface UnitLimitedUser {
  /** The API as this user (bearer token). */
  api: ReturnType<typeof api>;
  token: string;
  userId: number;
  roleId: number;
  userName: string;
  unitIds: number[];
}

let limitedSeq = 0;

/**
 * A custom unit-limited caller made through the API as an administrator makes one: a new role (not administrator,
 * not self service) holding `actions` (default view) on `menus` (menus' actionUrl; or a record of actionUrl →
 * actions), a user of that role mapped to `unitIds` (user-wise unit mapping), signed in.
 */
export async function createUnitLimitedUser(
  t: Pick<TestApp, 'app'>,
  opts: {
    menus: readonly string[] | Readonly<Record<string, readonly TAction[]>>;
    actions?: readonly TAction[];
    unitIds: readonly number[];
    name?: string;
  },
): Promise<UnitLimitedUser> {
  const admin = api(t.app, await signIn(t.app, 'admin'));
  const must = (res: LightMyRequestResponse, status: number, what: string) => {
    if (res.statusCode !== status) throw new Error(`createUnitLimitedUser: ${what}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const n = `${++limitedSeq}${randomBytes(3).toString('hex')}`;
  const roleName = `${opts.name ?? 'Unit limited'} ${n}`;
  const role = must(
    await admin.post('/api/resources/role', { name: roleName, description: 'A test role', isAdmin: false, isSelfService: false }),
    201,
    'role',
  ) as { id: number };
  const grants: Record<string, readonly TAction[]> = Array.isArray(opts.menus)
    ? Object.fromEntries((opts.menus as readonly string[]).map((m) => [m, opts.actions ?? ['view']]))
    : (opts.menus as Record<string, readonly TAction[]>);
  const grid = must(await admin.get(`/api/access/roles/${role.id}/menus`), 200, 'grid') as {
    menus: { menuId: number; actionUrl: string }[];
  };
  const missing = Object.keys(grants).filter((url) => !grid.menus.some((m) => m.actionUrl === url));
  if (missing.length) throw new Error(`createUnitLimitedUser: unknown menus ${missing.join(', ')}`);
  const rows = grid.menus
    .filter((m) => grants[m.actionUrl])
    .map((m) => {
      const a = grants[m.actionUrl];
      return {
        menuId: m.menuId,
        canView: true,
        canAdd: a.includes('add'),
        canEdit: a.includes('edit'),
        canDelete: a.includes('delete'),
        canApprove: a.includes('approve'),
      };
    });
  must(await admin.put(`/api/access/roles/${role.id}/menus`, { rows }), 200, 'grants');
  const userName = `limited${n}`;
  const password = 'Quartz#Harbour7291';
  const user = must(
    await admin.post('/api/resources/user', {
      userName,
      fullName: `Limited caller ${n}`,
      email: `${userName}@example.in`,
      roleId: role.id,
      password,
    }),
    201,
    'user',
  ) as { id: number };
  must(
    await admin.put(`/api/resources/userUnitMap/mapping/${user.id}`, { items: opts.unitIds.map((itemId) => ({ itemId })) }),
    200,
    'unit mapping',
  );
  const signin = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { userName, password } });
  const { token } = must(signin, 200, 'sign-in') as { token: string };
  return { api: api(t.app, token), token, userId: user.id, roleId: role.id, userName, unitIds: [...opts.unitIds] };
}
