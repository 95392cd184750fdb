// A short cache for the dashboard's widgets: the figures of a unit set change slowly compared with how often a
// page of managers reloads them. Keyed by the widget, the caller's unit set (never the user: two managers of the
// same units share an entry, and no caller ever reads figures of units outside their own set) and the filter.
// A request with `Cache-Control: no-cache` reads afresh (the screen's refresh button, the tests), and tells the other
// API nodes (lib/shared) to drop their copy of that entry, so a refresh on one node is not undone by a stale other.
import type { SharedState } from '../../lib/shared';

export interface WidgetCache {
  get<T>(key: string, fresh: boolean, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

/** `shared` and `topic`: the nodes that share the cache's invalidation (each keeps its own entries). */
export function createWidgetCache(
  ttlMs: number,
  opts: { maxEntries?: number; shared?: Pick<SharedState, 'publish' | 'subscribe'>; topic?: string } = {},
): WidgetCache {
  const maxEntries = opts.maxEntries ?? 500;
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  const { shared, topic = 'widget-cache' } = opts;
  // Another node read afresh (drop that entry), cleared (every entry), or messages were lost (every entry).
  shared?.subscribe(topic, (key) => {
    if (key === null || key === '*') entries.clear();
    else entries.delete(key);
  });
  const tell = (key: string) => void shared?.publish(topic, key).catch(() => undefined);
  return {
    async get<T>(key: string, fresh: boolean, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (!fresh && hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
      // The promise is kept, so callers arriving while it loads share the one query.
      const value = load();
      entries.set(key, { at: now, value });
      if (entries.size > maxEntries) {
        for (const [k, e] of entries) if (now - e.at >= ttlMs || entries.size > maxEntries) entries.delete(k);
      }
      // A failure is never cached: the next call tries again.
      value.then(
        () => {
          if (fresh) tell(key);
        },
        () => {
          if (entries.get(key)?.value === value) entries.delete(key);
        },
      );
      return value;
    },
    clear() {
      entries.clear();
      tell('*');
    },
  };
}

/** The caller's unit set as a cache key part. */
export const unitSetKey = (unitIds: number[] | 'all'): string => (unitIds === 'all' ? 'all' : [...unitIds].sort((a, b) => a - b).join(','));
