import { jackpotSeedStep, PLATFORM_USERNAME, seedJackpots } from '../../../src/seed/jackpot.seed';
import { SEED_STEPS } from '../../../src/seed/seed-steps';
import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';

/** Seed step 'jackpots' (docs/PRODUCT-RULES.md "Jackpots"): this week's four jackpots on real upcoming fixtures, idempotent. */
describe('jackpot seed', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let first: string;

  beforeAll(async () => {
    data = dataDirWith([
      'E0-2025-26.csv',
      'SP1-2025-26.csv',
      'D1-2025-26.csv',
      'I1-2025-26.csv',
      'F1-2025-26.csv',
      'E1-2025-26.csv',
    ]);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    first = await seedJackpots(t.app);
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  it('runs after the demo marketplace', () => {
    const names = SEED_STEPS.map((s) => s.name);
    expect(names.indexOf(jackpotSeedStep.name)).toBe(names.indexOf('demo-marketplace') + 1);
  });

  it('makes the four current jackpots: 17/15 Mega games, 13 Mid Week, realistic Ksh prices, owned by the platform admin', async () => {
    expect(first).toBe(
      '4 jackpots: SP MG (17 games), SP MW (13 games), BT MG (15 games), BT MW (13 games)',
    );
    const res = await t.request('GET', '/api/jackpot/get-all-jackpots');
    expect(
      res.body.data.map(
        (j: { company: string; type: string; title: string; slip: { tips: unknown[] } }) => [
          j.company,
          j.type,
          j.title,
          j.slip.tips.length,
        ],
      ),
    ).toEqual([
      ['SP', 'MG', 'SportPesa Mega Jackpot', 17],
      ['SP', 'MW', 'SportPesa Mid Week Jackpot', 13],
      ['BT', 'MG', 'Betika Mega Jackpot', 15],
      ['BT', 'MW', 'Betika Mid Week Jackpot', 13],
    ]);
    for (const j of res.body.data) {
      expect(Number(j.price)).toBeGreaterThanOrEqual(99);
      expect(Number(j.price)).toBeLessThanOrEqual(299);
      expect(j.todaysOdd).toBe(j.slip.accumulator);
      expect(j.slip.user.username).toBe(PLATFORM_USERNAME);
      expect(j.next_match).not.toBeNull();
    }
    const [owner] = await t.ds.query(`SELECT role FROM app_user WHERE username = $1`, [
      PLATFORM_USERNAME,
    ]);
    expect(owner.role).toBe('admin');
  });

  it('picks the favourite (lowest 1X2 odd) on upcoming fixtures of this replayed week', async () => {
    const frame = await t.get(ReplayClock).frame();
    const [v] = await t.ds.query(
      `SELECT count(*)::int AS tips,
              count(*) FILTER (WHERE f.kickoff <= $1 OR f.kickoff > $1::timestamptz + interval '7 days' OR f.status <> 'NS')::int AS outside,
              count(*) FILTER (WHERE t.market_id NOT IN (1, 2, 3)
                OR t.odd > (SELECT min(o.odd) FROM fixture_odds o WHERE o.fixture_id = t.fixture_id AND o.market_id IN (1, 2, 3)))::int AS not_favourite,
              count(DISTINCT t.fixture_id)::int AS fixtures
         FROM jackpot j JOIN tip t ON t.slip_id = j.slip_id JOIN fixture f ON f.id = t.fixture_id`,
      [frame.dataNow],
    );
    expect(v).toEqual({ tips: 58, outside: 0, not_favourite: 0, fixtures: 58 });
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await t.ds.query(`SELECT id, slip_id, title FROM jackpot ORDER BY id`);
    const slips = await t.ds.query(`SELECT count(*)::int AS n FROM slip`);
    expect(await seedJackpots(t.app)).toBe('current jackpots exist, nothing to do');
    expect(await t.ds.query(`SELECT id, slip_id, title FROM jackpot ORDER BY id`)).toEqual(before);
    expect(await t.ds.query(`SELECT count(*)::int AS n FROM slip`)).toEqual(slips);
  });
});
