import type pg from 'pg';

/**
 * Server-side prepared statements for the hot queries of a PostgreSQL pool.
 *
 * Drizzle sends every query as an unnamed statement, so PostgreSQL parses, analyses and plans it on every call;
 * for the short queries of an API request (the session, a list page) that is most of their cost (a search page of
 * the employees: 4.4 ms unnamed, 1.7 ms prepared on the same database). Here a query text with parameters that has
 * been sent `hotAfter` times gets a name, so each pool connection parses it once and then only binds and executes
 * it (PostgreSQL keeps its plan, custom or generic as its plan cache decides). At most `limit` texts get a name:
 * texts that vary with their input (an `in (…)` list's length) stop getting names once the limit is reached, so a
 * connection never holds more than `limit` statements. Queries without parameters (BEGIN, SET, multi-statement
 * scripts, COPY streams) are left as they are.
 *
 * Off with DATABASE_PREPARED_STATEMENTS=false (e.g. behind a pooler in transaction mode, which cannot keep a
 * connection's statements).
 */
export function usePreparedStatements(pool: pg.Pool, opts: { limit?: number; hotAfter?: number } = {}): PreparedStatementStats {
  const limit = opts.limit ?? 500;
  const hotAfter = opts.hotAfter ?? 2;
  const seen = new Map<string, number | string>();
  const stats: PreparedStatementStats = { named: 0, namedCalls: 0 };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
      if (config && typeof config === 'object' && !('submit' in config)) {
        const c = config as { text?: unknown; name?: unknown; values?: unknown[] };
        const values = Array.isArray(rest[0]) ? rest[0] : c.values;
        if (typeof c.text === 'string' && c.name === undefined && values && values.length > 0) {
          const name = nameFor(c.text);
          if (name) {
            stats.namedCalls++;
            return query({ ...c, name }, ...rest);
          }
        }
      }
      return query(config, ...rest);
    };
  });
  function nameFor(text: string): string | undefined {
    const hit = seen.get(text);
    if (typeof hit === 'string') return hit;
    const count = (hit ?? 0) + 1;
    if (count < hotAfter || stats.named >= limit) {
      // Counting stops with the limit (a full table of names only answers hits) and at 20 texts counted per name
      // to give, so texts that never repeat cannot grow the map.
      if (stats.named < limit && seen.size < limit * 20) seen.set(text, count);
      return undefined;
    }
    const name = `hr_${++stats.named}`;
    seen.set(text, name);
    return name;
  }
  return stats;
}

export interface PreparedStatementStats {
  /** Query texts that have a name (each connection prepares them as it first meets them). */
  named: number;
  /** Calls sent as a named statement. */
  namedCalls: number;
}

/**
 * A query built once per database and `key` and kept: `build` gets a statement name never given to another text
 * and returns the query prepared with it (drizzle's `.prepare(name)`, values as `sql.placeholder`s). Building a
 * query with the query builder costs more than the database's work for a short read of a request (a select of the
 * employees table's hundred columns: about 0.7 ms of server CPU each time), and on PostgreSQL the named statement is
 * parsed and planned once per connection. For the hot reads of requests (modules/employees, auth's /api/auth/me, the
 * dashboard summary); `key` names the query's shape, so it takes few values (a handful per call site).
 */
export function preparedOnce<Q>(db: object, key: string, build: (name: string) => Q): Q {
  let byKey = preparedQueries.get(db);
  if (!byKey) {
    byKey = new Map();
    preparedQueries.set(db, byKey);
  }
  let q = byKey.get(key) as Q | undefined;
  if (q === undefined) {
    q = build(`hr_q${++preparedCount}_${key.replace(/[^A-Za-z0-9]+/g, '_').slice(0, 40)}`);
    byKey.set(key, q);
  }
  return q;
}
const preparedQueries = new WeakMap<object, Map<string, unknown>>();
let preparedCount = 0;
