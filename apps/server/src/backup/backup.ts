/**
 * `createBackup`: one .tar.gz holding a consistent logical dump of the database and the uploaded files.
 *
 * Consistency with a running server: every table is read in ONE read-only REPEATABLE READ transaction
 * (the snapshot pg_dump uses), so the dump is the database at one instant while the server goes on
 * writing. Uploaded files are immutable (written once under a fresh key, then only deleted), so they are
 * hard-linked into a staging folder just before the snapshot is taken and once more just after: a file
 * a row of the snapshot refers to existed at one of those two instants, and a deletion after them cannot
 * take it from the archive. With object storage (FILE_STORAGE=s3) the objects are downloaded into the staging folder
 * at the same two instants.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../db/client';
import { assertSafeKey, type FileStorage, StorageNotFound } from '../lib/storage';
import { appVersion, FORMAT, fileEntry, ident, MANIFEST_NAME, type Manifest, readJournal, TABLE_NAME_RE, tableEntry } from './manifest';
import { inTransaction, listSequences, listTables, type Query, SESSION_SETTINGS } from './session';
import { type TarEntry, writeTarGz } from './tar';

export class BackupError extends Error {}

export interface BackupOptions {
  database: Database;
  /** DATA_DIR: the uploaded files are read from DATA_DIR/files; the staging folder is made beside them. */
  dataDir: string;
  /** Object storage (FILE_STORAGE=s3) to read the files from instead of DATA_DIR/files. */
  objects?: FileStorage;
  /** The archive to write; an existing file is never overwritten. */
  file: string;
  /** Rows fetched per round trip (tests make it small to cross batch edges). */
  fetchRows?: number;
  log?: (message: string) => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/** A folder name for this run: sortable time, then the process and a random tail. */
export function runStamp(): string {
  return `${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  const out = path.resolve(opts.file);
  if (await exists(out)) throw new BackupError(`${out} already exists; choose another file name`);
  await mkdir(path.dirname(out), { recursive: true });
  await mkdir(opts.dataDir, { recursive: true });
  const staging = path.join(opts.dataDir, `.backup-${runStamp()}`);
  const log = opts.log ?? (() => {});
  const fetchRows = opts.fetchRows ?? 2000;
  const filesRoot = path.join(opts.dataDir, 'files');
  const stagedFiles = path.join(staging, 'files');
  const partial = `${out}.partial`;
  const { objects } = opts;
  const stage = () => (objects ? stageObjects(objects, stagedFiles, keys) : stageFiles(filesRoot, stagedFiles, keys));
  const keys = new Set<string>();
  try {
    await mkdir(path.join(staging, 'db'), { recursive: true });
    await stage();

    const dump = await inTransaction(opts.database, 'isolation level repeatable read, read only', async (q) => {
      for (const s of SESSION_SETTINGS) await q(s);
      // The first read fixes the snapshot.
      const [migration] = await q<{ hash: string; created_at: string }>(
        'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
      ).catch(() => []);
      if (!migration) throw new BackupError('The database has no migrations applied; there is nothing to back up');
      await stage();
      const [{ server_version: serverVersion }] = await q<{ server_version: string }>('show server_version');
      const tables: Manifest['tables'] = [];
      for (const t of await listTables(q)) {
        if (!TABLE_NAME_RE.test(t.name)) throw new BackupError(`Table name '${t.name}' cannot be archived`);
        const dumped = await dumpTable(q, t.name, path.join(staging, tableEntry(t.name)), fetchRows);
        tables.push({ name: t.name, columns: t.columns, ...dumped });
        log(`  ${t.name}: ${dumped.rows} rows`);
      }
      const sequences: Manifest['sequences'] = [];
      for (const name of await listSequences(q)) {
        const [s] = await q<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${ident(name)}`);
        sequences.push({ name, lastValue: s.last_value, isCalled: s.is_called });
      }
      return { migration, serverVersion, tables, sequences };
    });

    const files: Manifest['files'] = [];
    for (const key of [...keys].sort()) files.push({ key, ...(await hashFile(path.join(stagedFiles, key))) });
    const when = Number(dump.migration.created_at);
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: 1,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      source: { engine: opts.database.kind, serverVersion: dump.serverVersion },
      migration: { tag: readJournal().find((e) => e.when === when)?.tag ?? null, when, hash: dump.migration.hash },
      tables: dump.tables,
      sequences: dump.sequences,
      files,
    };

    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    const entries: TarEntry[] = [
      {
        name: MANIFEST_NAME,
        size: manifestBytes.length,
        data: async function* () {
          yield manifestBytes;
        },
      },
      ...manifest.tables.map((t) => fileTarEntry(tableEntry(t.name), path.join(staging, tableEntry(t.name)), t.bytes)),
      ...manifest.files.map((f) => fileTarEntry(fileEntry(f.key), path.join(stagedFiles, f.key), f.bytes)),
    ];
    await rm(partial, { force: true });
    await writeTarGz(partial, entries);
    await rename(partial, out);
    return { file: out, bytes: (await stat(out)).size, manifest };
  } finally {
    await rm(partial, { force: true }).catch(() => {});
    await rm(staging, { recursive: true, force: true }).catch(() => {});
  }
}

function fileTarEntry(name: string, file: string, size: number): TarEntry {
  return { name, size, data: () => createReadStream(file) };
}

async function dumpTable(q: Query, table: string, file: string, fetchRows: number) {
  const fh = await open(file, 'wx');
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  try {
    await q(`declare hr_backup_rows no scroll cursor for select row_to_json(t)::text as j from only ${ident(table)} t`);
    for (;;) {
      const batch = await q<{ j: string }>(`fetch forward ${fetchRows} from hr_backup_rows`);
      if (batch.length === 0) break;
      const buf = Buffer.from(`${batch.map((r) => r.j).join('\n')}\n`);
      hash.update(buf);
      await fh.write(buf);
      rows += batch.length;
      bytes += buf.length;
    }
    await q('close hr_backup_rows');
  } finally {
    await fh.close();
  }
  return { rows, bytes, sha256: hash.digest('hex') };
}

/** A storage write in progress (FsStorage writes `<key>.<pid>.tmp`, then renames). */
const IN_PROGRESS = /\.\d+\.tmp$/;

/** Hard-links (or, across file systems, copies) every stored file not yet in `keys` into `dest`. */
async function stageFiles(root: string, dest: string, keys: Set<string>): Promise<void> {
  let names: string[];
  try {
    names = (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((d) => d.isFile())
      .map((d) => path.join(d.parentPath, d.name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const full of names) {
    const key = path.relative(root, full).split(path.sep).join('/');
    if (keys.has(key) || IN_PROGRESS.test(key)) continue;
    try {
      assertSafeKey(key);
    } catch {
      continue; // not something the storage wrote (e.g. an editor's backup file)
    }
    const target = path.join(dest, key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await link(full, target);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // deleted meanwhile
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw err;
      try {
        await copyFile(full, target);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw e;
      }
    }
    keys.add(key);
  }
}

/** Downloads every object not yet in `keys` into `dest` (one deleted meanwhile is left out). */
async function stageObjects(objects: FileStorage, dest: string, keys: Set<string>): Promise<void> {
  for await (const key of objects.list()) {
    if (keys.has(key)) continue;
    try {
      assertSafeKey(key);
    } catch {
      continue; // not something the storage wrote
    }
    const target = path.join(dest, key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await pipeline(await objects.get(key), createWriteStream(target));
    } catch (err) {
      if (err instanceof StorageNotFound) continue;
      throw err;
    }
    keys.add(key);
  }
}

export async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

export async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}
