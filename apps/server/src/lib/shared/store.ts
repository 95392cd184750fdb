// The store behind the shared state (lib/shared): the database or Redis.

/** The store behind the shared state (database or Redis). */
export interface SharedStore {
  kind: 'database' | 'redis';
  /** Counts one hit of `key` and answers the hits of the last `windowSeconds` (6 slots), this one included. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** Sends `payload` to every node (this one included: its own messages are filtered out above). */
  send(payload: string): Promise<void>;
  /** Starts receiving; `onLost` when the connection dropped (messages may be lost). */
  listen(onPayload: (payload: string) => void, onLost: () => void): Promise<void>;
  close(): Promise<void>;
}

/** The slot length of a window: six slots per window (a sliding window within a sixth of its length). */
export const slotSeconds = (windowSeconds: number) => Math.max(1, Math.ceil(windowSeconds / 6));
