/**
 * Set-based bulk writes: insert, update and upsert of any number of rows in a handful of statements.
 *
 * Each chunk of rows (50,000 at most, fewer for wide tables) travels as ONE parameter, a JSON array of
 * objects, unpacked on the server by `json_to_recordset($1::json) as x("employeeId" integer, …)` with
 * the column types taken from the Drizzle table (getTableColumns) and the rows' own JS keys, so rows of
 * plain values (numbers, text, booleans, dates, null, jsonb values) go to JSON.stringify untouched.
 *
 * Why JSON: measured against `unnest($1::int[], $2::bigint[], …)` (one array parameter per column) for
 * 300,000 rows × 6 columns, JSON was faster on PGlite for insert and update (insert ≈ 2.2–2.8 s against
 * 2.9–3.3 s; update ≈ 3.0–3.8 s against 4.2–5.6 s) and level or faster on PostgreSQL (insert ≈ 1.7–2.0 s
 * for both; update 1.7–2.1 s against 2.5–2.9 s). `json` rather than `jsonb`: the document is read
 * once, and skipping the jsonb build made the PostgreSQL insert twice as fast (1.7 s against 3.9 s).
 * Figures of the current code: bench/bulk.bench.ts (`npm run bench -- bulk`).
 *
 * The same code runs on PGlite and node-postgres, on a `Db` or inside a transaction (`Tx`); several
 * chunks on a plain `Db` run in a transaction of their own, so a call is all-or-nothing.
 *
 * Values follow Drizzle's insert rules: non-plain values go through the column's own mapToDriverValue
 * (bigint → text, custom types); json/jsonb columns take the value itself. `undefined` means "not
 * given": the column's $defaultFn (if any) or its database default applies, as in
 * `db.insert(table).values(rows)`; `null` writes NULL. Rows that give different sets of columns are
 * written in one statement per set (one in the usual case). Keys that are not columns are ignored.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite as PgliteClient, Transaction as PgliteTx } from '@electric-sql/pglite';
import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { type PgColumn, PgDialect, type PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Db, queryRows, type Tx } from '../db/client';
import { findPgError } from './pg-errors';

/** JS keys of a table's columns. */
export type ColumnKey<T extends PgTable> = keyof T['_']['columns'] & string;
type Insert<T extends PgTable> = T['$inferInsert'];
type Select<T extends PgTable> = T['$inferSelect'];

export interface BulkInsertOptions<T extends PgTable, R extends ColumnKey<T>> {
  /** Rows per statement; defaults to about 300,000 values a statement (at most 50,000 rows). */
  chunkSize?: number;
  /** Columns to return, one object per inserted row, in input order. */
  returning?: readonly R[];
  /** `on conflict do nothing`, on any unique constraint or on the given columns' one. */
  onConflictDoNothing?: boolean | { target: readonly ColumnKey<T>[] };
  /**
   * Send the rows by COPY in its text format rather than the JSON parameter, so the database neither parses a JSON
   * document nor holds it as a table first, and the text is made a piece at a time (only one piece held at once).
   * On PGlite `copy … from '/dev/blob'`, a chunk a statement (10,000 salary slips: about 0.2 s less); on PostgreSQL
   * one `copy … from stdin` through the transaction's pg client (pg-copy-streams), its text streamed in pieces
   * (1,00,000 salary slips: see bench/payroll.bench.ts). For rows of numbers, text, booleans, dates and json values;
   * ignored with `returning` or `onConflictDoNothing`, and when a value of another column is an object after
   * conversion (checked before anything is sent). On PostgreSQL the call always runs in a transaction.
   */
  copy?: boolean;
  /**
   * With `copy`, on PGlite, for 1,000 rows or more: check the table's foreign keys once for the whole call — one
   * statement that looks every distinct referenced value up set-based — and COPY with the row-by-row checks off
   * (`session_replication_role = replica` for the COPY alone, within the transaction). The per-row checks are two
   * internal queries a row for the salary slips, most of the insert's time in the embedded database. Safe there
   * because a PGlite transaction is exclusive (nothing else runs until it ends, so a checked row cannot go away
   * before the insert commits). Taken only when every trigger of the table is a foreign key's, it has no rules, every
   * foreign key is on one column and the role is a superuser (PGlite's own); else, or when a value is missing (the
   * COPY then fails with the database's own foreign-key error), the COPY runs with its checks as usual.
   *
   * Also without `copy` (the JSON parameter, with `returning` and `onConflictDoNothing` too), on PGlite, for 100 rows
   * or more: the same check once, then the insert statements with the row-by-row checks off (a device batch of 500
   * punches: two foreign keys a row, about a third of the insert's CPU). Rows left out by `onConflictDoNothing` are
   * checked too (a missing value for one of them only keeps the row-by-row checks on).
   */
  foreignKeysOnce?: boolean;
}

