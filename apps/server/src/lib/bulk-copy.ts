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
import { type Col, chunkSizeOf, type Group, groupRows, insertFill, inTransaction, isNodePg, isPglite, tableSql } from './bulk-columns';
import { checkForeignKeysOnce } from './bulk-foreign-keys';

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
  const pglite = isPglite(db);
  if (!pglite && !isNodePg(db)) return null;
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
  const head = (g: Group, from: string) =>
    `copy ${tableSql(table)} (${g.cols.map((c) => `"${c.name.replace(/"/g, '""')}"`).join(', ')}) from ${from}`;
  if (!pglite) {
    // Always in a transaction: the statement needs one pg client (the transaction's), and several groups are one call.
    await inTransaction(db, 2, async (q) => {
      const client = (q as unknown as { session: { client: pg.PoolClient | pg.Client } }).session.client;
      // The referenced rows checked once and locked as the row-by-row checks would lock them (a superuser only).
      const restore = foreignKeysOnce ? await checkForeignKeysOnce(q, table, cols, rows, true) : null;
      for (const g of groups) await pipeline(Readable.from(copyPieces(g, 0, g.items.length)), client.query(copyFrom(head(g, 'stdin'))));
      if (restore !== null) await q.execute(sql`select set_config('session_replication_role', ${restore}, true)`);
    });
    return rows.length;
  }
  const statements = groups.reduce((n, g) => n + Math.ceil(g.items.length / chunkSizeOf(g.cols.length, chunkSize)), 0);
  // Checking once needs a transaction (the setting is local to it), so it counts as more than one statement.
  await inTransaction(db, statements + (foreignKeysOnce ? 2 : 0), async (q) => {
    const client = (q as unknown as { session: { client: PgliteClient | PgliteTx } }).session.client;
    const restore = foreignKeysOnce ? await checkForeignKeysOnce(q, table, cols, rows) : null;
    for (const g of groups) {
      const size = chunkSizeOf(g.cols.length, chunkSize);
      const sqlText = head(g, "'/dev/blob'");
      // Each chunk's text is made just before it is sent, so only one chunk's text is held at a time.
      for (let i = 0; i < g.items.length; i += size) {
        const parts: Blob[] = [];
        for (const piece of copyPieces(g, i, Math.min(g.items.length, i + size))) parts.push(new Blob([piece]));
        await client.query(sqlText, [], { blob: new Blob(parts) });
      }
    }
    if (restore !== null) await q.execute(sql`select set_config('session_replication_role', ${restore}, true)`);
  });
  return rows.length;
}
