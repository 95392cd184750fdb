import { useSyncExternalStore } from 'react';

/** A minimal external store (no library): get/set/subscribe plus a React hook. */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const get = () => value;
  const set = (next: T | ((prev: T) => T)) => {
    const v = typeof next === 'function' ? (next as (prev: T) => T)(value) : next;
    if (Object.is(v, value)) return;
    value = v;
    for (const l of listeners) l();
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  };
  function useStore(): T;
  function useStore<S>(selector: (v: T) => S): S;
  function useStore<S>(selector?: (v: T) => S) {
    const snap = () => (selector ? selector(value) : value);
    return useSyncExternalStore(subscribe, snap, snap);
  }
  return { get, set, subscribe, use: useStore };
}
