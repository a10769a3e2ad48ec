import { PROFILE_CACHE_SIZE, ProfileCache } from './profile-cache';

describe('ProfileCache', () => {
  let now = 0;
  let generation = 1;
  const cache = () =>
    new ProfileCache<string>(
      () => generation,
      () => now,
    );
  const loader = (value: string, freshForMs = 0) => jest.fn(async () => ({ value, freshForMs }));

  beforeEach(() => {
    now = 1_000_000;
    generation = 1;
  });

  it('serves a value for its freshness, clamped to 5-60 s, then loads again', async () => {
    const c = cache();
    const load = loader('a', 20_000);
    expect(await c.get('k', load)).toBe('a');
    now += 19_999;
    expect(await c.get('k', load)).toBe('a');
    expect(load).toHaveBeenCalledTimes(1);
    now += 1;
    await c.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
    const short = loader('b', 0); // a live game: still 5 s
    await c.get('s', short);
    now += 4_999;
    await c.get('s', short);
    expect(short).toHaveBeenCalledTimes(1);
    const long = loader('c', Infinity); // every game decided: at most 60 s
    await c.get('l', long);
    now += 60_000;
    await c.get('l', long);
    expect(long).toHaveBeenCalledTimes(2);
  });

  it('loads again once the lists generation changed (publish, settlement)', async () => {
    const c = cache();
    const load = loader('a', 60_000);
    await c.get('k', load);
    generation += 1;
    await c.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent misses, and keeps no failure', async () => {
    const c = cache();
    const load = loader('a', 60_000);
    expect(await Promise.all([c.get('k', load), c.get('k', load)])).toEqual(['a', 'a']);
    expect(load).toHaveBeenCalledTimes(1);
    const failing = jest
      .fn()
      .mockRejectedValueOnce(new Error('db down'))
      .mockResolvedValue({ value: 'ok', freshForMs: 60_000 });
    await expect(c.get('f', failing)).rejects.toThrow('db down');
    expect(await c.get('f', failing)).toBe('ok');
  });

  it(`keeps at most ${PROFILE_CACHE_SIZE} entries, dropping the oldest`, async () => {
    const c = cache();
    for (let i = 0; i <= PROFILE_CACHE_SIZE; i++) await c.get(`k${i}`, loader(`v${i}`, 60_000));
    const first = loader('again', 60_000);
    expect(await c.get('k0', first)).toBe('again');
    const last = loader('again', 60_000);
    expect(await c.get(`k${PROFILE_CACHE_SIZE}`, last)).toBe(`v${PROFILE_CACHE_SIZE}`);
  });
});
