// Reading product image files and URLs into checked originals and storing them, shared by
// `catalog import` and `seed`. The bytes go through the media domain's store; nothing else writes them.
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { Knex } from 'knex';
import type { Db } from '../db.js';
import { ImageRejected, inspectImage, MAX_ORIGINAL_BYTES, type OriginalInfo } from '../media/inspect.js';
import { putOriginal } from '../media/store.js';
import { isUrl } from './images.js';

/** An original read and checked, ready to store. */
export interface ResolvedOriginal {
  info: OriginalInfo;
  bytes: Buffer;
}

/** How long one image URL may take to download. */
const FETCH_TIMEOUT_MS = 30_000;
/** Image files read or downloaded at once. */
const PARALLEL_READS = 4;
async function download(url: string): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  } catch (err) {
    throw new ImageRejected(`cannot be downloaded (${(err as Error).cause ?? (err as Error).message})`);
  }
  if (!response.ok) throw new ImageRejected(`cannot be downloaded (HTTP ${response.status})`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_ORIGINAL_BYTES)
    throw new ImageRejected(`is ${(declared / 1048576).toFixed(1)} MB; images may be at most 15 MB`);
  // Read at most one byte past the limit: a server that lies about its length cannot fill memory.
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    total += read.value.length;
    if (total > MAX_ORIGINAL_BYTES) {
      await reader!.cancel();
      throw new ImageRejected('is larger than 15 MB');
    }
    chunks.push(Buffer.from(read.value));
  }
  return Buffer.concat(chunks);
}

async function readSource(src: string, baseDir: string): Promise<ResolvedOriginal> {
  let bytes: Buffer;
  if (isUrl(src)) bytes = await download(src);
  else {
    const file = isAbsolute(src) ? src : resolve(baseDir, src);
    try {
      bytes = await readFile(file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new ImageRejected(code === 'ENOENT' ? `not found (${file})` : `cannot be read (${code ?? err})`);
    }
  }
  return { info: await inspectImage(bytes), bytes };
}

/**
 * Reads and checks every distinct source (paths relative to baseDir). Returns the originals by
 * source, and the reason for each source that cannot be used.
 */
export async function resolveImageSources(
  sources: Iterable<string>,
  baseDir: string,
): Promise<{ originals: Map<string, ResolvedOriginal>; problems: Map<string, string> }> {
  const queue = [...new Set(sources)];
  const originals = new Map<string, ResolvedOriginal>();
  const problems = new Map<string, string>();
  const worker = async () => {
    for (let src = queue.shift(); src !== undefined; src = queue.shift()) {
      try {
        originals.set(src, await readSource(src, baseDir));
      } catch (err) {
        if (!(err instanceof ImageRejected)) throw err;
        problems.set(src, err.message);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_READS }, worker));
  return { originals, problems };
}

/** Stores the originals the site does not have yet, one transaction each; returns how many were new. */
export async function storeOriginals(
  db: Db | Knex.Transaction,
  siteId: string,
  originals: Iterable<ResolvedOriginal>,
): Promise<number> {
  let created = 0;
  for (const o of originals) {
    const store = async (trx: Knex.Transaction) => putOriginal(trx, siteId, o.info, o.bytes);
    const isTrx = 'isTransaction' in db && (db as Knex.Transaction).isTransaction;
    if (await (isTrx ? store(db as Knex.Transaction) : (db as Db).transaction(store))) created++;
  }
  return created;
}
