/**
 * A map that keeps what was used last, within a count and a total weight (bytes, say): the least
 * recently used entries go first. A JavaScript Map keeps insertion order, so moving an entry to the
 * end on each use is the whole bookkeeping, a few lines rather than a cache library as a
 * dependency. The validation memo and the stored alignments' view bodies use it (issue 42).
 */
export class RecentlyUsed<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxWeight = Number.POSITIVE_INFINITY,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  /** The value kept for `key`, now the most recently used; undefined when none is. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Keeps `value` as the most recently used; one heavier than the whole budget is not kept (and drops what `key` held). */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.maxWeight || this.maxEntries <= 0) return;
    this.entries.set(key, value);
    this.weight += weight;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.weight <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.weight -= this.weigh(old);
    }
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.weight -= this.weigh(value);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept values' total weight. */
  get totalWeight(): number {
    return this.weight;
  }
}
