import { ResultSyncService } from '../../../src/modules/fixtures/result-sync.service';
import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { JackpotInput, JackpotService } from '../../../src/modules/jackpot/jackpot.service';
import { SlipSettlementService } from '../../../src/modules/slip/slip-settlement.service';
import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/**
 * Jackpot scores and history (docs/PRODUCT-RULES.md "Jackpots") on replayed football-data seasons:
 * two rounds are played to the end (one with a game left without a result in the data, so void),
 * a third is still to be played. A scored round's `score` equals a hand count of its tips' results
 * and of the real scores; GET /api/jackpot/history lists the scored rounds newest first.
 */
describe('jackpot scores and history', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let admin: CreatedUser;
  let first: TippableGame[];
  let second: TippableGame[];
  let later: TippableGame[];
  let ids: { spPast: number; btPast: number; spNow: number };
  let voided: TippableGame;

  const input = (
    company: 'SP' | 'BT',
    type: 'MG' | 'MW',
    title: string,
    gs: TippableGame[],
  ): JackpotInput => ({
    company,
    type,
    title,
    price: 199,
    tips: gs.map((g) => ({ game: g.id, market: 1 })),
  });
  /** HOME WIN tips: W when the home side won, else L (void games left out). */
  const handScore = (gs: TippableGame[], voids: TippableGame[] = []) => {
    const counted = gs.filter((g) => !voids.includes(g));
    const won = counted.filter((g) => g.homeGoals > g.awayGoals).length;
    return `${won}/${counted.length}${voids.length ? ` (${voids.length} void)` : ''}`;
  };
  /** The score counted by hand from the tips' stored results. */
  const storedScore = async (jackpotId: number) => {
    const [r] = await t.ds.query(
      `SELECT count(*) FILTER (WHERE t.result = 'W')::int AS won, count(*) FILTER (WHERE t.result IN ('W', 'L'))::int AS counted,
              count(*) FILTER (WHERE t.result = 'V')::int AS void, count(*) FILTER (WHERE t.result IS NULL)::int AS open
         FROM jackpot j JOIN tip t ON t.slip_id = j.slip_id WHERE j.id = $1`,
      [jackpotId],
    );
    return r as { won: number; counted: number; void: number; open: number };
  };
  const history = (query = '') => t.request('GET', `/api/jackpot/history${query}`);

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv', 'SP1-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    const offsetMs = (await t.get(ReplayClock).frame()).offsetMs;
    const games = await tippableGames(t.ds, DATA_NOW, 30);
    expect(games).toHaveLength(30);
    first = games.slice(0, 17);
    second = games.slice(17, 30);
    const lastKickoff = Math.max(...games.map((g) => g.kickoff.getTime()));
    // Games of the round still to be played kick off well after the clock is moved below.
    later = await tippableGames(t.ds, new Date(lastKickoff + 24 * 3_600_000), 13);
    expect(later).toHaveLength(13);
    for (const g of [...games, ...later]) await setOdd(t.ds, g.id, 1, '1.50');
    admin = await createUser(t.ds, { role: 'admin', username: 'jackpot_desk' });
    const jackpots = t.get(JackpotService);
    const spPast = await jackpots.create(input('SP', 'MG', 'SportPesa Mega Jackpot', first), {
      ownerId: admin.user.id,
    });
    const btPast = await jackpots.create(input('BT', 'MW', 'Betika Mid Week Jackpot', second), {
      ownerId: admin.user.id,
    });
    const spNow = await jackpots.create(
      input('SP', 'MG', 'SportPesa Mega Jackpot (next week)', later),
      { ownerId: admin.user.id },
    );
    ids = { spPast: spPast.id, btPast: btPast.id, spNow: spNow.id };

    // One game of the first round has no result in the data: the replay reports it postponed (void).
    voided = first[4];
    await t.ds.query(
      `UPDATE fixture SET result_ft_home = NULL, result_ft_away = NULL, result_ht_home = NULL, result_ht_away = NULL WHERE id = $1`,
      [voided.id],
    );
    pinClock(t, new Date(lastKickoff + offsetMs + 130 * 60_000).toISOString());
    await t.get(ResultSyncService).syncResults();
    await t.get(SlipSettlementService).sweep();
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  it('scores a finished round: tips won / tips counted, the void game apart, equal to the hand counts', async () => {
    const sp = await storedScore(ids.spPast);
    expect(sp).toMatchObject({ void: 1, open: 0, counted: 16 });
    expect(`${sp.won}/${sp.counted} (1 void)`).toBe(handScore(first, [voided]));
    const bt = await storedScore(ids.btPast);
    expect(bt).toMatchObject({ void: 0, open: 0, counted: 13 });
    expect(`${bt.won}/${bt.counted}`).toBe(handScore(second));
    expect(await storedScore(ids.spNow)).toMatchObject({ open: 13 });
  });

  it('get-all-jackpots: every jackpot carries `score`, null while games remain', async () => {
    const res = await t.request('GET', '/api/jackpot/get-all-jackpots');
    expect(res.status).toBe(200);
    const data = res.body.data as {
      company: string;
      type: string;
      title: string;
      score: string | null;
      next_match: string | null;
    }[];
    expect(data.map((j) => [j.company, j.type, j.title, j.score])).toEqual([
      ['SP', 'MG', 'SportPesa Mega Jackpot (next week)', null],
      ['BT', 'MW', 'Betika Mid Week Jackpot', handScore(second)],
    ]);
    for (const j of data) {
      expect(Object.keys(j).sort()).toEqual([
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
    }
    expect(data[0].next_match).not.toBeNull();
  });

  it('history: scored rounds newest first, the round still played left out', async () => {
    const res = await history();
    expect(res.status).toBe(200);
    const firstKickoff = (gs: TippableGame[]) => Math.min(...gs.map((g) => g.kickoff.getTime()));
    expect(res.body).toEqual({
      data: [
        {
          id: ids.btPast,
          company: 'BT',
          type: 'MW',
          title: 'Betika Mid Week Jackpot',
          slug: 'betika-mid-week-jackpot',
          first_kickoff: expect.stringMatching(/\+03:00$/),
          games: 13,
          score: handScore(second),
          won: expect.any(Number),
          counted: 13,
          void: 0,
        },
        {
          id: ids.spPast,
          company: 'SP',
          type: 'MG',
          title: 'SportPesa Mega Jackpot',
          slug: 'sportpesa-mega-jackpot',
          first_kickoff: expect.stringMatching(/\+03:00$/),
          games: 17,
          score: handScore(first, [voided]),
          won: expect.any(Number),
          counted: 16,
          void: 1,
        },
      ],
      next_before: null,
    });
    // First kick-off on the replayed calendar: the data kick-off shifted by the replay offset.
    const offsetMs = (await t.get(ReplayClock).frame()).offsetMs;
    const shown = res.body.data.map((r: { first_kickoff: string }) =>
      new Date(r.first_kickoff).getTime(),
    );
    expect(shown).toEqual([firstKickoff(second) + offsetMs, firstKickoff(first) + offsetMs]);
  });

  it('history: company and type filters, keyset paging, 400 on a bad query', async () => {
    expect((await history('?company=SP')).body.data.map((r: { id: number }) => r.id)).toEqual([
      ids.spPast,
    ]);
    expect(
      (await history('?company=bt&type=MW')).body.data.map((r: { id: number }) => r.id),
    ).toEqual([ids.btPast]);
    expect((await history('?type=MG&company=BT')).body).toEqual({ data: [], next_before: null });
    const page1 = await history('?limit=1');
    expect(page1.body.data.map((r: { id: number }) => r.id)).toEqual([ids.btPast]);
    expect(page1.body.next_before).toBe(ids.btPast);
    const page2 = await history(`?limit=1&before=${page1.body.next_before}`);
    expect(page2.body.data.map((r: { id: number }) => r.id)).toEqual([ids.spPast]);
    const page3 = await history(`?limit=1&before=${page2.body.next_before}`);
    expect(page3.body).toEqual({ data: [], next_before: null });
    for (const bad of [
      '?company=XX',
      '?type=ZZ',
      '?limit=0',
      '?limit=51',
      '?before=abc',
      '?before=-1',
    ]) {
      const res = await history(bad);
      expect([bad, res.status, typeof res.body.message]).toEqual([bad, 400, 'string']);
    }
  });
});
