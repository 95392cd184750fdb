// The bulk writes' common ground (lib/bulk.ts): a table's columns as the statements write them, rows grouped by the
// columns they give with their values converted as Drizzle would send them, chunk sizes, the JSON recordset a chunk
// travels in, and which driver a handle is on.
import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { type PgColumn, PgDialect, type PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { Db, Tx } from '../db/client';

export interface Col {
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

/** Is this handle (database or transaction) on PGlite? */
export function isPglite(db: Db | Tx): boolean {
  return is((db as unknown as { session: unknown }).session, PgliteSession);
}

/** Is this handle (database or transaction) on node-postgres? */
export function isNodePg(db: Db | Tx): boolean {
  return is((db as unknown as { session: unknown }).session, NodePgSession);
}

const dialect = new PgDialect();
/** The table's name as SQL text ("schema"."name" when it has a schema). */
export const tableSql = (table: PgTable): string => dialect.sqlToQuery(sql`${table}`).sql;

export function columnsOf(table: PgTable): Map<string, Col> {
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

export function col(cols: Map<string, Col>, key: string): Col {
  const c = cols.get(key);
  if (!c) throw new Error(`bulk write: no column ${key}`);
  return c;
}

export const names = (cols: Map<string, Col>, keys: readonly string[]) =>
  sql.join(
    keys.map((k) => sql.identifier(col(cols, k).name)),
    sql`, `,
  );

/**
 * A column of the recordset as the statement reads it. A jsonb value is read as json (kept as its text) and cast
 * once (`x.amounts::jsonb`): letting json_to_recordset build jsonb itself took about twice as long on PostgreSQL
 * for the salary slips' three jsonb columns (bench/payroll.bench.ts).
 */
export function xref(c: Col): SQL {
  return c.type === 'jsonb' ? sql`x.${sql.identifier(c.key)}::jsonb` : sql`x.${sql.identifier(c.key)}`;
}

/** `json_to_recordset($1::json) as x("key" type, …)`: the chunk's rows as one JSON parameter. */
export function recordset(group: Col[], items: readonly object[]): SQL {
  const defs = group.length
    ? sql.join(
        group.map((c) => sql`${sql.identifier(c.key)} ${sql.raw(c.type === 'jsonb' ? 'json' : c.type)}`),
        sql`, `,
      )
    : sql`"-" int`;
  return sql`json_to_recordset(${JSON.stringify(items)}::json) as x(${defs})`;
}

export function insertSelect(table: PgTable, group: Col[], items: readonly object[]): SQL {
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
export function isPlain(c: Col, v: unknown): boolean {
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
export function convert(c: Col, v: unknown): unknown {
  if (c.plain === 'json') return v;
  if (typeof v === 'object' && is(v, SQL)) throw new Error(`bulk write: ${c.key} is an SQL expression; bulk writes take plain values`);
  const d = c.column.mapToDriverValue(v);
  if (typeof d === 'bigint') return d.toString();
  if (typeof d === 'number' && !Number.isFinite(d)) return String(d);
  if (d instanceof Date) return d.toISOString();
  if (d instanceof Uint8Array) return `\\x${Buffer.from(d).toString('hex')}`;
  return d;
}

export function fnValue(c: Col, fn: () => unknown): unknown {
  const v = fn();
  if (is(v, SQL)) throw new Error(`bulk write: ${c.key} has an SQL default function; give its value`);
  return v;
}

export interface Group {
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
export function groupRows(rows: readonly Record<string, unknown>[], candidates: Col[], fill: (c: Col) => unknown): Group[] {
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

export function chunkSizeOf(width: number, asked?: number): number {
  if (asked !== undefined) {
    if (!Number.isInteger(asked) || asked < 1) throw new Error('bulk write: chunkSize must be a positive integer');
    return asked;
  }
  return Math.max(1000, Math.min(MAX_CHUNK, Math.floor(VALUES_PER_CHUNK / Math.max(1, width))));
}

export function* chunks<X>(xs: X[], size: number): Generator<X[]> {
  for (let i = 0; i < xs.length; i += size) yield xs.slice(i, i + size);
}

/** Runs `fn` on `db`; several statements on a plain handle run in one transaction of their own. */
export async function inTransaction(db: Db | Tx, statements: number, fn: (q: Db | Tx) => Promise<void>): Promise<void> {
  if (statements === 0) return;
  if (statements === 1 || is(db, PgTransaction)) return fn(db);
  await db.transaction((tx) => fn(tx));
}

/** Rows written by a statement: rowCount on node-postgres, affectedRows on PGlite. */
export function affected(res: unknown): number {
  const r = res as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** As Drizzle's insert: an undefined value takes $defaultFn, else $onUpdate when there is no database default. */
export function insertFill(c: Col): unknown {
  return c.column.defaultFn
    ? fnValue(c, c.column.defaultFn)
    : c.column.onUpdateFn && c.column.default === undefined
      ? fnValue(c, c.column.onUpdateFn)
      : undefined;
}
