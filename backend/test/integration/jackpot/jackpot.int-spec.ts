import { sha256Hex } from '../../../src/modules/slip/domain/slip-commitment';
import { ResultSyncService } from '../../../src/modules/fixtures/result-sync.service';
import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { JackpotError } from '../../../src/modules/jackpot/jackpot.errors';
import { JackpotInput, JackpotService } from '../../../src/modules/jackpot/jackpot.service';
import { SlipSettlementService } from '../../../src/modules/slip/slip-settlement.service';
import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/**
 * Keys of a tip as a visitor sees it before settlement (docs/PRODUCT-RULES.md R12, R114: no
 * market_type, no odd).
 */
const HIDDEN_TIP_KEYS = [
  'away_team',
  'fixture',
  'game_date',
  'game_result',
  'home_team',
  'league',
  'result',
];

/**
 * Jackpots (docs/PRODUCT-RULES.md "Jackpots"): JackpotService builds the jackpot slip from
 * server-quoted odds; GET /api/jackpot/get-all-jackpots answers the frontend's Jackpot shape with
 * picks hidden until settlement; jackpot slips stay out of the tipster lists and settle like any
 * slip.
 */
describe('jackpots: creation, public list, tipster lists, settlement', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let admin: CreatedUser;
  let games: TippableGame[];
  let offsetMs: number;
  let tipsterSlipId: number;

  const input = (
    over: Partial<JackpotInput> = {},
    gs: TippableGame[] = games.slice(0, 13),
  ): JackpotInput => ({
    company: 'SP',
    type: 'MG',
    title: 'SportPesa Mega Jackpot',
    description: 'This week',
    price: 199,
    tips: gs.map((g) => ({ game: g.id, market: 1 })),
    ...over,
  });
  const create = (i: JackpotInput, ownerId = admin.user.id) =>
    t.get(JackpotService).create(i, { ownerId });
  /** The JackpotError a create rejects with, as its HTTP body would read. */
  const failure = async (i: JackpotInput, ownerId?: number) => {
    const err = await create(i, ownerId).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(JackpotError);
    const e = err as JackpotError;
    return { status: e.status, message: e.message, game: e.extra.game };
  };
  const allJackpots = () => t.request('GET', '/api/jackpot/get-all-jackpots');

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv', 'SP1-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    offsetMs = (await t.get(ReplayClock).frame()).offsetMs;
    games = await tippableGames(t.ds, DATA_NOW, 45);
    expect(games).toHaveLength(45);
    for (const g of games) await setOdd(t.ds, g.id, 1, '1.50');
    admin = await createUser(t.ds, { role: 'admin', username: 'tips_desk' });
    const tipster = await createUser(t.ds, { username: 'wanjiku_tips' });
    tipsterSlipId = (await publishSlip(t, tipster.user.id, games.slice(40, 43))).id;
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  describe('creation rules (400 with a clear message, nothing stored)', () => {
    afterEach(async () => {
      expect(await t.ds.query(`SELECT count(*)::int AS n FROM jackpot`)).toEqual([{ n: 0 }]);
      expect(await t.ds.query(`SELECT count(*)::int AS n FROM slip WHERE jackpot`)).toEqual([
        { n: 0 },
      ]);
    });

    it('needs 10 to 17 games', async () => {
      expect(await failure(input({}, games.slice(0, 9)))).toEqual({
        status: 400,
        message: 'A jackpot needs at least 10 games',
        game: null,
      });
      expect(await failure(input({}, games.slice(0, 18)))).toEqual({
        status: 400,
        message: 'A jackpot has at most 17 games',
        game: null,
      });
      expect(await failure(input({ tips: 'x' as never }))).toMatchObject({
        status: 400,
        message: 'A jackpot needs at least 10 games',
      });
    });

    it('refuses a game twice, naming it', async () => {
      const tips = [...games.slice(0, 12), games[3]].map((g) => ({ game: g.id, market: 1 }));
      expect(await failure(input({ tips }))).toEqual({
        status: 400,
        message: 'Game already in slip',
        game: games[3].name,
      });
    });

    it('refuses a malformed tip and a price out of range', async () => {
      const tips = games.slice(0, 13).map((g, i) => ({ game: i === 5 ? 'abc' : g.id, market: 1 }));
      expect(await failure(input({ tips }))).toMatchObject({
        status: 400,
        message: 'Each tip needs a game and a market',
      });
      expect(await failure(input({ price: 20 }))).toMatchObject({
        status: 400,
        message: 'Price range Ksh. [50-1000]',
      });
      expect(await failure(input({ price: '199.50' }))).toMatchObject({
        status: 400,
        message: 'Price range Ksh. [50-1000]',
      });
    });

    it('refuses a game that has started, naming it', async () => {
      const started = games[44];
      await t.ds.query(`UPDATE fixture SET kickoff = kickoff - interval '400 days' WHERE id = $1`, [
        started.id,
      ]);
      try {
        expect(await failure(input({}, [...games.slice(0, 12), started]))).toEqual({
          status: 400,
          message: 'This game has already started',
          game: started.name,
        });
      } finally {
        await t.ds.query(
          `UPDATE fixture SET kickoff = kickoff + interval '400 days' WHERE id = $1`,
          [started.id],
        );
      }
    });

    it('refuses a market the fixture has no odd for, naming the game', async () => {
      const g = games[7];
      await t.ds.query(`DELETE FROM fixture_odds WHERE fixture_id = $1 AND market_id = 5`, [g.id]);
      const tips = games.slice(0, 13).map((x) => ({ game: x.id, market: x === g ? 5 : 1 }));
      expect(await failure(input({ tips }))).toEqual({
        status: 400,
        message: 'No odds for this market',
        game: g.name,
      });
    });

    it('needs an admin account as owner', async () => {
      const user = await createUser(t.ds);
      expect(await failure(input(), user.user.id)).toMatchObject({
        status: 400,
        message: 'A jackpot slip must belong to an admin account',
      });
    });
  });

  describe('public list', () => {
    let spMega: number;
    beforeAll(async () => {
      // Entered in a scrambled order: the list shows SP MG, SP MW, BT MG, BT MW.
      await create(
        input(
          { company: 'BT', type: 'MW', title: 'Betika Mid Week Jackpot', price: 99 },
          games.slice(13, 26),
        ),
      );
      spMega = (await create(input({ price: '299' }, games.slice(0, 17)))).slipId;
      await create(
        input(
          { company: 'SP', type: 'MW', title: 'SportPesa Mid Week Jackpot', price: 149 },
          games.slice(26, 39),
        ),
      );
    });

    it('answers {data} in the frontend Jackpot shape, picks and per-game odds hidden before settlement', async () => {
      const res = await allJackpots();
      expect(res.status).toBe(200);
      expect(
        res.body.data.map((j: { company: string; type: string }) => `${j.company} ${j.type}`),
      ).toEqual(['SP MG', 'SP MW', 'BT MW']);
      const [mega] = res.body.data;
      // The spec's fields plus `score` (docs/PRODUCT-RULES.md "Jackpots"), null while games remain.
      expect(Object.keys(mega).sort()).toEqual([
        'company',
        'description',
        'next_match',
        'price',
        'score',
        'slip',
        'title',
        'todaysOdd',
        'type',
      ]);
      expect(mega.score).toBeNull();
      // 1.5^17 = 985.26 (truncated), the slip's own accumulator.
      expect(mega).toMatchObject({
        company: 'SP',
        type: 'MG',
        todaysOdd: '985.26',
        price: '299.00',
        title: 'SportPesa Mega Jackpot',
        description: 'This week',
      });
      expect(mega.slip).toMatchObject({
        id: spMega,
        jackpot: true,
        accumulator: '985.26',
        price: 299,
        slip_result: null,
        user: { username: 'tips_desk' },
      });
      expect(mega.slip.tips).toHaveLength(17);
      // Committed to its picks like any published slip
      // (docs/PRODUCT-RULES.md "Records and responsible gambling").
      expect(mega.slip.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(mega.slip).not.toHaveProperty('salt');
      for (const tip of mega.slip.tips) expect(Object.keys(tip).sort()).toEqual(HIDDEN_TIP_KEYS);
      expect(mega.slip.tips.map((tip: { fixture: number }) => String(tip.fixture))).toEqual(
        games.slice(0, 17).map((g) => g.id),
      );
      // next_match: the earliest kick-off of its games, on the shown calendar, Nairobi time.
      const first = new Date(
        Math.min(...games.slice(0, 17).map((g) => g.kickoff.getTime())) + offsetMs,
      );
      expect(new Date(mega.next_match).getTime()).toBe(first.getTime());
      expect(mega.next_match).toMatch(/\+03:00$/);
    });

    it('hides picks from the owning admin too (the public list is the same for everyone)', async () => {
      const res = await t.request('GET', '/api/jackpot/get-all-jackpots', { token: admin.token });
      for (const j of res.body.data)
        for (const tip of j.slip.tips) expect(tip).not.toHaveProperty('market_type');
    });

    it('a new week jackpot replaces the previous one as current; the old one stays stored', async () => {
      const newer = await create(
        input(
          { company: 'BT', type: 'MW', title: 'Betika Mid Week Jackpot (week 2)', price: 99 },
          games.slice(26, 39),
        ),
      );
      const res = await allJackpots();
      const bt = res.body.data.filter((j: { company: string }) => j.company === 'BT');
      expect(bt).toHaveLength(1);
      expect(bt[0]).toMatchObject({
        title: 'Betika Mid Week Jackpot (week 2)',
        slip: { id: newer.slipId },
      });
      expect(
        await t.ds.query(
          `SELECT count(*)::int AS n, count(*) FILTER (WHERE is_current)::int AS current FROM jackpot WHERE company = 'BT'`,
        ),
      ).toEqual([{ n: 2, current: 1 }]);
    });

    it('keeps jackpot slips out of the tipster lists (active, home, own, by username)', async () => {
      const ids = (list: { id: number }[]) => list.map((s) => s.id);
      const active = await t.request('GET', '/v2/api/slip/data/');
      expect(ids(active.body.results)).toEqual([tipsterSlipId]);
      expect(ids((await t.request('GET', '/api/home/active')).body.slips)).toEqual([tipsterSlipId]);
      expect((await t.request('GET', '/v2/api/slip/data/?home=1')).body.results).toHaveLength(1);
      const own = await t.request('GET', '/v2/api/slip/data/?account=1', { token: admin.token });
      expect(own.body.results).toEqual([]);
      expect(
        (await t.request('GET', '/v2/api/slip/data/?username=tips_desk')).body.results,
      ).toEqual([]);
    });
  });

  describe('settlement', () => {
    it('settles jackpot slips like any slip; the list then shows picks and results; finished lists leave them out', async () => {
      const lastKickoff = Math.max(...games.slice(0, 43).map((g) => g.kickoff.getTime()));
      pinClock(t, new Date(lastKickoff + offsetMs + 130 * 60_000).toISOString());
      await t.get(ResultSyncService).syncResults();
      await t.get(SlipSettlementService).sweep();
      const unsettled = await t.ds.query(
        `SELECT count(*)::int AS n FROM slip WHERE jackpot AND slip_result IS NULL`,
      );
      expect(unsettled).toEqual([{ n: 0 }]);

      const res = await allJackpots();
      const [mega] = res.body.data;
      expect(mega.slip.slip_result).toMatch(/^[WLC]$/);
      expect(mega.next_match).toBeNull();
      expect(sha256Hex(mega.slip.commitment_input)).toBe(mega.slip.commitment);
      // The score counts the tips' results (void ones apart).
      const won = mega.slip.tips.filter((tip: { result: string }) => tip.result === 'W').length;
      const voids = mega.slip.tips.filter((tip: { result: string }) => tip.result === 'V').length;
      expect(mega.score).toBe(
        `${won}/${mega.slip.tips.length - voids}${voids ? ` (${voids} void)` : ''}`,
      );
      for (const tip of mega.slip.tips) {
        expect(tip).toMatchObject({
          market_type: 1,
          odd: '1.50',
          result: expect.stringMatching(/^[WLV]$/),
        });
      }
      // HOME WIN tips: W exactly when the home side won.
      const home = new Map(games.map((g) => [g.id, g.homeGoals > g.awayGoals ? 'W' : 'L']));
      for (const tip of mega.slip.tips)
        if (tip.result !== 'V') expect(tip.result).toBe(home.get(String(tip.fixture)));

      const finished = await t.request('GET', '/v2/api/slip/data/finished/');
      expect(finished.body.results.map((s: { id: number }) => s.id)).toEqual([tipsterSlipId]);
      expect(
        (await t.request('GET', '/api/home/finished')).body.slips.map((s: { id: number }) => s.id),
      ).toEqual([tipsterSlipId]);

      // The jackpot owner is no tipster: no statistics row, on neither leaderboard.
      const owners: { user_id: number }[] = await t.ds.query(
        `SELECT DISTINCT user_id FROM slip WHERE jackpot`,
      );
      const stats = await t.ds.query(`SELECT user_id FROM tipster_stat WHERE user_id = ANY($1)`, [
        owners.map((o) => o.user_id),
      ]);
      expect(stats).toEqual([]);
      const ownerNames: string[] = (
        await t.ds.query(`SELECT username FROM app_user WHERE id = ANY($1)`, [
          owners.map((o) => o.user_id),
        ])
      ).map((u: { username: string }) => u.username);
      for (const weekly of ['', '&weekly=1']) {
        const board = await t.request('GET', `/v2/api/tipster/data/?all=1${weekly}`);
        expect(board.status).toBe(200);
        expect(board.body.results.map((r: { username: string }) => r.username)).not.toEqual(
          expect.arrayContaining([ownerNames[0]]),
        );
      }
    });
  });
});
