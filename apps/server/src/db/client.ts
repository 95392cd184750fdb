import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
// Trigram indexes make contains-searches of large lists fast (employees migration: CREATE EXTENSION pg_trgm).
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { AppConfig } from '../config';
import { usePreparedStatements } from './prepared';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, the same type on PGlite and on node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; queries written against `Db | Tx` run inside or outside a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'pg';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The raw driver: a PGlite instance or a pg Pool. */
  client: PGlite | pg.Pool;
  close(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** PGlite only: data folder or 'memory://'; defaults to DATA_DIR/pglite. */
  pgliteDataDir?: string;
  /** PGlite only: start from a dump made by `dumpDataDir()` (fast test clones). */
  loadDataDir?: Blob | File;
  /** pg only: overrides DATABASE_URL. */
  connectionString?: string;
  poolMax?: number;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function createDatabase(
  cfg: Pick<AppConfig, 'databaseUrl' | 'dataDir'> &
    Partial<Pick<AppConfig, 'databasePoolMax' | 'databasePoolIdleSeconds' | 'databasePreparedStatements'>>,
  opts: CreateDatabaseOptions = {},
): Promise<Database> {
  const connectionString = opts.connectionString ?? cfg.databaseUrl;
  if (connectionString) {
    const pool = new pg.Pool({
      connectionString,
      max: opts.poolMax ?? cfg.databasePoolMax ?? 10,
      // kept open while idle (re-opening costs a backend and the prepared statements), yet never holding the process
      // alive on their own: a command-line tool still exits when its work is done
      idleTimeoutMillis: (cfg.databasePoolIdleSeconds ?? 300) * 1000,
      allowExitOnIdle: true,
    });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => {});
    if (cfg.databasePreparedStatements !== false) usePreparedStatements(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'pg', client: pool, close: once(() => pool.end()) };
  }
  let dataDir = opts.pgliteDataDir;
  if (!dataDir) {
    dataDir = path.join(cfg.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir: dataDir === 'memory://' ? undefined : dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', client, close: once(() => client.close()) };
}

/** close() may be called more than once (shutdown paths overlap); only the first call acts. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}

/**
 * Runs `fn` while holding the installation-wide start-up lock: several API processes starting together
 * on one PostgreSQL migrate and seed one after another, never side by side (the second finds the work
 * done). PGlite is one process's own database, so there is nothing to wait for.
 */
export async function withStartupLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return fn();
  const pool = database.client as pg.Pool;
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727274)');
    return await fn();
  } finally {
    await lockClient.query('select pg_advisory_unlock(727274)').catch(() => {});
    lockClient.release();
  }
}

async function applyMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase<Schema>, config);
  else await migratePg(database.db as unknown as NodePgDatabase<Schema>, config);
}

/** Applies the committed SQL migrations in apps/server/drizzle (idempotent), under the start-up lock. */
export async function migrate(database: Database): Promise<void> {
  await withStartupLock(database, () => applyMigrations(database));
}

/** Migrates, then runs `prepare` (seeding) inside the same start-up lock. */
export async function migrateAndPrepare(database: Database, prepare: () => Promise<void>): Promise<void> {
  await withStartupLock(database, async () => {
    await applyMigrations(database);
    await prepare();
  });
}

/** Rows of a raw SQL query, on either driver. */
export async function queryRows<T extends Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** `select 1`, for the health check. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
