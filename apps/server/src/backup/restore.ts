/**
 * `restoreBackup`: brings a data folder (PGlite) or a PostgreSQL database, and the uploaded files, back
 * from an archive made by `createBackup`.
 *
 * 1. The archive is unpacked into a staging folder inside DATA_DIR and every entry is checked against the
 *    manifest (size and sha256) before anything is touched.
 * 2. The manifest's migration must be one this code knows: the database is migrated up to exactly that
 *    migration, the rows are loaded, and the migrations after it are applied (a backup of an older
 *    release is brought forward; one from a newer release is refused).
 * 3. A target that holds rows or files is refused unless `force`: a replaced PGlite folder and files
 *    folder are moved aside (`*.replaced-<time>`), never deleted; a PostgreSQL target is emptied.
 * 4. The rows are loaded in one transaction with triggers off (the dump already holds what triggers
 *    derive), the sequences set, and each table's row count compared with the manifest before commit;
 *    the files are compared with their hashes in their final place.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createDatabase, type Database, withStartupLock } from '../db/client';
import { assertSafeKey, type FileStorage } from '../lib/storage';
import { exists, hashFile, runStamp } from './backup';
import { fileEntry, ident, MANIFEST_NAME, type Manifest, readJournal, tableEntry, ZManifest } from './manifest';
import { migrateTo, migrationPlan, RestoreError } from './restore-migrations';
import { inTransaction, listSequences, listTables, type Query, SESSION_SETTINGS } from './session';
import { type EntrySink, readTarGz } from './tar';

export { RestoreError };

export interface RestoreOptions {
  /** The archive made by `npm run backup`. */
  file: string;
  /** DATA_DIR: uploaded files go to DATA_DIR/files, and without `databaseUrl` the database to DATA_DIR/pglite. */
  dataDir: string;
  /** Restore into this PostgreSQL database instead of PGlite. */
  databaseUrl?: string;
  /** Object storage (FILE_STORAGE=s3) to put the files into instead of DATA_DIR/files. */
  objects?: FileStorage;
  /** Replace a database or files folder that is not empty. */
  force?: boolean;
  /** Bytes of rows per INSERT (tests make it small to cross batch edges). */
  batchBytes?: number;
  log?: (message: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  engine: 'pglite' | 'pg';
  /** Migrations applied after loading (the backup came from an older release). */
  migratedForward: string[];
  /** Folders moved aside because `force` replaced them. */
  movedAside: string[];
}

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const log = opts.log ?? (() => {});
  const dataDir = path.resolve(opts.dataDir);
  await mkdir(dataDir, { recursive: true });
  const stamp = runStamp();
  const staging = path.join(dataDir, `.restore-${stamp}`);
  const engine = opts.databaseUrl ? 'pg' : 'pglite';
  try {
    const manifest = await unpack(opts.file, staging);
    log(
      `Archive checked: ${manifest.tables.length} tables, ${manifest.files.length} files, made ${manifest.createdAt} (${manifest.source.engine}).`,
    );
    const plan = migrationPlan(manifest);
    const filesDir = path.join(dataDir, 'files');
    const filesInUse = opts.objects ? await hasObjects(opts.objects) : await hasFiles(filesDir);
    const filesPlace = opts.objects ? 'the object storage' : filesDir;
    const movedAside: string[] = [];

    if (engine === 'pg') {
      const database = await createDatabase({ dataDir, databaseUrl: opts.databaseUrl }, { poolMax: 3 });
      try {
        await withStartupLock(database, async () => {
          const rows = await inTransaction(database, 'read only', async (q) => {
            await disableTriggers(q); // fails here, before anything is dropped, when the role may not
            return hasRows(q);
          });
          await refuseUnlessEmpty(opts.force, rows, filesInUse, 'the database', filesPlace);
          await inTransaction(database, 'read write', dropEverything);
          await migrateTo(database, plan.upTo);
          await load(database, manifest, staging, opts.batchBytes, log);
          await migrateTo(database, plan.forward.length ? readJournal() : []);
        });
      } finally {
        await database.close();
      }
    } else {
      const target = path.join(dataDir, 'pglite');
      if (await exists(path.join(target, 'postmaster.pid'))) {
        throw new RestoreError(
          `${target} is in use: stop the server first (if none is running, a previous run did not close it: delete ${path.join(target, 'postmaster.pid')})`,
        );
      }
      const targetInUse = await exists(path.join(target, 'PG_VERSION'));
      if (targetInUse) {
        const old = await createDatabase({ dataDir, databaseUrl: undefined }, { pgliteDataDir: target });
        try {
          await refuseUnlessEmpty(opts.force, await inTransaction(old, 'read only', hasRows), filesInUse, target, filesPlace);
        } finally {
          await old.close();
        }
      } else await refuseUnlessEmpty(opts.force, false, filesInUse, target, filesPlace);
      const built = path.join(staging, 'pglite');
      await mkdir(built, { recursive: true });
      const database = await createDatabase({ dataDir, databaseUrl: undefined }, { pgliteDataDir: built });
      try {
        await migrateTo(database, plan.upTo);
        await load(database, manifest, staging, opts.batchBytes, log);
        await migrateTo(database, plan.forward.length ? readJournal() : []);
      } finally {
        await database.close();
      }
      await putInPlace(built, target, stamp, movedAside);
    }

    if (opts.objects) await putObjects(opts.objects, path.join(staging, 'files'), manifest);
    else {
      await putInPlace(path.join(staging, 'files'), filesDir, stamp, movedAside);
      for (const f of manifest.files) {
        const found = await hashFile(path.join(filesDir, f.key)).catch(() => undefined);
        if (found?.sha256 !== f.sha256) throw new RestoreError(`Restored file ${f.key} does not match its hash in the manifest`);
      }
    }
    return { manifest, engine, migratedForward: plan.forward.map((e) => e.tag), movedAside };
  } finally {
    await rm(staging, { recursive: true, force: true }).catch(() => {});
  }
}

