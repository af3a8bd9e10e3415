// Usage: const cache = await DiskCache.open(256 * 2 ** 20); await cache.put(key, bytes); cache.path(key)
//
// A size-capped, least-recently-used cache of files in a private directory of this process (made
// with mkdtemp, removed on close). Derivatives are cheap to make again, so nothing survives a
// restart and no two processes share a directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Files by key, least recently used first (a Map keeps insertion order; a hit re-inserts). */
export class DiskCache {
  private readonly entries = new Map<string, { file: string; bytes: number }>();
  private used = 0;
  private seq = 0;

  private constructor(
    readonly dir: string,
    readonly capBytes: number,
  ) {}

  /** A new empty cache in its own temporary directory. */
  static open(capBytes: number, parent = tmpdir()): DiskCache {
    return new DiskCache(mkdtempSync(join(parent, 'storefront-media-')), capBytes);
  }

  /** The file holding `key`, marked as just used; undefined on a miss. */
  path(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.file;
  }

  /** Stores `bytes` under `key` (written whole, then renamed, so a reader never sees half a file). */
  async put(key: string, bytes: Buffer): Promise<string> {
    const existing = this.path(key);
    if (existing) return existing;
    const file = join(this.dir, `${++this.seq}`);
    await writeFile(`${file}.tmp`, bytes);
    await rename(`${file}.tmp`, file);
    this.entries.set(key, { file, bytes: bytes.length });
    this.used += bytes.length;
    await this.evict();
    return file;
  }

  /** Bytes held now. */
  get size(): number {
    return this.used;
  }

  /** Number of files held now. */
  get count(): number {
    return this.entries.size;
  }

  /** Removes the directory and everything in it. */
  close(): void {
    this.entries.clear();
    this.used = 0;
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async evict(): Promise<void> {
    for (const [key, entry] of this.entries) {
      if (this.used <= this.capBytes || this.entries.size <= 1) break;
      this.entries.delete(key);
      this.used -= entry.bytes;
      // A request streaming this file keeps its open descriptor; unlink only drops the name.
      await unlink(entry.file).catch(() => undefined);
    }
  }
}
