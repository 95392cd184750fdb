// Which migrations a backup needs (its own, known to this release, then those after it) and applying a prefix of
// the release's migrations: the schema a backup's rows are loaded into is the one they were dumped from.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { type Database, MIGRATIONS_FOLDER } from '../db/client';
import { type JournalEntry, type Manifest, readJournal } from './manifest';

/** A restore refused for a reason its user can act on (the message says which). */
export class RestoreError extends Error {}

export interface MigrationPlan {
  /** The journal entries up to and including the backup's migration. */
  upTo: JournalEntry[];
  forward: JournalEntry[];
}

export function migrationPlan(manifest: Manifest): MigrationPlan {
  const journal = readJournal();
  const i = journal.findIndex((e) => e.when === manifest.migration.when);
  const name = manifest.migration.tag ?? `made at ${new Date(manifest.migration.when).toISOString()}`;
  if (i < 0) {
    const newest = journal.at(-1);
    throw new RestoreError(
      newest && manifest.migration.when > newest.when
        ? `The backup comes from a newer release (migration ${name}); restore it with that release or a later one`
        : `The backup's migration ${name} is not one of this release's migrations`,
    );
  }
  const sql = readFileSync(path.join(MIGRATIONS_FOLDER, `${journal[i].tag}.sql`), 'utf8');
  if (createHash('sha256').update(sql).digest('hex') !== manifest.migration.hash) {
    throw new RestoreError(`Migration ${journal[i].tag} of this release differs from the one the backup was made with`);
  }
  return { upTo: journal.slice(0, i + 1), forward: journal.slice(i + 1) };
}

/** Applies the given journal entries (all of them: the committed folder; fewer: a trimmed copy of it). */
export async function migrateTo(database: Database, entries: JournalEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const all = readJournal();
  let folder = MIGRATIONS_FOLDER;
  let temp: string | undefined;
  if (entries.length < all.length) {
    temp = await mkdtemp(path.join(tmpdir(), 'hr-migrations-'));
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
    const keep = new Set(entries.map((e) => e.tag));
    journal.entries = journal.entries.filter((e) => keep.has(e.tag));
    await mkdir(path.join(temp, 'meta'));
    await writeFile(path.join(temp, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const e of entries) await copyFile(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(temp, `${e.tag}.sql`));
    folder = temp;
  }
  try {
    // The migrators themselves (not db/client's migrate()): the restore already holds the start-up lock.
    if (database.kind === 'pglite') await migratePglite(drizzlePglite(database.client as PGlite), { migrationsFolder: folder });
    else await migratePg(drizzlePg(database.client as pg.Pool), { migrationsFolder: folder });
  } finally {
    if (temp) await rm(temp, { recursive: true, force: true });
  }
}
