/**
 * A second Drizzle handle on a test database that records every statement it sends (Drizzle's query
 * logger), for tests that check a piece of work takes a fixed handful of queries however many rows.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database, Db } from '../src/db/client';
import * as schema from '../src/db/schema';

export function countingDb(database: Database): { db: Db; queries: string[] } {
  const queries: string[] = [];
  const logger = { logQuery: (query: string) => void queries.push(query) };
  const db =
    database.kind === 'pglite'
      ? drizzlePglite(database.client as PGlite, { schema, logger })
      : drizzlePg(database.client as pg.Pool, { schema, logger });
  return { db: db as unknown as Db, queries };
}
