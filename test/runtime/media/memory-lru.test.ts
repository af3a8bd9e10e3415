import { expect } from 'chai';
import { MemoryLru } from '../../../runtime/media/memory-lru.js';

describe('media memory LRU', () => {
  it('keeps buffers under the cap, dropping the least recently used first', () => {
    const lru = new MemoryLru(400);
    lru.set('a', Buffer.alloc(100));
    lru.set('b', Buffer.alloc(100));
    lru.set('c', Buffer.alloc(100));
    expect(lru.get('a')).to.have.length(100); // a is now the most recently used
    lru.set('d', Buffer.alloc(100));
    lru.set('e', Buffer.alloc(100));
    expect(lru.get('b')).to.equal(undefined);
    expect(lru.get('a')).to.have.length(100);
    expect(lru.size).to.equal(400);
  });

  it('does not keep a buffer over a quarter of the cap, and replacing a key counts once', () => {
    const lru = new MemoryLru(400);
    lru.set('big', Buffer.alloc(101));
    expect(lru.get('big')).to.equal(undefined);
    lru.set('x', Buffer.alloc(50));
    lru.set('x', Buffer.alloc(60));
    expect(lru.size).to.equal(60);
  });
});
