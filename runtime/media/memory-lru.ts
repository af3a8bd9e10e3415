// Usage: const hot = new MemoryLru(32 * 2 ** 20); hot.set(key, bytes); hot.get(key)
//
// Byte-capped least-recently-used map of buffers: the hot layer in front of the disk cache.

/** Buffers by key, least recently used first (a Map keeps insertion order; a hit re-inserts). */
export class MemoryLru {
  private readonly entries = new Map<string, Buffer>();
  private used = 0;

  constructor(readonly capBytes: number) {}

  /** The buffer of `key`, marked as just used; undefined on a miss. */
  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Keeps `value` under `key` (nothing larger than a quarter of the cap: one photo must not flush all). */
  set(key: string, value: Buffer): void {
    if (value.length > this.capBytes / 4) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.used -= old.length;
    }
    this.entries.set(key, value);
    this.used += value.length;
    for (const [k, v] of this.entries) {
      if (this.used <= this.capBytes) break;
      this.entries.delete(k);
      this.used -= v.length;
    }
  }

  /** Bytes held now. */
  get size(): number {
    return this.used;
  }
}
