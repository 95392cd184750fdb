// The shared state in Redis (REDIS_URL): counters as one key per slot that expires by itself, counted by a script
// on Redis's own clock; messages by PUBLISH on one channel, heard by a second connection of each node.
import { Redis } from 'ioredis';
import { type SharedStore, slotSeconds } from './store';

/** KEYS[1] the counter's key; ARGV[1] the slot's seconds: counts the hit, answers the last six slots' total. */
const HIT = `
local t = redis.call('TIME')
local len = tonumber(ARGV[1])
local slot = math.floor(tonumber(t[1]) / len)
local k = KEYS[1] .. ':' .. slot
local n = redis.call('INCR', k)
if n == 1 then redis.call('EXPIRE', k, len * 7) end
for i = 1, 5 do n = n + (tonumber(redis.call('GET', KEYS[1] .. ':' .. (slot - i))) or 0) end
return n`;

export async function redisStore(url: string, prefix: string): Promise<SharedStore> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableAutoPipelining: true } as const;
  const main = new Redis(url, options);
  const sub = new Redis(url, { ...options, enableAutoPipelining: false });
  // Connection errors reconnect by themselves; an unhandled 'error' event must not end the process.
  main.on('error', () => undefined);
  sub.on('error', () => undefined);
  await main.connect();
  await sub.connect();
  main.defineCommand('hrHit', { numberOfKeys: 1, lua: HIT });
  const channel = `${prefix}shared`;
  return {
    kind: 'redis',
    async hit(key, windowSeconds) {
      const n = await (main as unknown as { hrHit(k: string, len: number): Promise<number> }).hrHit(
        `${prefix}hit:${key}`,
        slotSeconds(windowSeconds),
      );
      return Number(n);
    },
    async send(payload) {
      await main.publish(channel, payload);
    },
    async listen(onPayload, onLost) {
      sub.on('message', (ch: string, payload: string) => {
        if (ch === channel) onPayload(payload);
      });
      // After a reconnect ioredis subscribes again; what was published meanwhile is lost.
      let ready = false;
      sub.on('ready', () => {
        if (ready) onLost();
      });
      sub.on('close', () => {
        if (ready) onLost();
      });
      await sub.subscribe(channel);
      ready = true;
    },
    async close() {
      sub.disconnect();
      await main.quit().catch(() => main.disconnect());
    },
  };
}
