import { LRUCache } from 'lru-cache';

/**
 * An LRU map (lru-cache) whose entries live at most `ttlMs` and are filled only by a load that no
 * invalidation overtook: `load` captures the cache's epoch before it reads the database, and what it
 * read is kept only if no `drop`/`clear` happened meanwhile (else a read that started before a
 * revocation committed could put the revoked entry back after the invalidation was applied).
 * `usable()` false (the invalidation channel is down): neither read nor filled.
 */
export class GuardedCache<K extends string, V extends object> {
  private readonly lru: LRUCache<K, V>;
  private epoch = 0;
  /** Loads in flight by key: concurrent misses of one key share one read (a cold or expired entry under load). */
  private readonly inFlight = new Map<K, { epoch: number; value: Promise<V | null> }>();
  private readonly ttlMs: number;
  private readonly usable: () => boolean;

  constructor(opts: { max: number; ttlMs: number; usable: () => boolean }) {
    this.lru = new LRUCache<K, V>({ max: opts.max, ttl: Math.max(opts.ttlMs, 1) });
    this.ttlMs = opts.ttlMs;
    this.usable = opts.usable;
  }

  get enabled(): boolean {
    return this.ttlMs > 0 && this.usable();
  }

  /**
   * The cached value of `key`, else `load()`'s, kept when it is not null. `ttlOf` may shorten the
   * entry's life (a session's own expiry); 0 or less: not kept.
   */
  async load(key: K, load: () => Promise<V | null>, ttlOf?: (value: V) => number): Promise<V | null> {
    if (!this.enabled) return load();
    const hit = this.lru.get(key);
    if (hit !== undefined) return hit;
    const epoch = this.epoch;
    // A read begun before the last invalidation is not shared: it may hold what was invalidated.
    const shared = this.inFlight.get(key);
    if (shared && shared.epoch === epoch) return shared.value;
    const value = load();
    this.inFlight.set(key, { epoch, value });
    try {
      const loaded = await value;
      if (loaded !== null && epoch === this.epoch && this.enabled) {
        const ttl = Math.min(this.ttlMs, ttlOf ? ttlOf(loaded) : this.ttlMs);
        if (ttl > 0) this.lru.set(key, loaded, { ttl });
      }
      return loaded;
    } finally {
      if (this.inFlight.get(key)?.value === value) this.inFlight.delete(key);
    }
  }

  /** Removes the entries `matches` picks; loads in flight are not kept. */
  drop(matches: (value: V, key: K) => boolean): void {
    this.epoch++;
    const gone: K[] = [];
    for (const [key, value] of this.lru.entries()) if (matches(value, key)) gone.push(key);
    for (const key of gone) this.lru.delete(key);
  }

  clear(): void {
    this.epoch++;
    this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }
}
