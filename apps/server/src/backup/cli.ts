// `npm run backup [-- <file>]` and `npm run restore -- <file> [--force]` (README, section Backups).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { createDatabase } from '../db/client';
import { createStorage } from '../lib/storage';
import { BackupError, createBackup, runStamp } from './backup';
import { RestoreError, restoreBackup } from './restore';

const USAGE = `Usage:
  npm run backup [-- <file.tar.gz>]          back up the database and uploaded files (default: DATA_DIR/backups/hr-backup-<time>.tar.gz)
  npm run restore -- <file.tar.gz> [--force]  restore into DATA_DIR (PGlite) or DATABASE_URL; --force replaces existing data`;

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const args = rest.filter((a) => !a.startsWith('--'));
const unknown = rest.filter((a) => a.startsWith('--') && a !== '--force');

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function backup() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const dir = path.join(config.dataDir, 'pglite');
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`No database in ${dir} (is DATA_DIR right?)`);
    // PGlite is one process's database: a second process must not open it while the server has it.
    if (existsSync(path.join(dir, 'postmaster.pid'))) {
      throw new BackupError(
        `${dir} is in use: stop the server, then back up (with PostgreSQL, backups run beside a running server). ` +
          `If no server is running, a previous run did not close it: delete ${path.join(dir, 'postmaster.pid')}.`,
      );
    }
  }
  const file = args[0] ?? path.join(config.dataDir, 'backups', `hr-backup-${runStamp().split('-')[0]}.tar.gz`);
  const database = await createDatabase(config, { poolMax: 2 });
  try {
    console.log(`Backing up ${database.kind === 'pg' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`} …`);
    const objects = config.fileStorage === 's3' ? createStorage(config) : undefined;
    const result = await createBackup({ database, dataDir: config.dataDir, objects, file, log: (m) => console.log(m) });
    const rows = result.manifest.tables.reduce((s, t) => s + t.rows, 0);
    console.log(
      `Wrote ${result.file} (${mb(result.bytes)}): ${result.manifest.tables.length} tables, ${rows} rows, ${result.manifest.files.length} files, migration ${result.manifest.migration.tag}.`,
    );
  } finally {
    await database.close();
  }
}

async function restore() {
  const config = loadConfig();
  if (!args[0]) throw new RestoreError(`Which archive? ${USAGE}`);
  console.log(`Restoring ${args[0]} into ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`} …`);
  const result = await restoreBackup({
    file: args[0],
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    objects: config.fileStorage === 's3' ? createStorage(config) : undefined,
    force,
    log: (m) => console.log(m),
  });
  const rows = result.manifest.tables.reduce((s, t) => s + t.rows, 0);
  console.log(
    `Restored ${rows} rows in ${result.manifest.tables.length} tables and ${result.manifest.files.length} files; counts and hashes checked.`,
  );
  if (result.migratedForward.length) console.log(`Migrated forward: ${result.migratedForward.join(', ')}.`);
  for (const p of result.movedAside) console.log(`The replaced data was moved to ${p} (delete it when no longer needed).`);
}

try {
  if (unknown.length) throw new RestoreError(`Unknown option ${unknown.join(' ')}\n${USAGE}`);
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore();
  else throw new RestoreError(USAGE);
} catch (err) {
  if (err instanceof BackupError || err instanceof RestoreError) console.error(err.message);
  else console.error(err);
  process.exitCode = 1;
}
