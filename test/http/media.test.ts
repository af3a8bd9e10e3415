// Product images over a real server, on SQLite and MySQL: derivatives made on first request at
// ladder widths in AVIF, WebP and JPEG, served immutable with an ETag; everything else under /media/
// is 404; another site cannot read a site's image; concurrent misses read the original once.
import { expect } from 'chai';
import sharp from 'sharp';
import { addSite } from '../../runtime/sites/store.js';
import { forEachEngine } from '../helpers/engines.js';
import { rawRequest } from '../helpers/raw-http.js';
import { prepareDatabase, startTestServer, type TestServer } from '../helpers/server.js';

forEachEngine('http/media', (engineCtx) => {
  let server: TestServer;
  let hash: string;

  before(async function () {
    this.timeout(120000);
    await prepareDatabase(engineCtx.url());
    server = await startTestServer(engineCtx.url());
    const row = (await server
      .db('product_images as i')
      .join('products as p', 'p.id', 'i.product_id')
      .where({ 'p.slug': 'fernhill-house-blend', 'i.position': 0 })
      .first('i.media_hash')) as { media_hash: string };
    hash = row.media_hash;
  });
  after(async () => {
    await server?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers });

  for (const [ext, type, format] of [
    ['avif', 'image/avif', 'heif'],
    ['webp', 'image/webp', 'webp'],
    ['jpg', 'image/jpeg', 'jpeg'],
  ] as const)
    it(`serves a ${ext} derivative at a ladder width, immutable`, async () => {
      const res = await get(`/media/${hash}/640.${ext}`);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal(type);
      expect(res.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
      expect(res.headers.get('etag')).to.match(/^"[0-9a-f]{32}-640-/);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).to.equal(format);
      expect(meta.width).to.equal(640);
    });

  it('answers 304 to a client that has the bytes', async () => {
    const first = await get(`/media/${hash}/320.webp`);
    const again = await get(`/media/${hash}/320.webp`, { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).to.equal(304);
  });

  it('serves the original width (1200: below the 1280 step) and nothing wider', async () => {
    expect((await get(`/media/${hash}/1200.jpg`)).status).to.equal(200);
    expect((await get(`/media/${hash}/1280.jpg`)).status).to.equal(404);
    expect((await get(`/media/${hash}/2048.webp`)).status).to.equal(404);
  });

  it('is 404 for every other path under /media/', async () => {
    for (const path of [
      `/media/${hash}/641.jpg`, // not a ladder width
      `/media/${hash}/640.png`, // the fallback of an opaque image is JPEG
      `/media/${hash}/640.gif`,
      `/media/${hash}/0640.jpg`,
      `/media/${hash.toUpperCase()}/640.jpg`,
      `/media/${'0'.repeat(64)}/640.jpg`, // no such image
      `/media/${hash}`,
      '/media/',
      '/media/..%2f..%2fetc%2fpasswd',
    ]) {
      const res = await get(path);
      expect(res.status, path).to.equal(404);
    }
  });

  it('answers 405 to methods other than GET and HEAD', async () => {
    const res = await fetch(`${server.url}/media/${hash}/640.jpg`, { method: 'POST' });
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')).to.equal('GET, HEAD');
  });

  it('does not serve one site’s image to another site', async () => {
    await addSite(server.db, { host: `other-media-${engineCtx.engine}.example`, name: 'Other' });
    const port = Number(new URL(server.url).port);
    const path = `/media/${hash}/640.jpg`;
    expect((await rawRequest(port, path, { headers: { host: 'localhost' } })).status).to.equal(200);
    const other = await rawRequest(port, path, {
      headers: { host: `other-media-${engineCtx.engine}.example` },
    });
    expect(other.status).to.equal(404);
  });

  it('makes a derivative once for concurrent misses', async () => {
    server.queries.length = 0;
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(`/media/${hash}/480.avif`)));
    expect(answers.map((a) => a.status)).to.deep.equal(Array(12).fill(200));
    expect(server.queries.filter((q) => /media_chunks/.test(q))).to.have.length(1);
  });
});