export interface BulkUpsertOptions<T extends PgTable, R extends ColumnKey<T>> {
  chunkSize?: number;
  /** The columns of the unique constraint that decides "already there". */
  target: readonly ColumnKey<T>[];
  /** The columns an existing row takes from the incoming one. */
  set: readonly ColumnKey<T>[];
  /**
   * Only an existing row that meets this condition is updated (`on conflict … do update … where`; it may name the
   * table's columns and `excluded`), e.g. a stored day not marked by hand. A row left alone returns nothing.
   */
  where?: SQL;
  returning?: readonly R[];
  /**
   * On PGlite, for 100 rows or more: check the table's foreign keys once for the whole call and write with the
   * row-by-row checks off, as bulkInsert's `foreignKeysOnce` without COPY (the same conditions; rows left alone by
   * `where` are checked too).
   */
  foreignKeysOnce?: boolean;
  /**
   * Which rows the caller knows are not in the table yet (it read the table's rows for them just before: a month's days
   * stored for the first time). On PGlite, when they are 1,000 or more, they are inserted by COPY (bulkInsert's `copy`,
   * with `foreignKeysOnce` when asked) and only the others go through the upsert: the insert then neither parses a JSON
   * document nor checks each row for a conflict (a unit's month of 15,500 new days: see compute.ts storeDays). All in one
   * transaction; should one of them be there after all (stored meanwhile by another call), the COPY is undone (it runs
   * in a savepoint) and every row goes through the upsert. Ignored on PostgreSQL, where a conflicting COPY would end a
   * caller's transaction.
   */
  absent?: (row: Insert<T>, index: number) => boolean;
}

export interface BulkUpdateOptions<T extends PgTable, K extends ColumnKey<T>, S extends ColumnKey<T>> {
  chunkSize?: number;
  /** The column(s) that find each row (usually 'id'); every row must give them. */
  key: K | readonly K[];
  /** The columns written; a row that leaves one undefined keeps its current value. */
  set: readonly S[];
}

/** What a bulk call returns: the returned rows when `returning` was asked for, else the row count. */
export type BulkResult<T extends PgTable, R extends ColumnKey<T>> = [R] extends [never] ? number : Pick<Select<T>, R>[];

interface Col {
  key: string;
  name: string;
  type: string;
  column: PgColumn;
  /** Which non-null values may travel as they are (JSON.stringify writes them as the database reads them). */
  plain: 'scalar' | 'date' | 'json' | 'convert';
}

const MAX_CHUNK = 50_000;
const VALUES_PER_CHUNK = 300_000;
/** Column kinds whose mapToDriverValue leaves strings, finite numbers and booleans as they are. */
const SCALAR = new Set([
  'PgInteger',
  'PgSerial',
  'PgSmallInt',
  'PgSmallSerial',
  'PgBigInt53',
  'PgBigSerial53',
  'PgText',
  'PgVarchar',
  'PgChar',
  'PgBoolean',
  'PgNumeric',
  'PgNumericNumber',
  'PgReal',
  'PgDoublePrecision',
  'PgUUID',
  'PgEnumColumn',
  'PgDateString',
  'PgTimestampString',
  'PgTime',
  'PgInterval',
]);
/** Column kinds that write a Date as its ISO text (what JSON.stringify writes). */
const DATES = new Set(['PgDate', 'PgTimestamp']);

/**
 * Inserts rows set-based. Returns the number of rows inserted, or with `returning` the chosen columns
 * of each inserted row in input order (with onConflictDoNothing, only the rows actually inserted).
 */
export async function bulkInsert<T extends PgTable, R extends ColumnKey<T> = never>(
  db: Db | Tx,
  table: T,
  rows: readonly Insert<T>[],
  opts: BulkInsertOptions<T, R> = {},
): Promise<BulkResult<T, R>> {
  const cols = columnsOf(table);
  if (opts.copy && !opts.returning?.length && !opts.onConflictDoNothing) {
    const copied = await copyRows(db, table, cols, rows, opts.chunkSize, !!opts.foreignKeysOnce && rows.length >= FK_ONCE_MIN_ROWS);
    if (copied !== null) return copied as BulkResult<T, R>;
  }
  if (opts.foreignKeysOnce && rows.length >= FK_ONCE_MIN_ROWS_JSON && isPglite(db)) {
    return withForeignKeysOnce(db, table, cols, rows, (q) => bulkInsert(q, table, rows, { ...opts, foreignKeysOnce: false }));
  }
  const conflict =
    opts.onConflictDoNothing === undefined || opts.onConflictDoNothing === false
      ? undefined
      : opts.onConflictDoNothing === true
        ? sql` on conflict do nothing`
        : sql` on conflict (${names(cols, opts.onConflictDoNothing.target)}) do nothing`;
  return writeRows(db, cols, rows, opts.chunkSize, opts.returning, !!conflict, (g, items) =>
    conflict ? sql`${insertSelect(table, g, items)}${conflict}` : insertSelect(table, g, items),
  );
}

