/** One database session for the backup and restore, the same on PGlite and PostgreSQL (raw SQL, text in and out). */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client';

export type Query = <T extends Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * Runs `fn` in one transaction of one connection, opened with `SET TRANSACTION <mode>` (e.g.
 * 'isolation level repeatable read, read only'); commits when `fn` resolves, rolls back when it throws.
 * On PGlite the instance's own transaction is used, so other users of the same instance (an in-process
 * server) wait for it instead of running inside it.
 */
export async function inTransaction<T>(database: Database, mode: string, fn: (q: Query) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') {
    return (database.client as PGlite).transaction(async (tx) => {
      const q: Query = async (text, params) => (await tx.query(text, params as unknown[])).rows as never;
      await q(`set transaction ${mode}`);
      return fn(q);
    });
  }
  const client = await (database.client as pg.Pool).connect();
  const q: Query = async (text, params) => (await client.query(text, params as unknown[])).rows;
  let failed = false;
  try {
    await q('begin');
    await q(`set transaction ${mode}`);
    const result = await fn(q);
    await q('commit');
    return result;
  } catch (err) {
    failed = true;
    await q('rollback').catch(() => {});
    throw err;
  } finally {
    // A connection that failed mid-transaction is not handed back to the pool for reuse.
    client.release(failed);
  }
}

/** Text settings both sides use, so values are written and read in one form. */
export const SESSION_SETTINGS = [
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'iso_8601'",
  'set local extra_float_digits = 1',
];

export interface TableInfo {
  name: string;
  /** Columns in table order, generated columns left out. */
  columns: string[];
}

/** Ordinary tables of the public schema (partitions included, partitioned parents left out: their rows live in the partitions). */
export async function listTables(q: Query): Promise<TableInfo[]> {
  const rows = await q<{ table: string; column: string }>(
    `select c.relname as "table", a.attname as "column"
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind = 'r'
      order by c.relname, a.attnum`,
  );
  const tables = new Map<string, string[]>();
  for (const r of rows) {
    const cols = tables.get(r.table) ?? [];
    cols.push(r.column);
    tables.set(r.table, cols);
  }
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

/** Sequences of the public schema (serial and identity columns' own, and free-standing ones). */
export async function listSequences(q: Query): Promise<string[]> {
  const rows = await q<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  return rows.map((r) => r.name);
}
