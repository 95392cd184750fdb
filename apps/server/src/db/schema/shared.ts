// State several API nodes must agree on that is neither a record nor a job (lib/shared): hit counters of the
// rate limits, in slots of a few seconds, shared through the database when no Redis is configured. The table is
// UNLOGGED (migration 0047; Drizzle's schema has no word for it): the counters are disposable, so a hit waits for no WAL flush.
import { bigint, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

export const sharedCounters = pgTable(
  'shared_counters',
  {
    /** What is counted, e.g. `device:17`. */
    key: varchar('key', { length: 200 }).notNull(),
    /** The slot: seconds since the epoch (database clock) divided by the slot's length. */
    slot: bigint('slot', { mode: 'number' }).notNull(),
    n: integer('n').notNull().default(0),
    /** After this the slot is out of every window; rows past it are deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.slot] })],
);