/**
 * Inserts rows, or updates the `set` columns of those whose `target` columns match an existing row
 * (`insert … on conflict (target) do update`). A row may not appear twice in one call.
 */
export async function bulkUpsert<T extends PgTable, R extends ColumnKey<T> = never>(
  db: Db | Tx,
  table: T,
  rows: readonly Insert<T>[],
  opts: BulkUpsertOptions<T, R>,
): Promise<BulkResult<T, R>> {
  const cols = columnsOf(table);
  if (!opts.target.length || !opts.set.length) throw new Error('bulkUpsert: target and set are required');
  // A row left alone by `where` returns nothing, so returned rows could not be matched to the rows given.
  if (opts.where && opts.returning?.length) throw new Error('bulkUpsert: where and returning cannot be used together');
  if (opts.absent && !opts.returning?.length && isPglite(db)) {
    const absent = opts.absent;
    const fresh: Insert<T>[] = [];
    const rest: Insert<T>[] = [];
    for (let i = 0; i < rows.length; i++) (absent(rows[i], i) ? fresh : rest).push(rows[i]);
    if (fresh.length >= ABSENT_COPY_MIN_ROWS) {
      const plain = { ...opts, absent: undefined };
      let count = 0;
      await inTransaction(db, 2, async (q) => {
        let copied: number | null = null;
        try {
          copied = await (q as Tx).transaction(
            async (sp) =>
              (await bulkInsert(sp, table, fresh, {
                copy: true,
                foreignKeysOnce: opts.foreignKeysOnce,
                chunkSize: opts.chunkSize,
              })) as number,
          );
        } catch (e) {
          if (findPgError(e)?.code !== '23505') throw e;
        }
        if (copied === null) count = (await bulkUpsert(q, table, rows, plain)) as number;
        else count = copied + (rest.length ? ((await bulkUpsert(q, table, rest, plain)) as number) : 0);
      });
      return count as BulkResult<T, R>;
    }
  }
  if (opts.foreignKeysOnce && rows.length >= FK_ONCE_MIN_ROWS_JSON && isPglite(db)) {
    return withForeignKeysOnce(db, table, cols, rows, (q) => bulkUpsert(q, table, rows, { ...opts, foreignKeysOnce: false }));
  }
  const target = names(cols, opts.target);
  for (const k of opts.set) col(cols, k);
  return writeRows(db, cols, rows, opts.chunkSize, opts.returning, false, (g, items) => {
    const given = new Set(g.map((c) => c.key));
    // Rows that give none of the `set` columns rewrite a target column with itself, so that
    // `returning` still answers every row (do nothing would return nothing for existing ones).
    const written = opts.set.filter((k) => given.has(k));
    const set = (written.length ? written : [opts.target[0]]).map((k) => {
      const name = sql.identifier(col(cols, k).name);
      return sql`${name} = excluded.${name}`;
    });
    const where = opts.where ? sql` where ${opts.where}` : sql``;
    return sql`${insertSelect(table, g, items)} on conflict (${target}) do update set ${sql.join(set, sql`, `)}${where}`;
  });
}

/**
 * Updates the `set` columns of the rows found by `key`, one statement per chunk
 * (`update t set … from json_to_recordset(…) x where t.key = x.key`). Returns the number of rows updated.
 */
