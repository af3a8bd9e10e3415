import { expect } from 'chai';
import { TtlCache } from '../../../runtime/catalog/cache.js';

/** A load function that counts its calls and answers `value-<n>`. */
function counter(): { load: () => Promise<string>; calls: () => number } {
  let n = 0;
  return { load: async () => `value-${++n}`, calls: () => n };
}

describe('runtime/catalog/cache', () => {
  it('reuses a value until its time is up, then loads it again', async () => {
    let clock = 1000;
    const cache = new TtlCache<string>(500, 10, () => clock);
    const { load, calls } = counter();
    expect(await cache.get('a', load)).to.equal('value-1');
    clock += 499;
    expect(await cache.get('a', load)).to.equal('value-1');
    clock += 1;
    expect(await cache.get('a', load)).to.equal('value-2');
    expect(calls()).to.equal(2);
  });

  it('keeps keys apart', async () => {
    const cache = new TtlCache<string>(60000);
    expect(await cache.get('a', async () => 'A')).to.equal('A');
    expect(await cache.get('b', async () => 'B')).to.equal('B');
    expect(await cache.get('a', async () => 'other')).to.equal('A');
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = new TtlCache<string>(60000);
    let release!: (v: string) => void;
    let calls = 0;
    const load = () => {
      calls++;
      return new Promise<string>((r) => (release = r));
    };
    const waiting = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    release('once');
    expect(await waiting).to.deep.equal(['once', 'once', 'once']);
    expect(calls).to.equal(1);
  });

  it('does not keep a failed load: the next call tries again', async () => {
    const cache = new TtlCache<string>(60000);
    const failed = cache.get('k', () => Promise.reject(new Error('database down')));
    await failed.catch((err: Error) => expect(err.message).to.equal('database down'));
    await Promise.resolve(); // let the cache see the rejection
    expect(cache.size).to.equal(0);
    expect(await cache.get('k', async () => 'back')).to.equal('back');
  });

  it('with a time of 0 loads every time and holds nothing', async () => {
    const cache = new TtlCache<string>(0);
    const { load, calls } = counter();
    await cache.get('a', load);
    await cache.get('a', load);
    expect(calls()).to.equal(2);
    expect(cache.size).to.equal(0);
  });

  it('stays bounded however many keys clients make up', async () => {
    const cache = new TtlCache<string>(60000, 100);
    for (let i = 0; i < 1000; i++) await cache.get(`slug-${i}`, async () => 'x');
    expect(cache.size).to.be.at.most(100);
  });
});
