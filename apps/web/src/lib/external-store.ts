import { useSyncExternalStore } from 'react';

export interface ExternalStore<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
  use(): T;
}

/** A tiny observable value usable outside React (api client) and inside (hook). */
export function createExternalStore<T>(initial: () => T): ExternalStore<T> {
  let value = initial();
  const listeners = new Set<() => void>();
  const store: ExternalStore<T> = {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    use: () => useSyncExternalStore(store.subscribe, store.get),
  };
  return store;
}
