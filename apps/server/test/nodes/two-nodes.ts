// Two API nodes on one database, as two Fastify apps in one test: each with its own connection pool (PostgreSQL) and
// its own shared state (lib/shared: LISTEN/NOTIFY on PostgreSQL, PGlite's listen on the embedded database, or Redis).
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type pg from 'pg';
import { type App, buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config';
import { createDatabase, type Database } from '../../src/db/client';
import { createTestDatabase, testConfig } from '../helpers';

export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers PING at `url` (the suite skips the Redis cases cleanly when none does). */
export async function redisAnswers(url = redisUrl): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

export interface TwoNodes {
  a: App;
  b: App;
  config: AppConfig;
  close(): Promise<void>;
}

/** Two apps on one fresh seeded database; `redis`: both share a Redis under a key prefix of their own. */
export async function twoNodes(opts: { redis?: boolean; config?: Partial<AppConfig> } = {}): Promise<TwoNodes> {
  const config = testConfig({
    ...opts.config,
    ...(opts.redis ? { redisUrl, redisKeyPrefix: `hr-test-${randomBytes(4).toString('hex')}:` } : {}),
  });
  const fresh = await createTestDatabase(config);
  const first = fresh.database;
  // On PostgreSQL node B gets a pool of its own, as a second server would; PGlite is one process's database.
  let second: Database = first;
  if (first.kind === 'pg') {
    const url = (first.client as pg.Pool).options.connectionString as string;
    second = await createDatabase(config, { connectionString: url, poolMax: 5 });
  }
  const a = await buildApp({ db: first.db, dbKind: first.kind, config, logger: false });
  const b = await buildApp({ db: second.db, dbKind: second.kind, config, logger: false });
  await a.ready();
  await b.ready();
  return {
    a,
    b,
    config,
    async close() {
      await a.close();
      await b.close();
      if (second !== first) await second.close();
      await fresh.close();
    },
  };
}
