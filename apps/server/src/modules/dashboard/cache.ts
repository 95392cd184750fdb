// A short cache for the dashboard's widgets: the figures of a unit set change slowly compared with how often a
// page of managers reloads them. Keyed by the widget, the caller's unit set (never the user: two managers of the
// same units share an entry, and no caller ever reads figures of units outside their own set) and the filter.
// A request with `Cache-Control: no-cache` reads afresh (the screen's refresh button, the tests).

export interface WidgetCache {
  get<T>(key: string, fresh: boolean, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createWidgetCache(ttlMs: number, maxEntries = 500): WidgetCache {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
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
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

/** The caller's unit set as a cache key part. */
export const unitSetKey = (unitIds: number[] | 'all'): string => (unitIds === 'all' ? 'all' : [...unitIds].sort((a, b) => a - b).join(','));
