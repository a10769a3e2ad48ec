import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { ResultSyncService } from '../../../src/modules/fixtures/result-sync.service';
import { FixtureEvents } from '../../../src/modules/fixtures/fixture-events';
import { SlipEvents, SlipSettled } from '../../../src/modules/slip/slip-events';
import { SlipSettlementService } from '../../../src/modules/slip/slip-settlement.service';
import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/** Every object in a JSON value that has a `tips` array (a slip). */
const slipsIn = (value: unknown): { slip_result: unknown; tips: Record<string, unknown>[] }[] => {
  if (Array.isArray(value)) return value.flatMap(slipsIn);
  if (!value || typeof value !== 'object') return [];
  const o = value as Record<string, unknown>;
  const own = Array.isArray(o.tips) ? [o as never] : [];
  return [...own, ...Object.values(o).flatMap(slipsIn)];
};

describe('slip lists, pick gating and settlement', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let tipster: CreatedUser;
  let buyer: CreatedUser;
  let early: TippableGame[];
  let late: TippableGame;
  let slipId: number;
  let otherSlipId: number;
  let offsetMs: number;
  const settledEvents: SlipSettled[] = [];
  const shownEnd = (g: TippableGame, extraMin = 125) =>
    new Date(g.kickoff.getTime() + offsetMs + extraMin * 60_000).toISOString();

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    offsetMs = (await t.get(ReplayClock).frame()).offsetMs;
    const games = await tippableGames(t.ds, DATA_NOW, 40);
    early = games.slice(0, 2);
    late = games.find((g) => g.kickoff.getTime() >= games[1].kickoff.getTime() + 24 * 3600_000)!;
    expect(early).toHaveLength(2);
    expect(late).toBeDefined();
    for (const g of [...early, late]) await setOdd(t.ds, g.id, 1, '2.00');
    tipster = await createUser(t.ds, { username: 'otieno_tips' });
    buyer = await createUser(t.ds);
    slipId = (await publishSlip(t, tipster.user.id, [...early, late], { amount: 200 })).id;
    const rest = games.filter((g) => ![...early, late].includes(g)).slice(-3);
    otherSlipId = (await publishSlip(t, tipster.user.id, rest, { marketId: 4 })).id;
    t.get(SlipEvents).onSettled((e) => void settledEvents.push(e));
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  const PUBLIC_ENDPOINTS = () => [
    '/v2/api/slip/data/',
    '/v2/api/slip/data/?p=1',
    '/v2/api/slip/data',
    '/v2/api/slip/data/?username=otieno_tips',
    '/v2/api/slip/data/?home=1',
    '/v2/api/slip/data/?top=1',
    `/v2/api/slip/data/?tips=1&home_team=${encodeURIComponent(early[0].name.split(' v ')[0])}`,
    `/v2/api/slip/data/?away_team=${encodeURIComponent(late.name.split(' v ')[1])}`,
    '/v2/api/slip/data/finished/',
    '/v2/api/slip/data/finished/?username=otieno_tips',
    '/api/home/active',
    '/api/home/finished',
    `/api/slip/get/${slipId}`,
    `/api/slip/get/${otherSlipId}`,
    '/api/account/profile/otieno_tips',
    '/v2/api/tipster/data/?all=1',
  ];

  describe('before settlement', () => {
    it('no public endpoint shows a market_type or odd of an unfinished slip (visitor and other user)', async () => {
      let seen = 0;
      for (const url of PUBLIC_ENDPOINTS()) {
        for (const token of [undefined, buyer.token]) {
          const res = await t.request('GET', url, { token });
          expect([200]).toContain(res.status);
          for (const slip of slipsIn(res.body)) {
            if (slip.slip_result !== null) continue;
            seen += 1;
            for (const tip of slip.tips) {
              expect(tip).not.toHaveProperty('market_type');
              expect(tip).not.toHaveProperty('odd');
            }
          }
        }
      }
      expect(seen).toBeGreaterThan(10);
    });

    it('shows the slip card fields: teams, kick-off, league, total odds, price, tipster', async () => {
      const res = await t.request('GET', `/api/slip/get/${slipId}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: slipId,
        price: 200,
        price_ng: expect.any(Number),
        accumulator: '8.00',
        jackpot: false,
        slip_result: null,
        user: { username: 'otieno_tips' },
        meta: { rating: 0, profile_image: null },
      });
      expect(res.body.tips).toHaveLength(3);
      expect(res.body.tips[0]).toEqual({
        home_team: early[0].name.split(' v ')[0],
        away_team: early[0].name.split(' v ')[1],
        game_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+03:00$/),
        league: 'English Premier League',
        game_result: null,
        fixture: Number(early[0].id),
        result: null,
      });
    });

    it('shows the tipster their own picks with account=1, and needs a token for it', async () => {
      const own = await t.request('GET', '/v2/api/slip/data/?account=1', { token: tipster.token });
      expect(own.status).toBe(200);
      expect(own.body.results.map((s: { id: number }) => s.id)).toEqual([otherSlipId, slipId]);
      const mine = own.body.results.find((s: { id: number }) => s.id === slipId);
      expect(
        mine.tips.map((tp: { market_type: number; odd: string }) => [tp.market_type, tp.odd]),
      ).toEqual([
        [1, '2.00'],
        [1, '2.00'],
        [1, '2.00'],
      ]);
      expect((await t.request('GET', '/v2/api/slip/data/?account=1')).status).toBe(401);
      const other = await t.request('GET', '/v2/api/slip/data/?account=1', { token: buyer.token });
      expect(other.body).toEqual({ results: [], next: null, previous: null, num_pages: 1 });
    });

    it('filters by team and pages with bad-input answers', async () => {
      const home = early[0].name.split(' v ')[0];
      const res = await t.request(
        'GET',
        `/v2/api/slip/data/?home_team=${encodeURIComponent(home.toUpperCase())}`,
      );
      expect(res.body.results.map((s: { id: number }) => s.id)).toEqual([slipId]);
      expect(
        (await t.request('GET', '/v2/api/slip/data/?home_team=Nobody%20FC')).body.results,
      ).toEqual([]);
      expect((await t.request('GET', '/v2/api/slip/data/?p=abc')).status).toBe(400);
      expect((await t.request('GET', '/v2/api/slip/data/?p=-1')).status).toBe(400);
      expect((await t.request('GET', '/v2/api/slip/data/?p=0')).status).toBe(400);
      expect(await t.request('GET', '/v2/api/slip/data/?p=2')).toMatchObject({
        status: 404,
        body: { message: 'Invalid page' },
      });
      expect((await t.request('GET', '/v2/api/slip/data/finished/?p=2')).status).toBe(404);
      expect((await t.request('GET', '/v2/api/slip/data/?username=nobody_here')).status).toBe(404);
      expect((await t.request('GET', '/api/slip/get/999999')).status).toBe(404);
      expect((await t.request('GET', '/api/slip/get/abc')).status).toBe(404);
    });

    it('pages 10 a slip with absolute next and previous URLs', async () => {
      const many = (await tippableGames(t.ds, DATA_NOW, 40)).slice(-3);
      for (let i = 0; i < 5; i++) {
        const u = await createUser(t.ds);
        await publishSlip(t, u.user.id, many, { marketId: 4 });
        await publishSlip(t, u.user.id, many, { marketId: 4 });
      }
      const p1 = await t.request('GET', '/v2/api/slip/data/?username=');
      expect(p1.body.results).toHaveLength(10);
      expect(p1.body.num_pages).toBe(2);
      expect(p1.body.previous).toBeNull();
      expect(p1.body.next).toBe(`${t.baseUrl}/v2/api/slip/data/?username=&p=2`);
      const p2 = await t.request('GET', '/v2/api/slip/data/?p=2');
      expect(p2.body.results).toHaveLength(2);
      expect(p2.body.next).toBeNull();
      expect(p2.body.previous).toBe(`${t.baseUrl}/v2/api/slip/data/?p=1`);
      const home = await t.request('GET', '/v2/api/slip/data/?home=1');
      expect(home.body.results).toHaveLength(12);
      expect((await t.request('GET', '/api/home/active')).body.slips).toHaveLength(12);
    });
  });

  describe('settlement', () => {
    it('does not settle while the last game is undecided', async () => {
      pinClock(t, shownEnd(early[1]));
      await t.get(ResultSyncService).syncResults();
      const [decided] = await t.ds.query(`SELECT finished_at FROM fixture WHERE id = $1`, [
        early[1].id,
      ]);
      expect(decided.finished_at).not.toBeNull();
      const [slip] = await t.ds.query(`SELECT slip_result FROM slip WHERE id = $1`, [slipId]);
      expect(slip.slip_result).toBeNull();
      expect(await t.get(SlipSettlementService).settleSlip(slipId)).toBeNull();
      expect(settledEvents).toEqual([]);
    });

    it('settles once the last game is decided, from the real scores, and emits slip.settled', async () => {
      pinClock(t, shownEnd(late));
      await t.get(ResultSyncService).syncResults();
      const tips = await t.ds.query(
        `SELECT fixture_id::text, result FROM tip WHERE slip_id = $1 ORDER BY position`,
        [slipId],
      );
      const expected = [...early, late].map((g) => (g.homeGoals > g.awayGoals ? 'W' : 'L'));
      expect(tips.map((r: { result: string }) => r.result)).toEqual(expected);
      const result = expected.includes('L') ? 'L' : 'W';
      const [slip] = await t.ds.query(
        `SELECT slip_result, settled_accumulator::text AS acc FROM slip WHERE id = $1`,
        [slipId],
      );
      expect(slip).toEqual({ slip_result: result, acc: '8.00' });
      expect(settledEvents.filter((e) => e.slipId === slipId)).toEqual([
        expect.objectContaining({ slipId, userId: tipster.user.id, result, accumulator: '8.00' }),
      ]);
      const [stat] = await t.ds.query(
        `SELECT tips, won, lost, profit::text, rating::text FROM tipster_stat WHERE user_id = $1`,
        [tipster.user.id],
      );
      expect(stat).toEqual({
        tips: 2,
        won: result === 'W' ? 1 : 0,
        lost: result === 'L' ? 1 : 0,
        profit: result === 'W' ? '7.00' : '-1.00',
        rating: result === 'W' ? '100.00' : '0.00',
      });
    });

    it('changes nothing when the event is replayed or the sweep runs again', async () => {
      const before = await t.ds.query(`SELECT * FROM tipster_stat ORDER BY user_id`);
      const slipsBefore = await t.ds.query(
        `SELECT id, slip_result, settled_at FROM slip ORDER BY id`,
      );
      await t.get(FixtureEvents).emitFinished([
        {
          fixtureId: late.id,
          status: 'FT',
          ft: { home: late.homeGoals, away: late.awayGoals },
          ht: null,
        },
      ]);
      await t.get(SlipSettlementService).sweep();
      expect(await t.get(SlipSettlementService).settleSlip(slipId)).toBeNull();
      expect(await t.ds.query(`SELECT * FROM tipster_stat ORDER BY user_id`)).toEqual(before);
      expect(await t.ds.query(`SELECT id, slip_result, settled_at FROM slip ORDER BY id`)).toEqual(
        slipsBefore,
      );
      expect(settledEvents.filter((e) => e.slipId === slipId)).toHaveLength(1);
    });

    it('shows the settled slip with picks, odds and results in the finished lists', async () => {
      const res = await t.request('GET', '/v2/api/slip/data/finished/?username=otieno_tips');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 1, next: null, num_pages: 1 });
      const [slip] = res.body.results;
      expect(slip.id).toBe(slipId);
      expect(slip.tips[0]).toMatchObject({
        market_type: 1,
        odd: '2.00',
        result: expect.stringMatching(/^[WL]$/),
        game_result: `${early[0].homeGoals}-${early[0].awayGoals}`,
      });
      expect(
        (await t.request('GET', '/api/home/finished')).body.slips.map((s: { id: number }) => s.id),
      ).toContain(slipId);
      const active = await t.request('GET', '/v2/api/slip/data/?username=otieno_tips');
      expect(active.body.results.map((s: { id: number }) => s.id)).toEqual([otherSlipId]);
    });

    it('fills the account profile figures', async () => {
      const res = await t.request('GET', '/api/account/profile/otieno_tips');
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).toContain(String(slipId));
    });
  });
});