/** Unpacks the archive into `staging` (db/, files/), checking every entry against the manifest; returns the manifest. */
async function unpack(file: string, staging: string): Promise<Manifest> {
  if (!(await exists(file))) throw new RestoreError(`No archive at ${path.resolve(file)}`);
  let manifest: Manifest | undefined;
  const expected = new Map<string, { bytes: number; sha256: string }>();
  const seen = new Set<string>();
  await mkdir(path.join(staging, 'files'), { recursive: true });
  await mkdir(path.join(staging, 'db'), { recursive: true });
  try {
    await readTarGz(file, async (entry): Promise<EntrySink> => {
      if (!manifest) {
        if (entry.name !== MANIFEST_NAME || entry.size > 256 * 1024 * 1024) {
          throw new RestoreError(`Not a backup archive: it does not start with ${MANIFEST_NAME}`);
        }
        const parts: Buffer[] = [];
        return {
          write: async (c) => void parts.push(Buffer.from(c)),
          end: async () => {
            const parsed = ZManifest.safeParse(JSON.parse(Buffer.concat(parts).toString('utf8')));
            if (!parsed.success)
              throw new RestoreError(`Not a backup archive of this application (manifest: ${parsed.error.issues[0]?.message})`);
            manifest = parsed.data;
            for (const t of manifest.tables) expected.set(tableEntry(t.name), t);
            for (const f of manifest.files) {
              assertSafeKey(f.key);
              expected.set(fileEntry(f.key), f);
            }
          },
        };
      }
      const want = expected.get(entry.name);
      if (!want || seen.has(entry.name)) throw new RestoreError(`Unexpected entry '${entry.name}' in the archive`);
      if (want.bytes !== entry.size) throw new RestoreError(`${entry.name}: ${entry.size} bytes, the manifest says ${want.bytes}`);
      seen.add(entry.name);
      const dest = path.join(staging, entry.name);
      await mkdir(path.dirname(dest), { recursive: true });
      const fh = await open(dest, 'wx');
      const hash = createHash('sha256');
      return {
        write: async (c) => {
          hash.update(c);
          await fh.write(c);
        },
        end: async () => {
          await fh.close();
          if (hash.digest('hex') !== want.sha256)
            throw new RestoreError(`${entry.name} is damaged (its sha256 does not match the manifest)`);
        },
      };
    });
  } catch (err) {
    if (err instanceof RestoreError) throw err;
    throw new RestoreError(`The archive cannot be read: ${(err as Error).message}`);
  }
  if (!manifest) throw new RestoreError('The archive is empty');
  const missing = [...expected.keys()].filter((k) => !seen.has(k));
  if (missing.length) throw new RestoreError(`The archive is incomplete: ${missing.slice(0, 5).join(', ')} missing`);
  return manifest;
}

