// Theme assets under content-hashed URLs (/assets/css/theme.3f9a1c2e.css), so they can be cached
// for a year as immutable: a changed file gets a new URL.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname, relative, sep } from 'node:path';

/** One asset file. */
export interface Asset {
  /** Path inside assets/, with forward slashes: 'css/theme.css'. */
  path: string;
  url: string;
  body: Buffer;
  contentType: string;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Builds the asset entry for one file (its bytes given, or read from disk). */
export function readAsset(assetsDir: string, file: string, body: Buffer = readFileSync(file)): Asset {
  const path = relative(assetsDir, file).split(sep).join('/');
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
  const ext = extname(path);
  const url = `/assets/${ext ? `${path.slice(0, -ext.length)}.${hash}${ext}` : `${path}.${hash}`}`;
  return {
    path,
    url,
    body,
    contentType: TYPES[ext.toLowerCase()] ?? 'application/octet-stream',
    etag: `"${hash}"`,
  };
}
