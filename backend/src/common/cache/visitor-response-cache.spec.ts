import {
  ANONYMOUS_URL_MAX,
  ANONYMOUS_URL_TTL_MS,
  VisitorResponseCache,
} from './visitor-response-cache';

const entry = (text: string, tag: number | string = 1) => ({
  body: Buffer.from(text),
  contentType: 'application/json; charset=utf-8',
  headers: {},
  tag,
});

describe('VisitorResponseCache', () => {
  let now: number;
  let cache: VisitorResponseCache;
  beforeEach(() => {
    now = 1_000_000;
    cache = new VisitorResponseCache(() => now, ANONYMOUS_URL_TTL_MS, ANONYMOUS_URL_MAX);
  });

  it('answers a URL for ANONYMOUS_URL_TTL_MS, then no more', () => {
    cache.set('/a?p=1', entry('x'));
    now += ANONYMOUS_URL_TTL_MS - 1;
    expect(cache.get('/a?p=1', 1)?.body.toString()).toBe('x');
    now += 1;
    expect(cache.get('/a?p=1', 1)).toBeUndefined();
  });

  it('answers only at the tag it was stored with, and only the exact URL', () => {
    cache.set('/a?p=1', entry('x', '3:29000000'));
    expect(cache.get('/a?p=1', '3:29000000')).toBeDefined();
    expect(cache.get('/a?p=1', '4:29000000')).toBeUndefined();
    expect(cache.get('/a?p=1', '3:29000001')).toBeUndefined();
    expect(cache.get('/a?p=2', '3:29000000')).toBeUndefined();
    expect(cache.get('/a', '3:29000000')).toBeUndefined();
  });

  it(`keeps at most ${ANONYMOUS_URL_MAX} URLs, dropping the oldest stored first`, () => {
    for (let i = 0; i <= ANONYMOUS_URL_MAX; i++) cache.set(`/a?n=${i}`, entry(String(i)));
    expect(cache.size).toBe(ANONYMOUS_URL_MAX);
    expect(cache.get('/a?n=0', 1)).toBeUndefined();
    expect(cache.get('/a?n=1', 1)?.body.toString()).toBe('1');
    expect(cache.get(`/a?n=${ANONYMOUS_URL_MAX}`, 1)?.body.toString()).toBe(
      String(ANONYMOUS_URL_MAX),
    );
    // Storing a URL again makes it the newest: /a?n=1 outlives /a?n=2.
    cache.set('/a?n=1', entry('again'));
    cache.set('/a?n=new', entry('new'));
    expect(cache.get('/a?n=2', 1)).toBeUndefined();
    expect(cache.get('/a?n=1', 1)?.body.toString()).toBe('again');
  });

  it('keeps a copy exactly as long as the data it came from is fresh, when the bytes say so', () => {
    cache.set('/a?p=900', entry('x'), now + 4_000);
    now += 3_999;
    expect(cache.get('/a?p=900', 1)?.body.toString()).toBe('x');
    now += 1;
    expect(cache.get('/a?p=900', 1)).toBeUndefined();
    // A copy of bytes served stale (their entry already expired) never answers.
    cache.set('/a?p=901', entry('y'), now - 1);
    expect(cache.get('/a?p=901', 1)).toBeUndefined();
  });

  it('counts hits and misses, and bounds the bytes it keeps', () => {
    const small = new VisitorResponseCache(() => now, ANONYMOUS_URL_TTL_MS, 100, 10);
    small.set('/a', entry('12345'));
    small.set('/b', entry('12345'));
    small.set('/c', entry('12345'));
    expect(small.get('/a', 1)).toBeUndefined();
    expect(small.get('/b', 1)).toBeDefined();
    expect(small.get('/c', 1)).toBeDefined();
    expect(small.stats()).toEqual({ hits: 2, misses: 1, hitRate: 2 / 3, entries: 2, bytes: 10 });
  });
});
