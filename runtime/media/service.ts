// Serves derivatives: from this process's disk cache when it has them, else made once from the
// original in the database. Concurrent misses of one derivative share one job; resizing runs at
// most `maxJobs` at a time with at most `maxQueue` waiting, so a burst of new images cannot take
// the cores page rendering needs: past that, 503 service_busy with Retry-After.
import { readFile } from 'node:fs/promises';
import type { Db } from '../db.js';
import { HttpError } from '../errors.js';
import { makeDerivative } from './derive.js';
import { DiskCache } from './disk-cache.js';
import { MemoryLru } from './memory-lru.js';
import { FORMATS, fallbackFormat, widthsFor, type MediaFormat } from '../media-urls.js';
import { mediaInfo, readOriginal, type MediaInfo } from './store.js';

/** A derivative ready to send. */
export interface Derivative {
  bytes: Buffer;
  type: string;
}

export interface MediaServiceOptions {
  /** Disk the derivative cache may use, in bytes. */
  cacheBytes: number;
  /** Resizes running at once (sharp itself uses the libuv thread pool for each). */
  maxJobs?: number;
  /** Misses waiting for a resize slot before new ones get 503. */
  maxQueue?: number;
  /** Memory for the most requested derivatives, in bytes (default 32 MiB). */
  memoryBytes?: number;
}

const DEFAULT_MEMORY_BYTES = 32 * 1024 * 1024;

/** True when `format` at `width` is one of the URLs the original is offered at. */
export function isOffered(info: MediaInfo, width: number, format: MediaFormat): boolean {
  if (format === 'jpg' || format === 'png') {
    if (format !== fallbackFormat(info.hasAlpha)) return false;
  }
  return widthsFor(info.width).includes(width);
}

/** The media domain's read side: the images of a site by content hash, as derivatives. */
export class MediaService {
  private readonly cache: DiskCache;
  /** The most requested derivatives in memory too: a disk read costs four thread-pool round trips. */
  private readonly hot: MemoryLru;
  private readonly inflight = new Map<string, Promise<Buffer | null>>();
  private readonly waiting: Array<() => void> = [];
  private running = 0;
  private readonly maxJobs: number;
  private readonly maxQueue: number;

  constructor(
    private readonly db: Db,
    options: MediaServiceOptions,
  ) {
    this.cache = DiskCache.open(options.cacheBytes);
    this.hot = new MemoryLru(options.memoryBytes ?? DEFAULT_MEMORY_BYTES);
    this.maxJobs = options.maxJobs ?? 1;
    this.maxQueue = options.maxQueue ?? 16;
  }

  /** The derivative a media URL names, or null when the site has no such image or size (→ 404). */
  async derivative(
    siteId: string,
    hash: string,
    width: number,
    format: MediaFormat,
  ): Promise<Derivative | null> {
    const key = `${siteId}/${hash}/${width}.${format}`;
    const type = FORMATS[format];
    const hot = this.hot.get(key);
    if (hot) return { bytes: hot, type };
    const cached = this.cache.path(key);
    if (cached) {
      const bytes = await readFile(cached).catch(() => null); // evicted meanwhile: make it again
      if (bytes) {
        this.hot.set(key, bytes);
        return { bytes, type };
      }
    }
    let job = this.inflight.get(key);
    if (!job) {
      const info = (await mediaInfo(this.db, siteId, [hash])).get(hash);
      if (!info || !isOffered(info, width, format)) return null;
      job = this.inflight.get(key); // another request may have started it while we looked
      if (!job) {
        job = this.make(key, siteId, hash, width, format).finally(() => this.inflight.delete(key));
        this.inflight.set(key, job);
      }
    }
    const bytes = await job;
    return bytes ? { bytes, type } : null;
  }

  /** Resize jobs running and waiting, for tests and metrics. */
  get load(): { running: number; waiting: number; cachedFiles: number; cachedBytes: number } {
    return {
      running: this.running,
      waiting: this.waiting.length,
      cachedFiles: this.cache.count,
      cachedBytes: this.cache.size,
    };
  }

  /** Removes the disk cache. */
  close(): void {
    this.cache.close();
  }

  private async make(
    key: string,
    siteId: string,
    hash: string,
    width: number,
    format: MediaFormat,
  ): Promise<Buffer | null> {
    await this.slot();
    try {
      const original = await readOriginal(this.db, siteId, hash);
      if (!original) return null;
      const bytes = await makeDerivative(original.bytes, width, format);
      await this.cache.put(key, bytes);
      this.hot.set(key, bytes);
      return bytes;
    } finally {
      this.release();
    }
  }

  private slot(): Promise<void> {
    if (this.running < this.maxJobs) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxQueue)
      return Promise.reject(
        new HttpError('service_busy', 'Images are being prepared. Try again in a moment.', { retryAfter: 1 }),
      );
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