export async function bulkUpdate<T extends PgTable, K extends ColumnKey<T>, S extends ColumnKey<T>>(
  db: Db | Tx,
  table: T,
  rows: readonly NoInfer<Pick<Select<T>, K> & Partial<Pick<Insert<T>, S>>>[],
  opts: BulkUpdateOptions<T, K, S>,
): Promise<number> {
  const cols = columnsOf(table);
  const keys = (typeof opts.key === 'string' ? [opts.key] : [...opts.key]).map((k) => col(cols, k));
  if (!keys.length) throw new Error('bulkUpdate: no key column');
  const keySet = new Set(keys.map((c) => c.key));
  const setCols = opts.set.map((k) => col(cols, k)).filter((c) => !keySet.has(c.key));
  // Columns with an $onUpdate function are refreshed on every update, as Drizzle's update does.
  for (const c of cols.values()) if (c.column.onUpdateFn && !keySet.has(c.key) && !setCols.includes(c)) setCols.push(c);
  const seen = new Set<string>();
  for (const r of rows as readonly Record<string, unknown>[]) {
    const id = keys.map((c) => {
      const v = r[c.key];
      if (v === undefined || v === null) throw new Error(`bulkUpdate: a row without its key ${c.key}`);
      return String(v);
    });
    const k = id.length === 1 ? id[0] : id.join('\u0000');
    if (seen.has(k)) throw new Error(`bulkUpdate: the key ${id.join(', ')} appears twice`);
    seen.add(k);
  }
  const groups = groupRows(rows as readonly Record<string, unknown>[], [...keys, ...setCols], (c) =>
    c.column.onUpdateFn && !keySet.has(c.key) ? fnValue(c, c.column.onUpdateFn) : undefined,
  );
  let count = 0;
  const work = groups.filter((g) => g.cols.length > keys.length);
  const statements = work.reduce((n, g) => n + Math.ceil(g.items.length / chunkSizeOf(g.cols.length, opts.chunkSize)), 0);
  await inTransaction(db, statements, async (q) => {
    for (const g of work) {
      const written = g.cols.slice(keys.length);
      const set = written.map((c) => sql`${sql.identifier(c.name)} = ${xref(c)}`);
      const where = keys.map((c) => sql`${table}.${sql.identifier(c.name)} = ${xref(c)}`);
      for (const chunk of chunks(g.items, chunkSizeOf(g.cols.length, opts.chunkSize))) {
        const statement = sql`update ${table} set ${sql.join(set, sql`, `)} from ${recordset(g.cols, chunk)} where ${sql.join(where, sql` and `)}`;
        count += affected(await q.execute(statement));
      }
    }
  });
  return count;
}

/**
 * The rows of a query read as ONE json value (`select json_agg(q)::text from (query) q`) and parsed by JSON.parse:
 * for thousands of rows much cheaper than the driver's row-by-row conversion, above all on PGlite, where that
 * conversion runs inside the embedded database (10,000 employees of a salary run: 0.55 s → 0.15 s). The rows keep
 * the query's order (a plain aggregate over an ordered subquery). Values arrive as JSON gives them: numbers
 * (bigint and numeric too, so only for values within 2^53), strings, booleans, arrays, json/jsonb as they are; a
 * date or timestamp arrives as its text, never a Date — cast such columns to text in the query.
 */
export async function selectJson<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const [r] = await queryRows<{ rows: string | null }>(db, sql`select json_agg(q)::text as rows from (${query}) q`);
  return r?.rows ? (JSON.parse(r.rows) as T[]) : [];
}

/** selectJsonColumns read in pages: see there. */
export interface JsonPages<T> {
  /** A unique, not null column of the query's rows (numbers or text); the pages follow its ascending order. */
  key: keyof T & string;
  /** Rows a page; default 20,000. */
  size?: number;
}

/**
 * As selectJson, with each row sent as a JSON array of the named columns (`json_build_array(q."a", q."b", …)`) and
 * made an object again here: the document carries no key names, so the database builds and the driver hands over
 * far less text (a salary run's 10,000 employees of 20 columns: about 40 % less CPU than objects on PGlite).
 *
 * With `pages`, the rows come ordered by a unique key, and on PGlite in pages (`where q.key > last of the page before
 * order by q.key limit size`, one statement a page) instead of one document: the database builds, and Node receives
 * and parses, a page's document at a time. PGlite's memory grows by a few times the largest document it has built and
 * keeps that for the life of the process (1,00,000 employees in one document: ~140 MB). PostgreSQL reads one document
 * (its memory is the server's; each page would scan the query again: 1,00,000 employees and structures about 2.5 s
 * more at load 5 on 2 cores).
 */
export async function selectJsonColumns<T extends object>(
  db: Db | Tx,
  columns: readonly (keyof T & string)[],
  query: SQL,
  pages?: JsonPages<T>,
): Promise<T[]> {
  const list = sql.join(
    columns.map((c) => sql`q.${sql.identifier(c)}`),
    sql`, `,
  );
  const read = async (from: SQL, into: T[]) => {
    const [r] = await queryRows<{ rows: string | null }>(
      db,
      sql`select json_agg(json_build_array(${list}))::text as rows from (${from}) q`,
    );
    if (!r?.rows) return 0;
    const arrays = JSON.parse(r.rows) as unknown[][];
    for (let i = 0; i < arrays.length; i++) {
      const a = arrays[i];
      const o: Record<string, unknown> = {};
      for (let j = 0; j < columns.length; j++) o[columns[j]] = a[j];
      into.push(o as T);
    }
    return arrays.length;
  };
  const out: T[] = [];
  if (!pages || !isPglite(db)) {
    await read(pages ? sql`select * from (${query}) p order by p.${sql.identifier(pages.key)}` : query, out);
    return out;
  }
  const size = pages.size ?? 20_000;
  if (!Number.isInteger(size) || size < 1) throw new Error('selectJsonColumns: the page size must be a positive integer');
  const key = sql.identifier(pages.key);
  for (;;) {
    const last = out.length ? (out[out.length - 1] as Record<string, unknown>)[pages.key] : undefined;
    if (last === null) throw new Error(`selectJsonColumns: the page key ${pages.key} is null in a row`);
    const after = last === undefined ? sql`` : sql`where p.${key} > ${last}`;
    if ((await read(sql`select * from (${query}) p ${after} order by p.${key} limit ${size}`, out)) < size) return out;
  }
}