async function hasRows(q: Query): Promise<boolean> {
  const tables = await listTables(q);
  if (tables.length === 0) return false;
  const [row] = await q<{ any: boolean }>(
    `select (${tables.map((t) => `exists (select 1 from only ${ident(t.name)})`).join(' or ')}) as any`,
  );
  return row.any;
}

async function hasObjects(objects: FileStorage): Promise<boolean> {
  for await (const _ of objects.list()) return true;
  return false;
}

/**
 * Uploads the archive's files to the object storage and reads each back to compare with its hash. Objects already
 * there under other keys (a `force` restore) are left: keys are never reused, so no row of the restored database
 * refers to them.
 */
async function putObjects(objects: FileStorage, dir: string, manifest: Manifest): Promise<void> {
  for (const f of manifest.files) {
    await objects.put(f.key, await readFile(path.join(dir, f.key)));
    const hash = createHash('sha256');
    for await (const chunk of await objects.get(f.key)) hash.update(chunk as Buffer);
    if (hash.digest('hex') !== f.sha256) throw new RestoreError(`Restored object ${f.key} does not match its hash in the manifest`);
  }
}

async function hasFiles(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).some((d) => d.isFile());
  } catch {
    return false;
  }
}

async function refuseUnlessEmpty(force: boolean | undefined, rows: boolean, files: boolean, dbName: string, filesDir: string) {
  if (force || (!rows && !files)) return;
  const what = [rows ? `${dbName} holds data` : '', files ? `${filesDir} holds files` : ''].filter(Boolean).join(' and ');
  throw new RestoreError(`Refusing to overwrite: ${what}. Restore into a fresh data folder / database, or add --force to replace it.`);
}

/**
 * Empties a PostgreSQL database of this application's objects (tables, views, sequences, routines and
 * types of the public schema, and drizzle's migration log), leaving extensions and schema privileges.
 */
