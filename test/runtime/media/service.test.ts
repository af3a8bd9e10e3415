// The derivative service on a real SQLite database: shared misses, and 503 when resizing is busy.
import { expect } from 'chai';
import { createDb, type Db } from '../../../runtime/db.js';
import { HttpError } from '../../../runtime/errors.js';
import { migrateLatest } from '../../../runtime/migrate.js';
import { inspectImage } from '../../../runtime/media/inspect.js';
import { MediaService } from '../../../runtime/media/service.js';
import { putOriginal, readOriginal } from '../../../runtime/media/store.js';
import { findSiteByHostExact } from '../../../runtime/sites/store.js';
import { forEachEngine } from '../../helpers/engines.js';
import { jpeg } from '../../helpers/images.js';
import sharp from 'sharp';

forEachEngine('media service', (ctx) => {
  let db: Db;
  let siteId: string;
  let hash: string;
  let big: Buffer;

  before(async function () {
    this.timeout(60000);
    db = createDb(ctx.url());
    await migrateLatest(db);
    siteId = (await findSiteByHostExact(db, undefined))!.id;
    // Noise does not compress: over 1 MB, so the original is stored in several chunks.
    big = await sharp({
      create: {
        width: 1400,
        height: 1000,
        channels: 3,
        background: '#777',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const info = await inspectImage(big);
    hash = info.hash;
    await db.transaction((trx) => putOriginal(trx, siteId, info, big));
  });
  after(async () => {
    await db?.destroy();
  });

  it('stores an original in chunks and reads back the same bytes; storing it again is a no-op', async () => {
    expect(big.length).to.be.above(1024 * 1024);
    const rows = await db('media_chunks').where({ site_id: siteId, hash });
    expect(rows.length).to.be.above(2);
    expect((await readOriginal(db, siteId, hash))!.bytes.equals(big)).to.equal(true);
    const info = await inspectImage(big);
    expect(await db.transaction((trx) => putOriginal(trx, siteId, info, big))).to.equal(false);
  });

  it('makes each derivative once and serves it from disk after', async () => {
    const media = new MediaService(db, { cacheBytes: 50 * 1024 * 1024 });
    try {
      const [a, b] = await Promise.all([
        media.derivative(siteId, hash, 640, 'webp'),
        media.derivative(siteId, hash, 640, 'webp'),
      ]);
      expect(a!.type).to.equal('image/webp');
      expect(a!.bytes.equals(b!.bytes)).to.equal(true);
      expect(media.load.cachedFiles).to.equal(1);
      expect(await media.derivative(siteId, hash, 641, 'webp')).to.equal(null);
      expect(await media.derivative(siteId, hash, 640, 'png')).to.equal(null);
      expect(await media.derivative(siteId, 'd'.repeat(64), 640, 'jpg')).to.equal(null);
    } finally {
      media.close();
    }
  });

  it('answers 503 service_busy with Retry-After when the resize queue is full', async () => {
    const media = new MediaService(db, { cacheBytes: 50 * 1024 * 1024, maxJobs: 1, maxQueue: 1 });
    try {
      const results = await Promise.allSettled(
        [160, 320, 480].map((w) => media.derivative(siteId, hash, w, 'avif')),
      );
      const refused = results.filter((r) => r.status === 'rejected');
      expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(2);
      expect(refused).to.have.length(1);
      const err = (refused[0] as PromiseRejectedResult).reason as HttpError;
      expect(err.code).to.equal('service_busy');
      expect(err.extra.retryAfter).to.equal(1);
      // Once the queue drains, the refused size is made as usual.
      expect(await media.derivative(siteId, hash, 480, 'avif')).to.have.property('type', 'image/avif');
    } finally {
      media.close();
    }
  });

  it('a small JPEG is offered at its own width only', async () => {
    const small = await jpeg(120, 90);
    const info = await inspectImage(small);
    await db.transaction((trx) => putOriginal(trx, siteId, info, small));
    const media = new MediaService(db, { cacheBytes: 1024 * 1024 });
    try {
      expect(await media.derivative(siteId, info.hash, 160, 'jpg')).to.equal(null);
      const own = await media.derivative(siteId, info.hash, 120, 'jpg');
      expect((await sharp(own!.bytes).metadata()).width).to.equal(120);
    } finally {
      media.close();
    }
  });
});
