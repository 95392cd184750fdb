/**
 * Backups round-trip the demo organisation: back up a running test app (with an uploaded document),
 * restore into a fresh PGlite data folder (and into a fresh PostgreSQL database when TEST_DATABASE_URL is
 * set), and compare every table's row count and contents, the files' sha256, and a sign-in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createBackup } from '../../src/backup/backup';
import { type Manifest, readJournal } from '../../src/backup/manifest';
import { RestoreError, restoreBackup } from '../../src/backup/restore';
import { migrateTo } from '../../src/backup/restore-migrations';
import { inTransaction } from '../../src/backup/session';
import { readTarGz, type TarEntry, writeTarGz } from '../../src/backup/tar';
import { createDatabase, type Database, queryRows } from '../../src/db/client';
import { employeeDocTypes } from '../../src/db/schema';
import { multipart, PDF } from '../employees/fixtures';
import { api, createTestApp, signIn, type TestApp, testConfig } from '../helpers';

let t: TestApp;
let dir: string;
let token = '';
let employeeId = 0;
let docTypeId = 0;
/** A PDF of its own (the fixture plus a random comment), so its hash is this test's. */
const upload = Buffer.concat([PDF, Buffer.from(`% ${randomBytes(16).toString('hex')}\n`)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hr-backup-test-'));
  t = await createTestApp({ config: { dataDir: path.join(dir, 'source') } });
  token = await signIn(t.app, 'admin');
  employeeId = (await api(t.app, token).get('/api/employees', { pageSize: 1 })).json().rows[0].id;
  docTypeId = (await t.db.select().from(employeeDocTypes)).find((x) => x.code === 'PAN')!.id;
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function uploadDocument(app = t.app, tok = token, data = upload): Promise<{ id: number; storageKey: string }> {
  const res = await api(app, tok).post(
    `/api/employees/${employeeId}/documents?docTypeId=${docTypeId}`,
    undefined,
    multipart({ name: 'pan.pdf', type: 'application/pdf', data }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await queryRows<{ storage_key: string }>(t.db, sql`select storage_key from employee_documents where id = ${res.json().id}`);
  return { id: res.json().id, storageKey: row?.storage_key ?? '' };
}

/** Every public table's row count and a digest of its rows (read in UTC, sorted bytewise), read independently of the backup code. */
async function snapshot(database: Database): Promise<Record<string, { rows: number; digest: string }>> {
  return inTransaction(database, 'read only', async (q) => {
    await q("set local timezone = 'UTC'");
    const tables = await q<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by 1");
    const out: Record<string, { rows: number; digest: string }> = {};
    for (const { name } of tables) {
      const [r] = await q<{ rows: string; digest: string }>(
        `select count(*)::text as rows, md5(coalesce(string_agg(x, E'\\n' order by x collate "C"), '')) as digest
           from (select row_to_json(t)::text as x from only "${name}" t) s`,
      );
      out[name] = { rows: Number(r.rows), digest: r.digest };
    }
    return out;
  });
}

/** Opens a restored installation: its database and an app on it with the same data folder. */
async function openRestored(dataDir: string, databaseUrl?: string) {
  const config = testConfig({ dataDir, databaseUrl });
  const database = await createDatabase(config, { poolMax: 3 });
  const app = await buildApp({ db: database.db, dbKind: database.kind, config, logger: false });
  await app.ready();
  return {
    database,
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Signs in to a restored app, downloads the document, uploads another (sequences carry on), and checks the trigger-kept figure. */
async function useRestored(restored: Awaited<ReturnType<typeof openRestored>>, doc: { id: number }) {
  const admin = await signIn(restored.app, 'admin');
  const dl = await api(restored.app, admin).get(`/api/employee-documents/${doc.id}/download`);
  expect(dl.statusCode).toBe(200);
  expect(sha(dl.rawPayload)).toBe(sha(upload));
  const again = await api(restored.app, admin).post(
    `/api/employees/${employeeId}/documents?docTypeId=${docTypeId}`,
    undefined,
    multipart({ name: 'pan.pdf', type: 'application/pdf', data: upload }),
  );
  expect(again.statusCode, again.body).toBe(201);
  expect(again.json().id).toBeGreaterThan(doc.id);
  const [m] = await queryRows<{ stored: number; counted: number }>(
    restored.database.db,
    sql`select (select sum(missing_mandatory_docs)::int from employees) as stored,
               (select sum(hr_missing_docs(id, unit_id))::int from employees) as counted`,
  );
  expect(m.stored).toBe(m.counted);
}

describe('backup and restore', () => {
  let archive = '';
  let manifest: Manifest;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let doc: { id: number; storageKey: string };

  beforeAll(async () => {
    doc = await uploadDocument();
    before = await snapshot(t.database);
    archive = path.join(dir, 'backups', 'demo.tar.gz');
    // Small fetches and batches so the dump and the load cross many batch edges.
    ({ manifest } = await createBackup({ database: t.database, dataDir: t.config.dataDir, file: archive, fetchRows: 7 }));
  });

  it('writes a manifest with every table, its row count, and the uploaded file with its hash', async () => {
    expect(Object.fromEntries(manifest.tables.map((x) => [x.name, x.rows]))).toEqual(
      Object.fromEntries(Object.entries(before).map(([k, v]) => [k, v.rows])),
    );
    expect(manifest.tables.find((x) => x.name === 'employees')!.rows).toBeGreaterThan(0);
    expect(manifest.files).toContainEqual({ key: doc.storageKey, bytes: upload.length, sha256: sha(upload) });
    expect(manifest.migration.tag).toBe(readJournal().at(-1)!.tag);
    expect(manifest.source.engine).toBe(t.database.kind);
    // An existing file is never overwritten.
    await expect(createBackup({ database: t.database, dataDir: t.config.dataDir, file: archive })).rejects.toThrow(/already exists/);
  });

  it('the archive is a plain tar.gz: manifest first, then the tables and the files', async () => {
    const { execFileSync } = await import('node:child_process');
    const names = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).trim().split('\n');
    expect(names[0]).toBe('manifest.json');
    expect(names).toContain('db/employees.ndjson');
    expect(names).toContain(`files/${doc.storageKey}`);
  });

  it('restores into a fresh PGlite data folder: same rows, same file, and one can sign in', async () => {
    const target = path.join(dir, 'restored-pglite');
    const result = await restoreBackup({ file: archive, dataDir: target, batchBytes: 2000 });
    expect(result.engine).toBe('pglite');
    expect(result.migratedForward).toEqual([]);
    expect(sha(await readFile(path.join(target, 'files', doc.storageKey)))).toBe(sha(upload));
    expect((await readdir(target)).sort()).toEqual(['files', 'pglite']); // no staging left behind
    const restored = await openRestored(target);
    try {
      expect(await snapshot(restored.database)).toEqual(before);
      // The ENABLE ALWAYS triggers (the salary slips' kept report totals) were off for the load and are back on.
      const [always] = await inTransaction(restored.database, 'read only', (q) =>
        q<{ n: number }>(
          `select count(*)::int as n from pg_trigger where tgrelid = 'salary_slips'::regclass and tgname like 'salary_slips_report_totals%' and tgenabled = 'A'`,
        ),
      );
      expect(always.n).toBe(4);
      await useRestored(restored, doc);
    } finally {
      await restored.close();
    }
  });

  it('refuses to overwrite a data folder that holds data unless forced, and then moves the old one aside', async () => {
    const target = path.join(dir, 'restored-pglite'); // restored (and written to) by the test above
    await expect(restoreBackup({ file: archive, dataDir: target })).rejects.toThrow(/Refusing to overwrite.*--force/);
    const forced = await restoreBackup({ file: archive, dataDir: target, force: true });
    expect(forced.movedAside.map((p) => path.basename(p).replace(/-.*/, ''))).toEqual(['pglite.replaced', 'files.replaced']);
    const restored = await openRestored(target);
    try {
      expect(await snapshot(restored.database)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  it('refuses a damaged archive and leaves the target untouched', async () => {
    const bytes = await readFile(archive);
    const damaged = Buffer.from(bytes);
    for (let i = Math.floor(bytes.length / 2); i < Math.floor(bytes.length / 2) + 64; i++) damaged[i] ^= 0xff;
    const file = path.join(dir, 'damaged.tar.gz');
    await writeFile(file, damaged);
    const target = path.join(dir, 'restored-damaged');
    await expect(restoreBackup({ file, dataDir: target })).rejects.toBeInstanceOf(RestoreError);
    expect(await readdir(target)).toEqual([]);
  });

  it('refuses a backup from a newer release, and one whose data was altered', async () => {
    const newer = await rewrite(archive, path.join(dir, 'newer.tar.gz'), (m) => ({
      ...m,
      migration: { ...m.migration, tag: null, when: m.migration.when + 1000 },
    }));
    await expect(restoreBackup({ file: newer, dataDir: path.join(dir, 'restored-newer') })).rejects.toThrow(/newer release/);
    const fewer = await rewrite(archive, path.join(dir, 'fewer.tar.gz'), (m) => ({
      ...m,
      files: m.files.map((f) => (f.key === doc.storageKey ? { ...f, sha256: sha(Buffer.from('something else')) } : f)),
    }));
    await expect(restoreBackup({ file: fewer, dataDir: path.join(dir, 'restored-fewer') })).rejects.toThrow(/damaged/);
  });

  it('keeps a running server serving during a backup, and every document row of the snapshot has its file', async () => {
    const file = path.join(dir, 'busy.tar.gz');
    const datas = [0, 1, 2, 3].map((i) => Buffer.concat([PDF, Buffer.from(`% busy ${i} ${randomBytes(8).toString('hex')}\n`)]));
    const [, ...uploads] = await Promise.all([
      createBackup({ database: t.database, dataDir: t.config.dataDir, file, fetchRows: 5 }),
      ...datas.map((d) => uploadDocument(t.app, token, d)),
    ]);
    expect(uploads).toHaveLength(4);
    const target = path.join(dir, 'restored-busy');
    await restoreBackup({ file, dataDir: target });
    const restored = await openRestored(target);
    try {
      const rows = await queryRows<{ storage_key: string; sha256: string }>(
        restored.database.db,
        sql`select storage_key, sha256 from employee_documents`,
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(sha(await readFile(path.join(target, 'files', r.storage_key)))).toBe(r.sha256);
    } finally {
      await restored.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('restores into a fresh PostgreSQL database', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `backup_restore_test_${process.pid}`;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${name}"`);
      await admin.query(`create database "${name}"`);
      const target = path.join(dir, 'restored-pg');
      const result = await restoreBackup({ file: archive, dataDir: target, databaseUrl: url.toString(), batchBytes: 2000 });
      expect(result.engine).toBe('pg');
      const restored = await openRestored(target, url.toString());
      try {
        expect(await snapshot(restored.database)).toEqual(before);
        await useRestored(restored, doc);
      } finally {
        await restored.close();
      }
      // A database with rows is refused without --force, and replaced with it.
      await expect(restoreBackup({ file: archive, dataDir: path.join(dir, 'restored-pg-2'), databaseUrl: url.toString() })).rejects.toThrow(
        /Refusing to overwrite/,
      );
      await restoreBackup({ file: archive, dataDir: path.join(dir, 'restored-pg-2'), databaseUrl: url.toString(), force: true });
      const again = await openRestored(path.join(dir, 'restored-pg-2'), url.toString());
      try {
        expect(await snapshot(again.database)).toEqual(before);
      } finally {
        await again.close();
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
      await admin.end();
    }
  });
});

describe('a backup of an older release', () => {
  it('is restored at its own migration and then migrated forward', async () => {
    const journal = readJournal();
    const older = await createDatabase(testConfig(), { pgliteDataDir: 'memory://' });
    const file = path.join(dir, 'older.tar.gz');
    const dataDir = path.join(dir, 'older-source');
    await mkdir(path.join(dataDir, 'files', 'misc'), { recursive: true });
    await writeFile(path.join(dataDir, 'files', 'misc', 'note.txt'), 'kept');
    try {
      await migrateTo(older, journal.slice(0, -1));
      await older.db.execute(sql`insert into organisation (name) values ('Older Org')`);
      const { manifest } = await createBackup({ database: older, dataDir, file });
      expect(manifest.migration.tag).toBe(journal.at(-2)!.tag);
    } finally {
      await older.close();
    }
    const target = path.join(dir, 'restored-older');
    const result = await restoreBackup({ file, dataDir: target });
    expect(result.migratedForward).toEqual([journal.at(-1)!.tag]);
    const restored = await createDatabase(testConfig({ dataDir: target }));
    try {
      const applied = await queryRows<{ n: number }>(restored.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied[0].n).toBe(journal.length);
      const orgs = await queryRows<{ name: string }>(restored.db, sql`select name from organisation`);
      expect(orgs.map((o) => o.name)).toEqual(['Older Org']);
    } finally {
      await restored.close();
    }
    expect(await readFile(path.join(target, 'files', 'misc', 'note.txt'), 'utf8')).toBe('kept');
  });
});

/** Copies an archive with its manifest changed (and nothing else). */
async function rewrite(from: string, to: string, change: (m: Manifest) => Manifest): Promise<string> {
  const entries: TarEntry[] = [];
  await readTarGz(from, async (e) => {
    const parts: Buffer[] = [];
    return {
      write: async (c) => void parts.push(Buffer.from(c)),
      end: async () => {
        let data = Buffer.concat(parts);
        if (e.name === 'manifest.json') data = Buffer.from(JSON.stringify(change(JSON.parse(data.toString('utf8')))));
        entries.push({
          name: e.name,
          size: data.length,
          data: async function* () {
            yield data;
          },
        });
      },
    };
  });
  if (existsSync(to)) await rm(to);
  await writeTarGz(to, entries);
  return to;
}
