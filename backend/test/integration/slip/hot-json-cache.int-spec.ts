import { randomBytes } from 'crypto';
import Redis from 'ioredis';
import {
  decodeRedisEntry,
  freshUntilOf,
  HotJsonCache,
} from '../../../src/common/cache/hot-json-cache';
import type { Clock } from '../../../src/common/clock/clock';
import { TEST_REDIS_URL } from '../../setup/test-env';
import { eventually } from '../../support/eventually';

jest.setTimeout(30_000);

/**
 * The list cache's engine against the real Redis: one load per miss, bytes as stored, invalidation
 * across processes, freshness by the application's clock (here one pinned clock the tests advance).
 */
describe('HotJsonCache (slip lists, top games)', () => {
  const namespace = `test-hot-${randomBytes(4).toString('hex')}`;
  const open: HotJsonCache[] = [];
  let nowMs = Date.parse('2026-11-23T12:00:00+03:00');
  const clock: Clock = { now: () => new Date(nowMs) };
  const make = async (ttlSeconds = 5): Promise<HotJsonCache> => {
    const c = new HotJsonCache({
      redisUrl: TEST_REDIS_URL,
      namespace,
      ttlSeconds,
      name: 'test',
      clock,
    });
    await c.listen();
    open.push(c);
    return c;
  };
  afterAll(async () => {
    await open[0]?.clear();
    open.forEach((c) => c.close());
  });

  it('loads once for concurrent misses, returns the JSON bytes and never caches an error', async () => {
    const cache = await make();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 50));
      return { slips: [{ id: 1, price: 100 }] };
    };
    const bodies = await Promise.all(Array.from({ length: 20 }, () => cache.json('a', load)));
    expect(loads).toBe(1);
    expect(
      bodies.every(
        (b) => Buffer.isBuffer(b) && b.toString() === '{"slips":[{"id":1,"price":100}]}',
      ),
    ).toBe(true);
    await expect(cache.json('bad', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect((await cache.json('bad', async () => ({ ok: true }))).toString()).toBe('{"ok":true}');
  });

  it("shares entries through Redis and drops every process's copy on clear()", async () => {
    const a = await make();
    const b = await make();
    await a.json('shared', async () => ({ v: 1 }));
    expect((await b.json('shared', async () => ({ v: 2 }))).toString()).toBe('{"v":1}');
    await b.clear();
    // a hears b's clear through pub/sub (its in-process copy would otherwise live 5 s).
    const seen = await eventually(
      async () => {
        const body = (await a.json('shared', async () => ({ v: 3 }))).toString();
        return body !== '{"v":1}' && body;
      },
      { timeoutMs: 5000, intervalMs: 20, what: "b's clear() to reach a" },
    );
    expect(seen).toBe('{"v":3}');
  });

  it('serves an entry that just expired while it reloads, then the new value', async () => {
    // An entry is served stale for one TTL after it expires (by the clock: its Redis copy says
    // when it stops being fresh, whatever the key's Redis expiry).
    const cache = await make(2);
    await cache.json('swr', async () => ({ v: 'old' }));
    nowMs += 2_000;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const stale = await cache.json('swr', async () => {
      await gate;
      return { v: 'new' };
    });
    expect(stale.toString()).toBe('{"v":"old"}');
    release();
    // Until the reload has stored its value the stale copy is served; then the new one — never a
    // second load ('other') while the first is under way. Polled: on a busy machine the store
    // (a Redis MULTI) can take longer than any fixed wait.
    const seen = new Set<string>();
    const value = await eventually(
      async () => {
        const body = (await cache.json('swr', async () => ({ v: 'other' }))).toString();
        seen.add(body);
        return body === '{"v":"new"}' && body;
      },
      { timeoutMs: 5000, intervalMs: 20, what: 'the reloaded value' },
    );
    expect(value).toBe('{"v":"new"}');
    expect([...seen].every((v) => v === '{"v":"old"}' || v === '{"v":"new"}')).toBe(true);
  });

  it("keeps 701 pages in process (no thrash of a deep-page crawl), counts its hits, and ties each body to its entry's freshness", async () => {
    const cache = await make(60); // long enough for both passes on a busy machine
    const names = Array.from({ length: 701 }, (_, i) => `page:${200 + i}`);
    const start = nowMs;
    for (const name of names)
      await cache.json(name, async () => ({ page: name, filler: 'x'.repeat(10_000) }));
    const before = cache.stats();
    let loads = 0;
    for (const name of names) {
      const body = await cache.json(name, async () => {
        loads += 1;
        return { page: name };
      });
      const until = freshUntilOf(body);
      expect(until).toBeGreaterThan(start);
      expect(until).toBeLessThanOrEqual(nowMs + 60_000);
    }
    expect(loads).toBe(0);
    const after = cache.stats();
    expect(after.localHits - before.localHits).toBe(701);
    expect(after.entries).toBe(701);
    expect(after.bytes).toBeGreaterThan(701 * 10_000);
    expect(freshUntilOf(Buffer.from('{}'))).toBeUndefined();
  });

  it("keeps each entry's fresh-until in Redis: another process reloads it once the clock passes that, though the key lives on", async () => {
    const a = await make(5);
    const b = await make(5);
    await a.json('until', async () => ({ v: 'first' }));
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const raw = await redis.getBuffer(`${namespace}:list:until`);
      expect(decodeRedisEntry(raw!)).toEqual({
        body: Buffer.from('{"v":"first"}'),
        freshUntil: nowMs + 5_000,
      });
      expect((await b.json('until', async () => ({ v: 'b' }))).toString()).toBe('{"v":"first"}'); // from Redis
      nowMs += 10_001; // past fresh-until and its stale window, long before Redis expires the key
      const c = await make(5);
      expect((await c.json('until', async () => ({ v: 'second' }))).toString()).toBe(
        '{"v":"second"}',
      );
      expect((await b.json('until', async () => ({ v: 'third' }))).toString()).toBe(
        '{"v":"second"}',
      ); // b's copy expired; c's entry from Redis
      // A value without fresh-until (written before it was stored) is a miss.
      await redis.set(`${namespace}:list:legacy`, '{"v":"legacy"}', 'PX', 5_000);
      expect((await c.json('legacy', async () => ({ v: 'loaded' }))).toString()).toBe(
        '{"v":"loaded"}',
      );
    } finally {
      redis.disconnect();
    }
  });
});