async function dropEverything(q: Query): Promise<void> {
  const notExtension = (catalog: string, oid: string) =>
    `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;
  await q('drop schema if exists drizzle cascade');
  const relations = await q<{ name: string; kind: string }>(
    `select c.relname as name, c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and ${notExtension('pg_class', 'c.oid')}
      order by case c.relkind when 'v' then 0 when 'm' then 1 else 2 end`,
  );
  const kinds: Record<string, string> = { r: 'table', p: 'table', v: 'view', m: 'materialized view', f: 'foreign table', S: 'sequence' };
  for (const r of relations) await q(`drop ${kinds[r.kind]} if exists public.${ident(r.name)} cascade`);
  const routines = await q<{ sig: string; kind: string }>(
    `select p.oid::regprocedure::text as sig, p.prokind::text as kind from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and ${notExtension('pg_proc', 'p.oid')}`,
  );
  for (const r of routines) await q(`drop ${r.kind === 'a' ? 'aggregate' : 'routine'} if exists ${r.sig} cascade`);
  const types = await q<{ name: string; kind: string }>(
    `select t.typname as name, t.typtype::text as kind from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype in ('e', 'd', 'r', 'c') and t.typelem = 0
        and (t.typtype <> 'c' or (select relkind from pg_class where oid = t.typrelid) = 'c')
        and ${notExtension('pg_type', 't.oid')}`,
  );
  for (const t of types) await q(`drop ${t.kind === 'd' ? 'domain' : 'type'} if exists public.${ident(t.name)} cascade`);
}

/**
 * Triggers (and foreign-key checks) off for this transaction: the rows are a consistent snapshot that
 * already holds what the triggers derive, and tables can then be filled in any order.
 */
async function disableTriggers(q: Query): Promise<void> {
  try {
    await q('set local session_replication_role = replica');
  } catch (err) {
    throw new RestoreError(
      `This database role may not set session_replication_role, which the restore needs (as pg_restore --disable-triggers does): ` +
        `run it as a superuser, or on PostgreSQL 15+ GRANT SET ON PARAMETER session_replication_role TO <role>. (${(err as Error).message})`,
    );
  }
}

/**
 * A trigger marked ENABLE ALWAYS fires in replica mode too (the salary slips' kept report totals, so the salary run's
 * COPY may skip its row-by-row foreign-key checks): turned off for the load like the others, inside the load's
 * transaction, and the returned function turns them back on before it commits.
 */
async function disableAlwaysTriggers(q: Query): Promise<() => Promise<void>> {
  const always = await q<{ tbl: string; name: string }>(
    `select c.relname as tbl, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and t.tgenabled = 'A' and not t.tgisinternal`,
  );
  for (const t of always) await q(`alter table public.${ident(t.tbl)} disable trigger ${ident(t.name)}`);
  return async () => {
    for (const t of always) await q(`alter table public.${ident(t.tbl)} enable always trigger ${ident(t.name)}`);
  };
}

/** Loads every table's rows and the sequences in one transaction, then compares row counts with the manifest. */
async function load(database: Database, manifest: Manifest, staging: string, batchBytes = 4 * 1024 * 1024, log: (m: string) => void) {
  await inTransaction(database, 'read write', async (q) => {
    for (const s of SESSION_SETTINGS) await q(s);
    await disableTriggers(q);
    const enableAlwaysTriggers = await disableAlwaysTriggers(q);
    const present = new Map((await listTables(q)).map((t) => [t.name, t.columns]));
    const problems: string[] = [];
    for (const t of manifest.tables) {
      const cols = present.get(t.name);
      if (!cols) problems.push(`table ${t.name} does not exist`);
      else if (cols.join(',') !== t.columns.join(','))
        problems.push(`table ${t.name} has columns (${cols.join(', ')}), the backup (${t.columns.join(', ')})`);
      present.delete(t.name);
    }
    for (const name of present.keys()) problems.push(`table ${name} is not in the backup`);
    if (problems.length)
      throw new RestoreError(`The database at migration ${manifest.migration.tag} does not match the backup: ${problems.join('; ')}`);

    for (const t of manifest.tables) {
      const cols = t.columns.map(ident).join(', ');
      const insert = `insert into ${ident(t.name)} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${ident(t.name)}, $1::json)`;
      let batch: string[] = [];
      let size = 0;
      const flush = async () => {
        if (batch.length) await q(insert, [`[${batch.join(',')}]`]);
        batch = [];
        size = 0;
      };
      const lines = createInterface({
        input: createReadStream(path.join(staging, tableEntry(t.name))),
        crlfDelay: Number.POSITIVE_INFINITY,
      });
      for await (const line of lines) {
        if (line === '') continue;
        batch.push(line);
        size += line.length;
        if (size >= batchBytes) await flush();
      }
      await flush();
    }
    const sequences = new Set(await listSequences(q));
    for (const s of manifest.sequences) {
      if (!sequences.has(s.name)) throw new RestoreError(`Sequence ${s.name} of the backup does not exist in the database`);
      await q('select setval($1::regclass, $2::bigint, $3)', [ident(s.name), s.lastValue, s.isCalled]);
    }
    const wrong: string[] = [];
    for (const t of manifest.tables) {
      const [{ n }] = await q<{ n: string }>(`select count(*)::text as n from only ${ident(t.name)}`);
      if (Number(n) !== t.rows) wrong.push(`${t.name}: ${n} rows, the backup ${t.rows}`);
      else log(`  ${t.name}: ${n} rows`);
    }
    if (wrong.length) throw new RestoreError(`Row counts differ after loading: ${wrong.join('; ')}`);
    await enableAlwaysTriggers();
  });
}

/** Moves `built` to `target`; a non-empty `target` is moved aside first (to `<target>.replaced-<stamp>`). */
async function putInPlace(built: string, target: string, stamp: string, movedAside: string[]): Promise<void> {
  if (await exists(target)) {
    const entries = await readdir(target);
    if (entries.length === 0) await rmdir(target);
    else {
      const aside = `${target}.replaced-${stamp}`;
      await rename(target, aside);
      movedAside.push(aside);
    }
  }
  await rename(built, target);
}
