import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { DiskCache } from '../../../runtime/media/disk-cache.js';

describe('media disk cache', () => {
  it('keeps files under the cap, dropping the least recently used first', async () => {
    const cache = DiskCache.open(250);
    try {
      const a = await cache.put('a', Buffer.alloc(100, 1));
      await cache.put('b', Buffer.alloc(100, 2));
      expect(cache.path('a')).to.equal(a); // a is now the most recently used
      await cache.put('c', Buffer.alloc(100, 3));
      expect(cache.path('b')).to.equal(undefined);
      expect(cache.path('a')).to.equal(a);
      expect(readFileSync(cache.path('c')!)[0]).to.equal(3);
      expect(cache.size).to.equal(200);
      expect(cache.count).to.equal(2);
    } finally {
      cache.close();
    }
    expect(existsSync(cache.dir)).to.equal(false);
  });

  it('keeps one file even when it alone is over the cap', async () => {
    const cache = DiskCache.open(10);
    try {
      await cache.put('big', Buffer.alloc(50));
      expect(cache.path('big')).to.be.a('string');
    } finally {
      cache.close();
    }
  });
});
