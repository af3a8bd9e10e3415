import { expect } from 'chai';
import {
  PasswordPool,
  PasswordPoolBusyError,
  hashQueueLimit,
  hashThreadCount,
} from '../../../runtime/accounts/password-pool.js';

describe('runtime/accounts/password-pool', () => {
  let pool: PasswordPool;
  beforeEach(() => {
    pool = new PasswordPool({ size: 2 });
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
    const small = new PasswordPool({ size: 1 });
    const first = small.hash('first-password-x', 10);
    const second = small.hash('second-password-x', 10);
    const settled = Promise.allSettled([first, second]);
    await small.close();
    const results = await settled;
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

  describe('a bounded queue', () => {
    // One thread kept busy by a slow hash: everything after it waits in the queue.
    const busyPool = (maxQueue: number, onQueueLength?: (n: number) => void) =>
      new PasswordPool({ size: 1, maxQueue, onQueueLength });

    it('refuses sign-ins at once when the queue is full, and takes them again once it drains', async () => {
      const lengths: number[] = [];
      const small = busyPool(2, (n) => lengths.push(n));
      try {
        const running = small.hash('a-slow-password-x', 12, 'sign-in');
        const queued = [
          small.compare('x', 'not-a-hash', 'sign-in'),
          small.compare('y', 'not-a-hash', 'sign-in'),
        ];
        expect(small.waiting).to.equal(2);
        const started = Date.now();
        const refused = await small.compare('z', 'not-a-hash', 'sign-in').catch((e: unknown) => e);
        expect(refused).to.be.instanceOf(PasswordPoolBusyError);
        expect(Date.now() - started, 'refused without waiting').to.be.below(50);
        await Promise.all([running, ...queued]);
        expect(small.waiting).to.equal(0);
        expect(await small.compare('z', 'not-a-hash', 'sign-in')).to.equal(false);
        // The gauge saw the queue grow to 2 and drain to 0.
        expect(Math.max(...lengths)).to.equal(2);
        expect(lengths.at(-1)).to.equal(0);
      } finally {
        await small.close();
      }
    });

    it('keeps half of the queue for sign-ins: registrations are refused first, and sign-ins run first', async () => {
      const small = busyPool(4);
      try {
        const order: string[] = [];
        const running = small.hash('a-slow-password-x', 12, 'register');
        const registers = [1, 2].map((n) =>
          small.hash(`register-password-${n}`, 4, 'register').then(() => order.push(`register ${n}`)),
        );
        expect(
          await small.hash('register-password-3', 4, 'register').catch((e: unknown) => e),
        ).to.be.instanceOf(PasswordPoolBusyError);
        const signIns = [1, 2].map((n) =>
          small.compare(`sign-in-${n}`, 'not-a-hash', 'sign-in').then(() => order.push(`sign-in ${n}`)),
        );
        expect(
          await small.compare('sign-in-3', 'not-a-hash', 'sign-in').catch((e: unknown) => e),
        ).to.be.instanceOf(PasswordPoolBusyError);
        await Promise.all([running, ...registers, ...signIns]);
        expect(order).to.deep.equal(['sign-in 1', 'sign-in 2', 'register 1', 'register 2']);
      } finally {
        await small.close();
      }
    });

    it('never refuses jobs that wait (seeding, tests), and a free thread admits anything', async () => {
      const small = busyPool(1);
      try {
        const jobs = Array.from({ length: 5 }, (_, i) => small.hash(`waiting-password-${i}`, 4));
        expect(small.waiting).to.equal(4);
        await Promise.all(jobs);
        expect(await small.compare('a', 'not-a-hash', 'register')).to.equal(false);
      } finally {
        await small.close();
      }
    });

    it('defaults to 32 waiting jobs per thread; STOREFRONT_HASH_QUEUE changes it', () => {
      const saved = process.env.STOREFRONT_HASH_QUEUE;
      try {
        delete process.env.STOREFRONT_HASH_QUEUE;
        expect(hashQueueLimit(3)).to.equal(96);
        process.env.STOREFRONT_HASH_QUEUE = '10';
        expect(hashQueueLimit(3)).to.equal(10);
        process.env.STOREFRONT_HASH_QUEUE = 'many';
        expect(hashQueueLimit(2)).to.equal(64);
      } finally {
        if (saved === undefined) delete process.env.STOREFRONT_HASH_QUEUE;
        else process.env.STOREFRONT_HASH_QUEUE = saved;
      }
    });
  });
});