// ---------------------------------------------------------------------------------------------

/** Is this handle (database or transaction) on PGlite? */
function isPglite(db: Db | Tx): boolean {
  return is((db as unknown as { session: unknown }).session, PgliteSession);
}

/** Is this handle (database or transaction) on node-postgres? */
function isNodePg(db: Db | Tx): boolean {
  return is((db as unknown as { session: unknown }).session, NodePgSession);
}

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
async function copyRows(
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
  const groups = groupRows(rows as readonly Record<string, unknown>[], [...cols.values()], (c) =>
    c.column.defaultFn
      ? fnValue(c, c.column.defaultFn)
      : c.column.onUpdateFn && c.column.default === undefined
        ? fnValue(c, c.column.onUpdateFn)
        : undefined,
  );
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
      for (const g of groups) await pipeline(Readable.from(copyPieces(g, 0, g.items.length)), client.query(copyFrom(head(g, 'stdin'))));
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

/**
 * foreignKeysOnce without COPY: in a transaction (the caller's, or one of its own), the foreign keys checked once for
 * every row, then `write` with the row-by-row checks off. In a transaction of its own the setting ends with it: it is
 * put back only inside the caller's.
 */
async function withForeignKeysOnce<T>(
  db: Db | Tx,
  table: PgTable,
  cols: Map<string, Col>,
  rows: readonly object[],
  write: (q: Db | Tx) => Promise<T>,
): Promise<T> {
  let out: T | undefined;
  const callers = is(db, PgTransaction);
  await inTransaction(db, 3, async (q) => {
    const restore = await checkForeignKeysOnce(q, table, cols, rows);
    out = await write(q);
    if (restore !== null && callers) await q.execute(sql`select set_config('session_replication_role', ${restore}, true)`);
  });
  return out as T;
}

const FK_ONCE_MIN_ROWS = 1000;
/** bulkUpsert's `absent`: below this the savepoint and the COPY's own statements cost about what they save. */
const ABSENT_COPY_MIN_ROWS = 1000;
/** foreignKeysOnce without COPY: below this the check (two statements) costs about what the row-by-row checks save. */
const FK_ONCE_MIN_ROWS_JSON = 100;

/** What checkForeignKeysOnce read of a table's catalogue, kept with the fingerprint that tells whether it still holds. */
interface ForeignKeysCatalogue {
  fingerprint: string;
  ok: boolean;
  fks: { col: string[]; ref: string; refCol: string[] }[];
}
const catalogues = new Map<string, ForeignKeysCatalogue>();

/**
 * What the catalogue answer depends on, as text: the table's triggers (which, enabled how, calling what), its rules,
 * its foreign keys (and the tables they reference) and the role. Equal text: the answer read before still holds, so
 * a call needs one statement (this text is compared inside it) instead of reading the catalogue again.
 */
const fingerprintSql = (name: string): SQL =>
  sql`(select concat_ws('|', current_user,
      (select string_agg(t.oid::text || t.tgenabled::text || t.tgfoid::text, ',' order by t.oid) from pg_trigger t where t.tgrelid = ${name}::regclass),
      (select count(*) from pg_rewrite r where r.ev_class = ${name}::regclass),
      (select string_agg(c.oid::text || c.confrelid::regclass::text, ',' order by c.oid) from pg_constraint c
        where c.conrelid = ${name}::regclass and c.contype = 'f')))`;

/**
 * For `foreignKeysOnce`: reads the table's foreign keys and triggers from the catalogue (a trigger of the table's own
 * stops the shortcut unless it is ENABLE ALWAYS, which fires in replica mode too), then in one statement checks
 * that every distinct value of each foreign key's column exists in the table it references and, only if so, turns
 * the row-by-row checks off for the rest of the transaction (`set_config(…, true)` is `SET LOCAL`). Returns the
 * setting to restore after the writes, or null when the checks stay on. The catalogue's answer is kept per table with
 * its fingerprint: a later call sends the check alone, which goes ahead only when the fingerprint is still the same
 * and the setting is the default (else the catalogue is read again).
 */
async function checkForeignKeysOnce(q: Db | Tx, table: PgTable, cols: Map<string, Col>, rows: readonly object[]): Promise<string | null> {
  const name = tableSql(table);
  const kept = catalogues.get(name);
  if (kept && !kept.ok) {
    // The shortcut was refused for this table: still so while the catalogue is the same.
    const [r] = await queryRows<{ same: boolean }>(q, sql`select ${fingerprintSql(name)} = ${kept.fingerprint} as same`);
    if (r?.same) return null;
    catalogues.delete(name);
  } else if (kept) {
    const checks = valueChecks(kept.fks, cols, rows);
    if (checks === null) return null;
    const [r] = await queryRows<{ same: boolean; off: string | null }>(
      q,
      sql`select k.same, case when k.same and ${checks} then set_config('session_replication_role', 'replica', true) end as off
          from (select ${fingerprintSql(name)} = ${kept.fingerprint} and current_setting('session_replication_role') = 'origin' as same
                offset 0) k`,
    );
    if (r?.off === 'replica') return 'origin';
    if (r?.same) return null;
    catalogues.delete(name);
  }
  const [cat] = await queryRows<{ ok: boolean; role: string; fingerprint: string; fks: ForeignKeysCatalogue['fks'] }>(
    q,
    sql`select (select rolsuper from pg_roles where rolname = current_user)
          and not exists (select from pg_trigger t join pg_proc p on p.oid = t.tgfoid
                          where t.tgrelid = ${name}::regclass and p.proname not like 'RI_FKey_%'
                            and t.tgenabled <> 'A')
          and not exists (select from pg_rewrite r where r.ev_class = ${name}::regclass) as ok,
          current_setting('session_replication_role') as role,
          ${fingerprintSql(name)} as fingerprint,
          coalesce((select json_agg(json_build_object(
              'col', (select array_agg(a.attname order by k.i) from unnest(c.conkey) with ordinality k(n, i)
                       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n),
              'ref', c.confrelid::regclass::text,
              'refCol', (select array_agg(a.attname order by k.i) from unnest(c.confkey) with ordinality k(n, i)
                       join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n)))
            from pg_constraint c where c.conrelid = ${name}::regclass and c.contype = 'f'), '[]') as fks`,
  );
  if (!cat) return null;
  catalogues.set(name, { fingerprint: cat.fingerprint, ok: cat.ok, fks: cat.fks });
  if (!cat.ok || cat.role === 'replica') return null;
  const checks = valueChecks(cat.fks, cols, rows);
  if (checks === null) return null;
  const [r] = await queryRows<{ off: string | null }>(
    q,
    sql`select case when ${checks} then set_config('session_replication_role', 'replica', true) end as off`,
  );
  return r?.off === 'replica' ? cat.role : null;
}

/**
 * The condition that every distinct value of each foreign key's column is in the table it references (true when
 * there is none), or null when the shortcut cannot be taken (a key over several columns, a value not a number or text).
 */
function valueChecks(fks: ForeignKeysCatalogue['fks'], cols: Map<string, Col>, rows: readonly object[]): SQL | null {
  const byName = new Map([...cols.values()].map((c) => [c.name, c]));
  const checks: SQL[] = [];
  for (const fk of fks) {
    const c = fk.col.length === 1 ? byName.get(fk.col[0]) : undefined;
    if (!c) return null;
    const values = new Set<string>();
    for (const r of rows as readonly Record<string, unknown>[]) {
      const v = r[c.key];
      if (v === null || v === undefined) continue;
      if (typeof v === 'number' && Number.isFinite(v)) values.add(String(v));
      else if (typeof v === 'string') values.add(`"${v.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`);
      else return null;
    }
    if (!values.size) continue;
    // The distinct values travel as one array literal in a text parameter, parsed by the database. A foreign key
    // references a unique column, so every value is there when as many rows match as there are values (one hashed
    // `= any` scan: half the cost of looking each value up with a nested-loop anti-join).
    const list = `{${[...values].join(',')}}`;
    checks.push(
      sql`(select count(*) from only ${sql.raw(fk.ref)} f where f.${sql.identifier(fk.refCol[0])} = any(${list}::${sql.raw(c.type)}[])) = ${values.size}`,
    );
  }
  return checks.length ? sql.join(checks, sql` and `) : sql`true`;
}

const dialect = new PgDialect();
/** The table's name as SQL text ("schema"."name" when it has a schema). */
const tableSql = (table: PgTable): string => dialect.sqlToQuery(sql`${table}`).sql;

function columnsOf(table: PgTable): Map<string, Col> {
  const out = new Map<string, Col>();
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, PgColumn][]) {
    const t = column.getSQLType();
    const type = t === 'serial' ? 'integer' : t === 'bigserial' ? 'bigint' : t === 'smallserial' ? 'smallint' : t;
    const plain =
      t === 'json' || t === 'jsonb' ? 'json' : SCALAR.has(column.columnType) ? 'scalar' : DATES.has(column.columnType) ? 'date' : 'convert';
    out.set(key, { key, name: column.name, type, column, plain });
  }
  return out;
}

