// bulkInsert's and bulkUpsert's `foreignKeysOnce` (lib/bulk.ts): a table's foreign keys checked once for every row
// of a call, set-based, and the row-by-row checks turned off for its writes.
import { is, type SQL, sql } from 'drizzle-orm';
import { type PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import { type Db, queryRows, type Tx } from '../db/client';
import { type Col, inTransaction, tableSql } from './bulk-columns';

/**
 * foreignKeysOnce without COPY: in a transaction (the caller's, or one of its own), the foreign keys checked once for
 * every row, then `write` with the row-by-row checks off. In a transaction of its own the setting ends with it: it is
 * put back only inside the caller's.
 */
export async function withForeignKeysOnce<T>(
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

export const FK_ONCE_MIN_ROWS = 1000;
/** bulkUpsert's `absent`: below this the savepoint and the COPY's own statements cost about what they save. */
export const ABSENT_COPY_MIN_ROWS = 1000;
/** foreignKeysOnce without COPY: below this the check (two statements) costs about what the row-by-row checks save. */
export const FK_ONCE_MIN_ROWS_JSON = 100;

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
 * and the setting is the default (else the catalogue is read again). With `lock` (PostgreSQL) the referenced rows
 * found are locked FOR KEY SHARE, as the row-by-row checks lock them.
 */
export async function checkForeignKeysOnce(
  q: Db | Tx,
  table: PgTable,
  cols: Map<string, Col>,
  rows: readonly object[],
  lock = false,
): Promise<string | null> {
  const name = tableSql(table);
  const kept = catalogues.get(name);
  if (kept && !kept.ok) {
    // The shortcut was refused for this table: still so while the catalogue is the same.
    const [r] = await queryRows<{ same: boolean }>(q, sql`select ${fingerprintSql(name)} = ${kept.fingerprint} as same`);
    if (r?.same) return null;
    catalogues.delete(name);
  } else if (kept) {
    const checks = valueChecks(kept.fks, cols, rows, lock);
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
  const checks = valueChecks(cat.fks, cols, rows, lock);
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
function valueChecks(fks: ForeignKeysCatalogue['fks'], cols: Map<string, Col>, rows: readonly object[], lock: boolean): SQL | null {
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
    const found = sql`from only ${sql.raw(fk.ref)} f where f.${sql.identifier(fk.refCol[0])} = any(${list}::${sql.raw(c.type)}[])`;
    // With `lock` (PostgreSQL, where other transactions run meanwhile) the rows found are locked as the row-by-row
    // check locks each (FOR KEY SHARE): none can be deleted or have its key changed before this transaction ends.
    checks.push(
      lock
        ? sql`(select count(*) from (select 1 ${found} for key share of f) k) = ${values.size}`
        : sql`(select count(*) ${found}) = ${values.size}`,
    );
  }
  return checks.length ? sql.join(checks, sql` and `) : sql`true`;
}
