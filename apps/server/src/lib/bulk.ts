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
 *
 * The parts: bulk-columns.ts (columns, grouping, chunks), bulk-copy.ts (COPY), bulk-foreign-keys.ts (foreignKeysOnce);
 * selectJson / selectJsonColumns (select-json.ts) are re-exported from here.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows, type Tx } from '../db/client';
import {
  affected,
  type Col,
  chunkSizeOf,
  chunks,
  col,
  columnsOf,
  fnValue,
  groupRows,
  insertFill,
  insertSelect,
  inTransaction,
  isPglite,
  names,
  recordset,
  xref,
} from './bulk-columns';
import { copyRows } from './bulk-copy';
import { ABSENT_COPY_MIN_ROWS, FK_ONCE_MIN_ROWS, FK_ONCE_MIN_ROWS_JSON, withForeignKeysOnce } from './bulk-foreign-keys';
import { findPgError } from './pg-errors';

export { type JsonPages, selectJson, selectJsonColumns } from './select-json';

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
   * With `copy`, for 1,000 rows or more: check the table's foreign keys once for the whole call — one statement that
   * looks every distinct referenced value up set-based — and COPY with the row-by-row checks off
   * (`session_replication_role = replica` for the COPY alone, within the transaction). The per-row checks are two
   * internal queries a row for the salary slips: most of the insert's time in the embedded database, about 0.12 s of
   * PostgreSQL's CPU for 10,000 slips. Safe on PGlite because its transaction is exclusive (nothing else runs until it
   * ends, so a checked row cannot go away before the insert commits); on PostgreSQL the check locks the rows it finds
   * FOR KEY SHARE, as each row-by-row check does, so none can be deleted or have its key changed before the transaction
   * ends. Taken only when every trigger of the table is a foreign key's or ENABLE ALWAYS, it has no rules, every
   * foreign key is on one column and the role is a superuser (PGlite's own; on PostgreSQL only the setting's owner may
   * change it); else, or when a value is missing (the COPY then fails with the database's own foreign-key error), the
   * COPY runs with its checks as usual.
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
  const groups = groupRows(rows as readonly Record<string, unknown>[], [...cols.values()], insertFill);
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
