/**
 * A least-recently-used map bounded by a total cost (e.g. characters held): inserting past the
 * budget drops the entries used longest ago. Map keeps insertion order, so re-inserting on a hit
 * makes the first key the oldest one.
 */
export class LruCache<K, V> {
  private readonly map = new Map<K, { value: V; cost: number }>();
  private total = 0;
  readonly budget: number;
  constructor(budget: number) {
    this.budget = budget;
  }

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  set(key: K, value: V, cost = 1): void {
    const old = this.map.get(key);
    if (old) {
      this.total -= old.cost;
      this.map.delete(key);
    }
    if (cost > this.budget) return;
    this.map.set(key, { value, cost });
    this.total += cost;
    for (const [k, v] of this.map) {
      if (this.total <= this.budget) break;
      this.map.delete(k);
      this.total -= v.cost;
    }
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }
}