function col(cols: Map<string, Col>, key: string): Col {
  const c = cols.get(key);
  if (!c) throw new Error(`bulk write: no column ${key}`);
  return c;
}

const names = (cols: Map<string, Col>, keys: readonly string[]) =>
  sql.join(
    keys.map((k) => sql.identifier(col(cols, k).name)),
    sql`, `,
  );

/**
 * A column of the recordset as the statement reads it. A jsonb value is read as json (kept as its text) and cast
 * once (`x.amounts::jsonb`): letting json_to_recordset build jsonb itself took about twice as long on PostgreSQL
 * for the salary slips' three jsonb columns (bench/payroll.bench.ts).
 */
function xref(c: Col): SQL {
  return c.type === 'jsonb' ? sql`x.${sql.identifier(c.key)}::jsonb` : sql`x.${sql.identifier(c.key)}`;
}

/** `json_to_recordset($1::json) as x("key" type, …)`: the chunk's rows as one JSON parameter. */
function recordset(group: Col[], items: readonly object[]): SQL {
  const defs = group.length
    ? sql.join(
        group.map((c) => sql`${sql.identifier(c.key)} ${sql.raw(c.type === 'jsonb' ? 'json' : c.type)}`),
        sql`, `,
      )
    : sql`"-" int`;
  return sql`json_to_recordset(${JSON.stringify(items)}::json) as x(${defs})`;
}

