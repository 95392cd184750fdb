/** What a backup archive holds, described by its first entry `manifest.json`. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_FOLDER } from '../db/client';

export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'hr-payroll-backup';

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** Table names the archive can hold as `db/<name>.ndjson` (every table the migrations create). */
export const TABLE_NAME_RE = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/;

export const ZManifest = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  createdAt: z.string(),
  source: z.object({ engine: z.enum(['pglite', 'pg']), serverVersion: z.string() }),
  /** The last migration applied to the database that was backed up. */
  migration: z.object({ tag: z.string().nullable(), when: z.number().int(), hash: z.string() }),
  /** One entry `db/<name>.ndjson` per table of the public schema: one JSON object (row_to_json) a line. */
  tables: z.array(
    z.object({
      name: z.string().regex(TABLE_NAME_RE),
      /** The columns restored (generated columns are left to the database). */
      columns: z.array(z.string().min(1)),
      rows: z.number().int().min(0),
      bytes: z.number().int().min(0),
      sha256: ZSha256,
    }),
  ),
  sequences: z.array(z.object({ name: z.string().regex(TABLE_NAME_RE), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
  /** Uploaded files, entry `files/<storage key>`. */
  files: z.array(z.object({ key: z.string().min(1), bytes: z.number().int().min(0), sha256: ZSha256 })),
});
export type Manifest = z.infer<typeof ZManifest>;

export const tableEntry = (table: string) => `db/${table}.ndjson`;
export const fileEntry = (key: string) => `files/${key}`;

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this code knows (apps/server/drizzle/meta/_journal.json), oldest first. */
export function readJournal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return [...journal.entries].sort((a, b) => a.when - b.when);
}

export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** Double-quoted SQL identifier. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
