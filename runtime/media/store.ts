// The media tables: originals (metadata in `media`, bytes in `media_chunks`) keyed by site and
// content hash. The only module that reads or writes image bytes in the database; an object-store
// backend would replace this file behind the same functions.
import type { Knex } from 'knex';
import type { Db } from '../db.js';
import { dbNow } from '../time.js';
import type { OriginalInfo } from './inspect.js';

/** Bytes per media_chunks row (see the migration: statements stay well under MySQL's packet limit). */
export const CHUNK_BYTES = 512 * 1024;

/** An original's description as stored. */
export interface MediaInfo {
  hash: string;
  width: number;
  height: number;
  hasAlpha: boolean;
}

interface MediaRow {
  hash: string;
  width: number;
  height: number;
  has_alpha: boolean | number;
}

/** Stores an original unless the site already has it (same hash = same bytes). */
export async function putOriginal(
  trx: Knex.Transaction | Db,
  siteId: string,
  info: OriginalInfo,
  bytes: Buffer,
): Promise<boolean> {
  const exists = await trx('media').where({ site_id: siteId, hash: info.hash }).first('hash');
  if (exists) return false;
  const chunks = Math.ceil(bytes.length / CHUNK_BYTES);
  for (let seq = 0; seq < chunks; seq++)
    await trx('media_chunks').insert({
      site_id: siteId,
      hash: info.hash,
      seq,
      data: bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES),
    });
  await trx('media').insert({
    site_id: siteId,
    hash: info.hash,
    format: info.format,
    width: info.width,
    height: info.height,
    has_alpha: info.hasAlpha,
    bytes: info.bytes,
    chunks,
    created_at: dbNow(),
  });
  return true;
}

/** The hashes among `hashes` that the site already stores. */
export async function storedHashes(db: Db, siteId: string, hashes: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < hashes.length; i += 500) {
    const rows = (await db('media')
      .where({ site_id: siteId })
      .whereIn('hash', hashes.slice(i, i + 500))
      .select('hash')) as Array<{ hash: string }>;
    for (const r of rows) out.add(r.hash);
  }
  return out;
}

/** Width, height and alpha of the site's originals among `hashes`. */
export async function mediaInfo(db: Db, siteId: string, hashes: string[]): Promise<Map<string, MediaInfo>> {
  const out = new Map<string, MediaInfo>();
  const unique = [...new Set(hashes)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = (await db('media')
      .where({ site_id: siteId })
      .whereIn('hash', unique.slice(i, i + 500))
      .select('hash', 'width', 'height', 'has_alpha')) as MediaRow[];
    for (const r of rows)
      out.set(r.hash, {
        hash: r.hash,
        width: Number(r.width),
        height: Number(r.height),
        hasAlpha: Boolean(r.has_alpha),
      });
  }
  return out;
}

/** An original's bytes and description, or null when the site has no such original. */
export async function readOriginal(
  db: Db,
  siteId: string,
  hash: string,
): Promise<{ info: MediaInfo; bytes: Buffer } | null> {
  const info = (await mediaInfo(db, siteId, [hash])).get(hash);
  if (!info) return null;
  const rows = (await db('media_chunks')
    .where({ site_id: siteId, hash })
    .orderBy('seq')
    .select('data')) as Array<{ data: Buffer | Uint8Array }>;
  return { info, bytes: Buffer.concat(rows.map((r) => Buffer.from(r.data))) };
}