function insertSelect(table: PgTable, group: Col[], items: readonly object[]): SQL {
  // Rows that give no column at all: every column takes its default.
  if (!group.length) return sql`insert into ${table} select from ${recordset(group, items)}`;
  const target = sql.join(
    group.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const select = sql.join(
    group.map((c) => xref(c)),
    sql`, `,
  );
  return sql`insert into ${table} (${target}) select ${select} from ${recordset(group, items)}`;
}

/** May this non-undefined value go into the JSON parameter as it is? */
function isPlain(c: Col, v: unknown): boolean {
  if (v === null) return true;
  switch (c.plain) {
    case 'json':
      return true;
    case 'scalar':
      return typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
    case 'date':
      return typeof v === 'string' || (v instanceof Date && !Number.isNaN(v.getTime()));
    default:
      return false;
  }
}

/** A non-null value converted as Drizzle would send it, in a form JSON carries. */
function convert(c: Col, v: unknown): unknown {
  if (c.plain === 'json') return v;
  if (typeof v === 'object' && is(v, SQL)) throw new Error(`bulk write: ${c.key} is an SQL expression; bulk writes take plain values`);
  const d = c.column.mapToDriverValue(v);
  if (typeof d === 'bigint') return d.toString();
  if (typeof d === 'number' && !Number.isFinite(d)) return String(d);
  if (d instanceof Date) return d.toISOString();
  if (d instanceof Uint8Array) return `\\x${Buffer.from(d).toString('hex')}`;
  return d;
}

function fnValue(c: Col, fn: () => unknown): unknown {
  const v = fn();
  if (is(v, SQL)) throw new Error(`bulk write: ${c.key} has an SQL default function; give its value`);
  return v;
}

interface Group {
  cols: Col[];
  /** Input positions of the rows. */
  index: number[];
  /** The rows as they go into the JSON parameter: the input object itself when all its values are plain. */
  items: object[];
}

/**
 * Rows grouped by which of `candidates` they give (undefined = not given; `fill` may supply a value
 * then, e.g. a $defaultFn). A row whose keys are exactly its given columns and whose values are all
 * plain travels as it is; any other row is copied with converted values.
 */
function groupRows(rows: readonly Record<string, unknown>[], candidates: Col[], fill: (c: Col) => unknown): Group[] {
  const width = candidates.length;
  const groups = new Map<number | string, Group>();
  const vals: unknown[] = new Array(width);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    // Which columns the row gives: a bit mask (and, past 30 columns, a list) as the group key.
    let mask = 0;
    let wide = '';
    let given = 0;
    let plain = true;
    for (let j = 0; j < width; j++) {
      const c = candidates[j];
      let v = r[c.key];
      if (v === undefined) {
        v = fill(c);
        if (v !== undefined) plain = false;
      }
      vals[j] = v;
      if (v === undefined) continue;
      given++;
      if (j < 30) mask |= 1 << j;
      else wide += `${j},`;
      if (plain && !isPlain(c, v)) plain = false;
    }
    const key = wide ? `${mask}|${wide}` : mask;
    let g = groups.get(key);
    if (!g) {
      g = { cols: candidates.filter((_, j) => vals[j] !== undefined), index: [], items: [] };
      groups.set(key, g);
    }
    g.index.push(i);
    if (plain && Object.keys(r).length === given) {
      g.items.push(r);
      continue;
    }
    const o: Record<string, unknown> = {};
    for (let j = 0; j < width; j++) {
      const v = vals[j];
      if (v !== undefined) o[candidates[j].key] = v === null ? null : convert(candidates[j], v);
    }
    g.items.push(o);
  }
  return [...groups.values()];
}

