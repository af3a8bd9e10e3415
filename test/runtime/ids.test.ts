import { expect } from 'chai';
import { newRequestId, pooledRandomBytes } from '../../runtime/ids.js';

describe('runtime/ids', () => {
  describe('pooledRandomBytes', () => {
    it('hands out distinct bytes of the asked size across pool refills', () => {
      const seen = new Set<string>();
      // 300 × 32 bytes span three refills of the 4 KiB pool
      for (let i = 0; i < 300; i++) {
        const bytes = pooledRandomBytes(32);
        expect(bytes.length).to.equal(32);
        seen.add(bytes.toString('hex'));
      }
      expect(seen.size).to.equal(300);
    });

    it('gives the caller a copy: a later draw does not change it', () => {
      const first = pooledRandomBytes(32);
      const kept = Buffer.from(first);
      for (let i = 0; i < 200; i++) pooledRandomBytes(32);
      expect(first.equals(kept)).to.equal(true);
    });

    it('serves sizes that do not divide the pool, and refuses more than the pool', () => {
      for (let i = 0; i < 100; i++) expect(pooledRandomBytes(100).length).to.equal(100);
      expect(() => pooledRandomBytes(4097)).to.throw(RangeError);
    });
  });

  describe('newRequestId', () => {
    it('never repeats within a process', () => {
      const ids = new Set(Array.from({ length: 1000 }, () => newRequestId()));
      expect(ids.size).to.equal(1000);
    });
  });
});
