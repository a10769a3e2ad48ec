import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('keeps at most maxEntries, dropping the entry stored longest ago; storing again makes a key the newest', () => {
    const m = new BoundedMap<string, number>(3);
    for (const k of ['a', 'b', 'c']) m.set(k, 1);
    m.set('a', 2);
    m.set('d', 3);
    expect(m.size).toBe(3);
    expect(m.get('b')).toBeUndefined();
    expect([m.get('a'), m.get('c'), m.get('d')]).toEqual([2, 1, 3]);
  });

  it('keeps at most maxBytes of values, and never a value larger than that alone', () => {
    const m = new BoundedMap<string, Buffer>(100, 10, (b) => b.length);
    m.set('a', Buffer.alloc(4));
    m.set('b', Buffer.alloc(4));
    expect(m.bytes).toBe(8);
    m.set('c', Buffer.alloc(4));
    expect([m.get('a'), m.size, m.bytes]).toEqual([undefined, 2, 8]);
    m.set('b', Buffer.alloc(1));
    expect(m.bytes).toBe(5);
    m.set('huge', Buffer.alloc(11));
    expect([m.get('huge'), m.size, m.bytes]).toEqual([undefined, 0, 0]);
  });

  it('deletes and clears with the byte total kept right', () => {
    const m = new BoundedMap<string, Buffer>(10, 100, (b) => b.length);
    m.set('a', Buffer.alloc(7));
    m.set('b', Buffer.alloc(5));
    expect(m.delete('a')).toBe(true);
    expect(m.delete('a')).toBe(false);
    expect(m.bytes).toBe(5);
    m.clear();
    expect([m.size, m.bytes]).toEqual([0, 0]);
  });
});