function chunkSizeOf(width: number, asked?: number): number {
  if (asked !== undefined) {
    if (!Number.isInteger(asked) || asked < 1) throw new Error('bulk write: chunkSize must be a positive integer');
    return asked;
  }
  return Math.max(1000, Math.min(MAX_CHUNK, Math.floor(VALUES_PER_CHUNK / Math.max(1, width))));
}

function* chunks<X>(xs: X[], size: number): Generator<X[]> {
  for (let i = 0; i < xs.length; i += size) yield xs.slice(i, i + size);
}

/** Runs `fn` on `db`; several statements on a plain handle run in one transaction of their own. */
async function inTransaction(db: Db | Tx, statements: number, fn: (q: Db | Tx) => Promise<void>): Promise<void> {
  if (statements === 0) return;
  if (statements === 1 || is(db, PgTransaction)) return fn(db);
  await db.transaction((tx) => fn(tx));
}

/** Rows written by a statement: rowCount on node-postgres, affectedRows on PGlite. */
function affected(res: unknown): number {
  const r = res as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** The common path of insert and upsert: group, chunk, run, and put returned rows back in input order. */
async function writeRows<T extends PgTable, R extends ColumnKey<T>>(
  db: Db | Tx,
  cols: Map<string, Col>,
  rows: readonly Insert<T>[],
  chunkSize: number | undefined,
  returning: readonly R[] | undefined,
  maySkip: boolean,
  statementOf: (group: Col[], items: readonly object[]) => SQL,
): Promise<BulkResult<T, R>> {
  const ret = returning?.length ? returning.map((k) => col(cols, k)) : undefined;
  // As Drizzle's insert: an undefined value takes $defaultFn, else $onUpdate when there is no database default.
  const groups = groupRows(rows as readonly Record<string, unknown>[], [...cols.values()], (c) =>
    c.column.defaultFn
      ? fnValue(c, c.column.defaultFn)
      : c.column.onUpdateFn && c.column.default === undefined
        ? fnValue(c, c.column.onUpdateFn)
        : undefined,
  );
  const returningSql = ret
    ? sql` returning ${sql.join(
        ret.map((c) => sql`${sql.identifier(c.name)} as ${sql.identifier(c.key)}`),
        sql`, `,
      )}`
    : sql``;
  const statements = groups.reduce((n, g) => n + Math.ceil(g.items.length / chunkSizeOf(g.cols.length, chunkSize)), 0);
  let count = 0;
  // Returned rows come in the order of the recordset, which is the input order; they are put back at
  // their input positions (rows written in separate statements for different column sets included).
  // With "on conflict do nothing" skipped rows return nothing, so the rows come in statement order.
  const placed: Record<string, unknown>[] = ret && !maySkip ? new Array(rows.length) : [];
  await inTransaction(db, statements, async (q) => {
    for (const g of groups) {
      const size = chunkSizeOf(g.cols.length, chunkSize);
      for (let i = 0; i < g.items.length; i += size) {
        // Each chunk's JSON is made just before it is sent, so only one chunk's text is held at a time.
        const statement = sql`${statementOf(g.cols, g.items.slice(i, i + size))}${returningSql}`;
        if (!ret) {
          count += affected(await q.execute(statement));
          continue;
        }
        const got = await queryRows<Record<string, unknown>>(q, statement);
        got.forEach((r, k) => {
          const o: Record<string, unknown> = {};
          for (const c of ret) o[c.key] = r[c.key] === null || r[c.key] === undefined ? null : c.column.mapFromDriverValue(r[c.key]);
          if (maySkip) placed.push(o);
          else placed[g.index[i + k]] = o;
        });
        count += got.length;
      }
    }
  });
  return (ret ? placed : count) as BulkResult<T, R>;
}
