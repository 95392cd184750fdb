// bulkInsert's `copy` (lib/bulk.ts): rows sent by COPY in its text format, a piece at a time — on PGlite a chunk a
// statement from a blob, on PostgreSQL one statement a group streamed through the transaction's pg client.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite as PgliteClient, Transaction as PgliteTx } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db, Tx } from '../db/client';
import {
  type Col,
  chunkSizeOf,
  columnsOf,
  type Group,
  groupRows,
  insertFill,
  inTransaction,
  isNodePg,
  isPglite,
  tableSql,
} from './bulk-columns';
import { checkForeignKeysOnce, FK_ONCE_MIN_ROWS } from './bulk-foreign-keys';

/** May this value go into COPY's text (a value of a non-json column that is an object after conversion may not)? */
function copyable(c: Col, v: unknown): boolean {
  return (
    v === null ||
    v === undefined ||
    c.plain === 'json' ||
    typeof v === 'string' ||
    typeof v === 'number' ||
    typeof v === 'boolean' ||
    v instanceof Date
  );
}

/** A copyable value in COPY's text format: \N for null, backslash, tab, newline and carriage return escaped. */
function copyValue(c: Col, v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  let t: string;
  if (c.plain === 'json') t = JSON.stringify(v);
  else if (typeof v === 'string') t = v;
  else if (v instanceof Date) return v.toISOString();
  else return String(v);
  return COPY_SPECIAL.test(t) ? t.replace(COPY_ESCAPES, (ch) => COPY_ESCAPE[ch]) : t;
}
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES = /[\\\t\n\r]/g;
const COPY_ESCAPE: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Rows `from` to `to` (exclusive) of a group as COPY's text, a line each. */
function copyLines(g: Group, from: number, to: number): string {
  const lines: string[] = new Array(to - from);
  const fields: string[] = new Array(g.cols.length);
  for (let i = from; i < to; i++) {
    const item = g.items[i] as Record<string, unknown>;
    for (let j = 0; j < g.cols.length; j++) fields[j] = copyValue(g.cols[j], item[g.cols[j].key]);
    lines[i - from] = fields.join('\t');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Rows a piece of COPY text holds: PostgreSQL gets the pieces streamed, PGlite a chunk's pieces each made a blob at
 * once and joined as the parts of one (Node joins blobs without copying). A piece of salary slips (under 1 KB a line)
 * stays below V8's large-object size, so its text dies young; a chunk's text is never one string.
 */
const COPY_PIECE_ROWS = 100;

/** A group's rows `from` to `to` as COPY text pieces of COPY_PIECE_ROWS lines. */
function* copyPieces(g: Group, from: number, to: number): Generator<string> {
  for (let i = from; i < to; i += COPY_PIECE_ROWS) yield copyLines(g, i, Math.min(to, i + COPY_PIECE_ROWS));
}

/** Rows to send by COPY: the columns (the database's names), how many rows, and their text `from` to `to` in pieces. */
interface CopySource {
  columns: string[];
  count: number;
  /** Rows a PGlite statement takes. */
  chunk: number;
  pieces: (from: number, to: number) => Iterable<string>;
}

/**
 * bulkInsert through COPY: the rows grouped and converted as for the JSON parameter, each group written as COPY's
 * text a piece at a time. PGlite: a chunk a statement, handed over as a blob. PostgreSQL: one statement a group,
 * its pieces streamed through the pg client, with backpressure, inside a transaction (the caller's or its own). Null
 * when some value cannot go as text or the driver is neither (the caller takes the JSON path); nothing is sent then.
 */
export async function copyRows(
  db: Db | Tx,
  table: PgTable,
  cols: Map<string, Col>,
  rows: readonly object[],
  chunkSize: number | undefined,
  foreignKeysOnce: boolean,
): Promise<number | null> {
  if (!isPglite(db) && !isNodePg(db)) return null;
  if (!rows.length) return 0;
  const groups = groupRows(rows as readonly Record<string, unknown>[], [...cols.values()], insertFill);
  for (const g of groups) {
    // Rows that give no column at all take the JSON path (COPY needs a column).
    if (!g.cols.length) return null;
    // A row that travels as given has plain values only (groupRows), which are all copyable.
    for (let k = 0; k < g.items.length; k++) {
      const item = g.items[k] as Record<string, unknown>;
      if (item !== rows[g.index[k]]) for (const c of g.cols) if (!copyable(c, item[c.key])) return null;
    }
  }
  const sources = groups.map((g) => ({
    columns: g.cols.map((c) => c.name),
    count: g.items.length,
    chunk: chunkSizeOf(g.cols.length, chunkSize),
    pieces: (from: number, to: number) => copyPieces(g, from, to),
  }));
  await sendCopy(db, table, sources, foreignKeysOnce ? { cols, rows } : null);
  return rows.length;
}

/**
 * COPY of rows whose text the caller writes (a hot path that skips building row objects): `columns` are the
 * table's keys (as in Drizzle), `line(i)` row i's COPY text line without its newline, each value escaped with
 * `copyEscape` (null as \N). With `foreignKeys` (the rows' values of the table's foreign-key columns, by key) the
 * foreign keys are checked once as bulkInsert's `foreignKeysOnce` does. Null when the driver is neither PGlite nor
 * node-postgres (nothing is sent).
 */
export async function copyText(
  db: Db | Tx,
  table: PgTable,
  columns: readonly string[],
  count: number,
  line: (i: number) => string,
  foreignKeys: readonly object[] | null,
): Promise<number | null> {
  if (!isPglite(db) && !isNodePg(db)) return null;
  if (!count) return 0;
  const cols = columnsOf(table);
  const names = columns.map((k) => {
    const c = cols.get(k);
    if (!c) throw new Error(`copyText: ${k} is not a column of ${tableSql(table)}`);
    return c.name;
  });
  function* pieces(from: number, to: number): Generator<string> {
    for (let i = from; i < to; i += COPY_PIECE_ROWS) {
      const end = Math.min(to, i + COPY_PIECE_ROWS);
      const lines: string[] = new Array(end - i);
      for (let k = i; k < end; k++) lines[k - i] = line(k);
      yield `${lines.join('\n')}\n`;
    }
  }
  const source = { columns: names, count, chunk: chunkSizeOf(names.length), pieces };
  await sendCopy(db, table, [source], foreignKeys && count >= FK_ONCE_MIN_ROWS ? { cols, rows: foreignKeys } : null);
  return count;
}

/** A text value in COPY's text format (backslash, tab, newline and carriage return escaped); null and undefined as \N. */
export function copyEscape(t: string | null | undefined): string {
  if (t === null || t === undefined) return '\\N';
  return COPY_SPECIAL.test(t) ? t.replace(COPY_ESCAPES, (ch) => COPY_ESCAPE[ch]) : t;
}

/**
 * The sources sent: on PostgreSQL one statement a source, its pieces streamed through the pg client, with
 * backpressure, inside a transaction (the caller's or its own); on PGlite a chunk a statement, its pieces made blobs
 * and joined as the parts of one. With `fk` the foreign keys are checked once first (checkForeignKeysOnce).
 */
async function sendCopy(
  db: Db | Tx,
  table: PgTable,
  sources: CopySource[],
  fk: { cols: Map<string, Col>; rows: readonly object[] } | null,
): Promise<void> {
  const head = (s: CopySource, from: string) =>
    `copy ${tableSql(table)} (${s.columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(', ')}) from ${from}`;
  if (!isPglite(db)) {
    // Always in a transaction: the statement needs one pg client (the transaction's), and several groups are one call.
    await inTransaction(db, 2, async (q) => {
      const client = (q as unknown as { session: { client: pg.PoolClient | pg.Client } }).session.client;
      // The referenced rows checked once and locked as the row-by-row checks would lock them (a superuser only).
      const restore = fk ? await checkForeignKeysOnce(q, table, fk.cols, fk.rows, true) : null;
      for (const s of sources) await pipeline(Readable.from(s.pieces(0, s.count)), client.query(copyFrom(head(s, 'stdin'))));
      if (restore !== null) await q.execute(sql`select set_config('session_replication_role', ${restore}, true)`);
    });
    return;
  }
  const statements = sources.reduce((n, s) => n + Math.ceil(s.count / s.chunk), 0);
  // Checking once needs a transaction (the setting is local to it), so it counts as more than one statement.
  await inTransaction(db, statements + (fk ? 2 : 0), async (q) => {
    const client = (q as unknown as { session: { client: PgliteClient | PgliteTx } }).session.client;
    const restore = fk ? await checkForeignKeysOnce(q, table, fk.cols, fk.rows) : null;
    for (const s of sources) {
      const sqlText = head(s, "'/dev/blob'");
      // Each chunk's text is made just before it is sent, so only one chunk's text is held at a time.
      for (let i = 0; i < s.count; i += s.chunk) {
        const parts: Blob[] = [];
        for (const piece of s.pieces(i, Math.min(s.count, i + s.chunk))) parts.push(new Blob([piece]));
        await client.query(sqlText, [], { blob: new Blob(parts) });
      }
    }
    if (restore !== null) await q.execute(sql`select set_config('session_replication_role', ${restore}, true)`);
  });
}
