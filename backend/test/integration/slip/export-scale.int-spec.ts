import { execFile } from 'node:child_process';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { createTestContext, TestContext } from '../../setup/test-app';

/**
 * The export streams (docs/PERFORMANCE.md "Public export"): EXPORT_SCALE_SLIPS finished slips of 3
 * legs (20,000 by default; 200,000 for the recorded figure) are read through a real socket while
 * the server's resident memory is sampled; it must grow by less than 100 MB, so the rows are never
 * all held in memory.
 */
jest.setTimeout(900_000);

const SLIPS = Number(process.env.EXPORT_SCALE_SLIPS ?? 20_000);

describe('export at scale: streamed, bounded memory', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      listen: true,
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, '2026-11-23T12:00:00+03:00', '2026-11-23');
    await importFixtures(t);
    const user = await createUser(t.ds, { username: 'scale_tipster' });
    const fixtures: { id: string }[] = await t.ds.query(
      `SELECT id::text FROM fixture ORDER BY id LIMIT 60`,
    );
    await t.ds.query(
      `INSERT INTO slip (user_id, price_ksh, accumulator, slip_result, settled_accumulator, settled_at, date_created)
       SELECT $1, 100, 6.86, CASE WHEN g % 3 = 0 THEN 'W' ELSE 'L' END, 6.86, '2026-11-23T10:00:00Z',
              timestamptz '2026-01-01T00:00:00Z' + g * interval '1 minute'
         FROM generate_series(1, $2) g`,
      [user.user.id, SLIPS],
    );
    await t.ds.query(
      `INSERT INTO tip (slip_id, fixture_id, market_id, odd, position, result)
       SELECT s.id, ($2::bigint[])[1 + (s.id * 3 + p) % array_length($2::bigint[], 1)], 1 + p, 1.90, p, CASE WHEN p = 0 THEN 'W' ELSE 'L' END
         FROM slip s CROSS JOIN generate_series(0, 2) p WHERE s.user_id = $1`,
      [user.user.id, fixtures.map((f) => f.id)],
    );
    await t.ds.query(`ANALYZE slip; ANALYZE tip`); // planner statistics, as autovacuum keeps them in production
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  it(`streams ${SLIPS} finished slips as CSV with the server's memory growing under 100 MB`, async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = Date.now();
    // The reader is another process (curl), so only the server's memory is measured here.
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        'sh',
        ['-c', `curl -sS --fail '${t.baseUrl}/api/export/slips.csv' | wc -l`],
        (err, stdout) =>
          err ? reject(new Error(`curl failed: ${err.message}`, { cause: err })) : resolve(stdout),
      ),
    );
    const lines = Number(out.trim());
    clearInterval(sampler);
    const growthMb = (peak - before) / 2 ** 20;
    global.gc?.();
    const heap = process.memoryUsage();
    process.stdout.write(
      `after gc: heapUsed ${(heap.heapUsed / 2 ** 20).toFixed(1)} MB rss ${(heap.rss / 2 ** 20).toFixed(1)} MB (before ${(before / 2 ** 20).toFixed(1)} MB)\n`,
    );
    // Figures for docs/PERFORMANCE.md.
    process.stdout.write(
      `export ${SLIPS} slips: ${lines} CSV lines in ${Date.now() - started} ms, RSS growth ${growthMb.toFixed(1)} MB\n`,
    );
    expect(lines).toBe(1 + SLIPS * 3);
    expect(growthMb).toBeLessThan(100);
  });
});
