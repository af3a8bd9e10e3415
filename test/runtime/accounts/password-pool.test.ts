import { expect } from 'chai';
import { PasswordPool, hashThreadCount } from '../../../runtime/accounts/password-pool.js';

describe('runtime/accounts/password-pool', () => {
  let pool: PasswordPool;
  beforeEach(() => {
    pool = new PasswordPool(2);
  });
  afterEach(() => pool.close());

  it('hashes on a worker and verifies the right password only', async () => {
    const hash = await pool.hash('correct horse battery', 4);
    expect(hash).to.match(/^\$2b\$04\$/);
    expect(await pool.compare('correct horse battery', hash)).to.equal(true);
    expect(await pool.compare('correct horse batterz', hash)).to.equal(false);
  });

  it('answers false for a hash bcrypt cannot read', async () => {
    expect(await pool.compare('whatever-password', 'not-a-bcrypt-hash')).to.equal(false);
  });

  it('queues more jobs than threads and resolves each with its own result', async () => {
    const passwords = Array.from({ length: 9 }, (_, i) => `password-number-${i}`);
    const hashes = await Promise.all(passwords.map((p) => pool.hash(p, 4)));
    const checks = await Promise.all(
      passwords.map((p, i) => pool.compare(p, hashes[(i + 1) % hashes.length])),
    );
    expect(new Set(hashes).size).to.equal(9);
    expect(checks.every((ok) => ok === false)).to.equal(true);
    expect(await Promise.all(passwords.map((p, i) => pool.compare(p, hashes[i])))).to.deep.equal(
      passwords.map(() => true),
    );
  });

  it('keeps the event loop free while hashing', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      await pool.hash('a-long-running-hash', 12);
    } finally {
      clearInterval(timer);
    }
    // bcrypt on this thread would allow no timer callback until it finished.
    expect(ticks).to.be.greaterThan(5);
  });

  it('rejects queued jobs when closed', async () => {
    const small = new PasswordPool(1);
    const first = small.hash('first-password-x', 10);
    const second = small.hash('second-password-x', 10);
    await small.close();
    const results = await Promise.allSettled([first, second]);
    expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected']);
  });

  it('takes the thread count from STOREFRONT_HASH_THREADS', () => {
    const saved = process.env.STOREFRONT_HASH_THREADS;
    try {
      process.env.STOREFRONT_HASH_THREADS = '3';
      expect(hashThreadCount()).to.equal(3);
      process.env.STOREFRONT_HASH_THREADS = 'lots';
      expect(hashThreadCount()).to.be.within(1, 4);
    } finally {
      if (saved === undefined) delete process.env.STOREFRONT_HASH_THREADS;
      else process.env.STOREFRONT_HASH_THREADS = saved;
    }
  });
});
