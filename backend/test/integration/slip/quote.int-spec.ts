import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(120_000);

/** Replay: anchor 2026-04-20 shown on Monday 2026-11-23; data time = shown time − 217 days. */
const NOW = '2026-11-23T12:00:00+03:00';
/** Games kicking off after this data instant stay upcoming through the tests' pinned clocks. */
const DATA_AFTER = new Date('2026-04-22T12:00:00+03:00');

/**
 * POST /api/slip/quote (docs/PRODUCT-RULES.md "Slips and what a visitor may see"): the slip
 * builder's total odds come from the server, quoted and truncated as publishing does, so the
 * browser multiplies no odds.
 */
describe('POST /api/slip/quote', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let games: TippableGame[];
  let token = '';

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv', 'SP1-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    games = await tippableGames(t.ds, DATA_AFTER, 6);
    expect(games).toHaveLength(6);
    token = (await createUser(t.ds)).token;
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });
  beforeEach(() => pinClock(t, NOW));

  const quote = (tips: unknown, tk: string | null = token) =>
    t.request('POST', '/api/slip/quote', { token: tk ?? undefined, body: { tips } });
  const tipsOf = (list: TippableGame[], market = 1) =>
    list.map((g) => ({ game: Number(g.id), market }));

  it('quotes the server odds and their product truncated to 2 decimals, for any number of tips up to 5', async () => {
    await setOdd(t.ds, games[0].id, 1, '1.23');
    await setOdd(t.ds, games[1].id, 1, '1.45');
    await setOdd(t.ds, games[2].id, 1, '1.67');
    const one = await quote(tipsOf(games.slice(0, 1)));
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      accumulator: '1.23',
      accumulator_in_range: false,
      tips: [{ game: Number(games[0].id), market: 1, odd: '1.23' }],
    });
    const three = await quote(tipsOf(games.slice(0, 3)).map((tip) => ({ ...tip, odd: '50.00' })));
    expect(three.status).toBe(200);
    // 1.23 × 1.45 × 1.67 = 2.978… → 2.97; any odd the client sends is ignored.
    expect(three.body).toEqual({
      accumulator: '2.97',
      accumulator_in_range: true,
      tips: [
        { game: Number(games[0].id), market: 1, odd: '1.23' },
        { game: Number(games[1].id), market: 1, odd: '1.45' },
        { game: Number(games[2].id), market: 1, odd: '1.67' },
      ],
    });
  });

  it('says when the total odds are out of the publishable range (1.60 to 100.00, inclusive)', async () => {
    for (const [i, odd] of ['2.00', '2.00', '25.00'].entries())
      await setOdd(t.ds, games[3 + i].id, 1, odd);
    expect((await quote(tipsOf(games.slice(3, 6)))).body).toMatchObject({
      accumulator: '100.00',
      accumulator_in_range: true,
    });
    await setOdd(t.ds, games[5].id, 1, '25.01');
    expect((await quote(tipsOf(games.slice(3, 6)))).body).toMatchObject({
      accumulator: '100.04',
      accumulator_in_range: false,
    });
  });

  it('answers 400 {error, game} as publishing does for no tip, too many, a malformed or a repeated game', async () => {
    expect(await quote([])).toMatchObject({
      status: 400,
      body: { error: "Publish at least '3' tip", game: null },
    });
    expect(await quote(undefined)).toMatchObject({ status: 400, body: { game: null } });
    const six = [...tipsOf(games), { game: Number(games[0].id) + 100_000, market: 1 }];
    expect((await quote(six)).status).toBe(400);
    expect(await quote([{ game: 'x', market: 1 }])).toMatchObject({
      status: 400,
      body: { game: null },
    });
    const repeated = await quote([
      ...tipsOf(games.slice(0, 2)),
      { game: Number(games[0].id), market: 2 },
    ]);
    expect(repeated.status).toBe(400);
    expect(repeated.body.game).toBe(games[0].name);
  });

  it('answers 400 naming a game that cannot be tipped', async () => {
    const res = await quote([{ game: 99_999_999, market: 1 }]);
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('error');
  });

  it('needs a login (the slip builder is a logged-in page)', async () => {
    expect((await quote(tipsOf(games.slice(0, 3)), null)).status).toBe(401);
  });
});
