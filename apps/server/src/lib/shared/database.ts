// The shared state in the database the nodes run on: counters in `shared_counters`, messages by NOTIFY on one channel
// heard by a LISTEN connection of each node (PostgreSQL), or by PGlite's own listen (the embedded database belongs to
// one process; two apps on it, as in the tests, hear each other the same way).
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, queryRows } from '../../db/client';
import { type SharedStore, slotSeconds } from './store';

const CHANNEL = 'hr_shared';
const PRUNE_EVERY_MS = 60_000;
const RECONNECT_MS = 1_000;

export function databaseStore(db: Db): SharedStore {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  const isPg = client instanceof pg.Pool;
  let closed = false;
  let lastPrune = 0;
  let stop: (() => Promise<void>) | undefined;

  async function hit(key: string, windowSeconds: number): Promise<number> {
    const len = slotSeconds(windowSeconds);
    const [row] = await queryRows<{ total: number }>(
      db,
      sql`with up as (
            insert into shared_counters (key, slot, n, expires_at)
            values (${key}, floor(extract(epoch from clock_timestamp()) / ${len})::bigint, 1,
                    now() + make_interval(secs => ${len * 7}))
            on conflict (key, slot) do update set n = shared_counters.n + 1
            returning n, slot)
          select ((select n from up) + coalesce((select sum(c.n) from shared_counters c, up
            where c.key = ${key} and c.slot > up.slot - 6 and c.slot < up.slot), 0))::int as total`,
    );
    const now = Date.now();
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      await db.execute(sql`delete from shared_counters where expires_at < now()`).catch(() => undefined);
    }
    return Number(row?.total ?? 0);
  }

  async function listenPg(pool: pg.Pool, onPayload: (p: string) => void, onLost: () => void) {
    let current: pg.Client | undefined;
    const connect = async (): Promise<void> => {
      if (closed) return;
      const c = new pg.Client(pool.options as pg.ClientConfig);
      current = c;
      let lost = false;
      const drop = () => {
        if (lost) return;
        lost = true;
        c.end().catch(() => undefined);
        if (closed) return;
        onLost();
        setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS).unref();
      };
      c.on('error', drop);
      c.on('end', drop);
      c.on('notification', (n) => {
        if (n.channel === CHANNEL && n.payload) onPayload(n.payload);
      });
      try {
        await c.connect();
        await c.query(`listen ${CHANNEL}`);
      } catch (err) {
        drop();
        throw err;
      }
    };
    await connect();
    stop = async () => {
      await current?.end().catch(() => undefined);
    };
  }

  return {
    kind: 'database',
    hit,
    async send(payload) {
      await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    },
    async listen(onPayload, onLost) {
      if (isPg) return listenPg(client, onPayload, onLost);
      const unlisten = await (client as PGlite).listen(CHANNEL, onPayload);
      stop = async () => {
        if (!(client as PGlite).closed) await unlisten().catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      await stop?.();
    },
  };
}
