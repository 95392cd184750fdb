// What several API nodes must agree on and that is neither a record nor a job: rate-limit counters and the
// invalidation of each node's local caches. One interface, two stores: the database (a table for the counters,
// LISTEN/NOTIFY for the messages; PGlite's own listen for the embedded database) or Redis when REDIS_URL is set.
// A node keeps hot data in a local cache and drops it when another node says it changed: no round trip per request.
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { databaseStore } from './database';
import { redisStore } from './redis';
import type { SharedStore } from './store';

export type { SharedStore } from './store';

/** A message to the nodes: `null` when messages may have been missed (a lost connection): drop everything kept. */
export type SharedListener = (message: string | null) => void;

export interface SharedState {
  kind: SharedStore['kind'];
  /** This node's name in the messages (random per process start). */
  readonly node: string;
  /** Counts one hit of `key`; the hits of the last `windowSeconds` over every node, this one included. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** Tells every other node about `topic` (this node's own listeners are called at once). */
  publish(topic: string, message: string): Promise<void>;
  /** Hears `topic` from every node, and `null` after a connection was lost (a message may have been missed). */
  subscribe(topic: string, listener: SharedListener): () => void;
  close(): Promise<void>;
}

export type SharedConfig = Pick<AppConfig, 'redisUrl' | 'redisKeyPrefix'>;

/** The shared state of one API node: Redis when configured, else the database the node runs on. */
export async function createSharedState(cfg: SharedConfig, db: Db): Promise<SharedState> {
  const store = cfg.redisUrl ? await redisStore(cfg.redisUrl, cfg.redisKeyPrefix) : databaseStore(db);
  return sharedStateOn(store);
}

export async function sharedStateOn(store: SharedStore): Promise<SharedState> {
  const node = randomUUID();
  const listeners = new Map<string, Set<SharedListener>>();
  const deliver = (topic: string, message: string | null) => {
    for (const l of listeners.get(topic) ?? []) {
      try {
        l(message);
      } catch {
        // a listener's failure is its own; the others still hear
      }
    }
  };
  await store.listen(
    (payload) => {
      let m: { n?: unknown; t?: unknown; m?: unknown };
      try {
        m = JSON.parse(payload);
      } catch {
        return;
      }
      if (m.n === node || typeof m.t !== 'string' || typeof m.m !== 'string') return;
      deliver(m.t, m.m);
    },
    () => {
      for (const topic of listeners.keys()) deliver(topic, null);
    },
  );
  return {
    kind: store.kind,
    node,
    hit: (key, windowSeconds) => store.hit(key, windowSeconds),
    async publish(topic, message) {
      deliver(topic, message);
      await store.send(JSON.stringify({ n: node, t: topic, m: message }));
    },
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
    close: () => store.close(),
  };
}
