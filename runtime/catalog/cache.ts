// Usage: const pages = new TtlCache<Page>(2000); await pages.get(`${siteId}:${page}`, () => load(page))
//
// A short-lived per-process cache for what every visitor sees alike (catalog template objects).
// Catalog pages are the hot path of a shop and change rarely (an operator's `seed`), so a couple
// of seconds of staleness saves three queries and the money formatting per render; checkout never
// reads through it (quotes and orders price from the database). Concurrent misses of one key share
// one load, so a burst of visitors after expiry costs one round of queries, not one per visitor.

interface Entry<V> {
  value: Promise<V>;
  expiresAt: number;
}

/** A bounded map of key → loaded value, each kept for `ttlMs` (0 turns the cache off). */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value of `key`: the cached one while fresh, else what `load` gives (failures are not kept). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    // Keys come from URLs (page numbers, slugs), so a client could make them unbounded.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    const entry = { value, expiresAt: now + this.ttlMs };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets everything (after a write that must show at once). */
  clear(): void {
    this.entries.clear();
  }

  /** Number of keys held, for tests. */
  get size(): number {
    return this.entries.size;
  }
}
