import { GroupCommit } from './group-commit';

const tick = () => new Promise((r) => setImmediate(r));

describe(GroupCommit.name, () => {
  const make = (
    overrides: Partial<ConstructorParameters<typeof GroupCommit<number, string>>[0]> = {},
  ) => {
    const batches: number[][] = [];
    const singles: number[] = [];
    let running = 0;
    let maxRunning = 0;
    const group = new GroupCommit<number, string>({
      name: 'test',
      maxBatch: 3,
      maxInFlight: 2,
      runBatch: async (items) => {
        batches.push(items);
        running++;
        maxRunning = Math.max(maxRunning, running);
        await tick();
        running--;
        return items.map((i) => (i < 0 ? new Error(`bad ${i}`) : `ok ${i}`));
      },
      single: async (i) => {
        singles.push(i);
        if (i === 13) throw new Error('13 fails alone too');
        return `alone ${i}`;
      },
      ...overrides,
    });
    return { group, batches, singles, maxRunning: () => maxRunning };
  };

  it('puts items submitted together into batches of at most maxBatch, at most maxInFlight at once', async () => {
    const { group, batches, maxRunning } = make();
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => group.submit(i)));
    expect(results).toEqual(['ok 1', 'ok 2', 'ok 3', 'ok 4', 'ok 5', 'ok 6', 'ok 7']);
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(maxRunning()).toBe(2);
  });

  it('applies a lone item at once, in a batch of one', async () => {
    const { group, batches } = make();
    expect(await group.submit(9)).toBe('ok 9');
    expect(batches).toEqual([[9]]);
  });

  it('rejects only the item whose result is an Error', async () => {
    const { group } = make();
    const results = await Promise.allSettled([group.submit(1), group.submit(-2), group.submit(3)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual([
      'ok 1',
      'Error: bad -2',
      'ok 3',
    ]);
  });

  it('applies every item of a failed batch alone; one that fails alone rejects alone', async () => {
    const { group, singles } = make({
      runBatch: async () => {
        throw new Error('transaction failed');
      },
    });
    const results = await Promise.allSettled([
      group.submit(12),
      group.submit(13),
      group.submit(14),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual([
      'alone 12',
      'Error: 13 fails alone too',
      'alone 14',
    ]);
    expect(singles.sort()).toEqual([12, 13, 14]);
  });
});
