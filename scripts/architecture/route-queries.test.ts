// Route files declare (path, schema, access) and call a service; they run no query (issue 24, point 1: "queries live in
// services, never in route files"). Read from the files: a route file of the server's areas (a name with "routes")
// that runs a Drizzle query (`db.select(…)`, `tx.execute(…)`…), writes SQL (sql`…`) or calls queryRows fails here,
// unless it is one of the files still to move (known debt: the list may only shrink).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './graph';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Route files that still run queries, to be moved into their areas' services; nothing may be added. */
const STILL_QUERYING = new Set<string>();

const QUERY = /\b(?:db|tx|readDb)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute)\b|\bsql`|\bqueryRows\b/;

const routeFiles = sourceFiles(ROOT, 'apps/server/src/modules').filter((f) => /routes[^/]*\.ts$/.test(path.basename(f)));
const querying = routeFiles.filter((f) => QUERY.test(readFileSync(path.join(ROOT, f), 'utf8')));

describe('route files', () => {
  it('run no query: each calls a service of its area', () => {
    expect(routeFiles.length).toBeGreaterThan(20);
    expect(querying.filter((f) => !STILL_QUERYING.has(f))).toEqual([]);
  });

  it('the list of those still querying holds only files that exist and still query (it may only shrink)', () => {
    expect([...STILL_QUERYING].filter((f) => !querying.includes(f))).toEqual([]);
  });
});
