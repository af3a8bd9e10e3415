// Product images on the 3-node Galera cluster: originals live in the database, so an image imported
// through one node is served by the serve process of every node (each making its own derivative
// into its own disk cache), with the same bytes.
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jpeg } from '../helpers/images.js';
import { storefront, useCluster } from './harness.js';

const sha = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

describe('cluster: product images served by every process', function () {
  this.timeout(120000);
  const cluster = useCluster();

  it('the demo images and one imported through node 2 are served alike by every process', async () => {
    const { serve, db, site } = cluster();
    const dir = mkdtempSync(join(tmpdir(), 'storefront-cluster-media-'));
    try {
      writeFileSync(join(dir, 'lamp.jpg'), await jpeg(700, 500, '#3a6'));
      writeFileSync(
        join(dir, 'lamp.csv'),
        'slug,name,sku,variant_name,price,currency,image,image_alt\ncluster-lamp,Cluster lamp,CL-1,One,30.00,EUR,lamp.jpg,A lamp\n',
      );
      const run = await storefront([
        'catalog',
        'import',
        join(dir, 'lamp.csv'),
        '--database',
        serve[1].databaseUrl,
      ]);
      expect(run.code, run.stderr).to.equal(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const rows = (await db[2]('product_images as i')
      .join('products as p', 'p.id', 'i.product_id')
      .where({ 'p.site_id': site.id, 'i.position': 0 })
      .whereIn('p.slug', ['fernhill-house-blend', 'cluster-lamp'])
      .select('i.media_hash')) as Array<{ media_hash: string }>;
    expect(rows).to.have.length(2);
    for (const { media_hash: hash } of rows) {
      const answers = await Promise.all(serve.map((p) => fetch(`${p.url}/media/${hash}/480.webp`)));
      expect(answers.map((a) => a.status)).to.deep.equal(serve.map(() => 200));
      const digests = await Promise.all(answers.map(async (a) => sha(await a.arrayBuffer())));
      expect(new Set(digests).size, 'the same bytes from every process').to.equal(1);
    }
  });
});
