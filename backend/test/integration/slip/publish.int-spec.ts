import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(120_000);

/** Replay: anchor 2026-04-20 shown on Monday 2026-11-23; data time = shown time − 217 days. */
const NOW = '2026-11-23T12:00:00+03:00';
/** Games kicking off after this data instant stay upcoming through the tests' pinned clocks. */
const DATA_AFTER = new Date('2026-04-22T12:00:00+03:00');

const body = (games: { id: string }[], amount: unknown = 100, market = 1) => ({
  published: true,
  tip_id: null,
  amount,
  tips: games.map((g) => ({ game: Number(g.id), market })),
});

describe('POST /api/slip/create and GET /api/slip/can-post', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let games: TippableGame[];

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv', 'SP1-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    games = await tippableGames(t.ds, DATA_AFTER, 12);
    expect(games).toHaveLength(12);
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });
  beforeEach(() => pinClock(t, NOW));

  const create = async (payload: unknown, token?: string) => {
    const tk = token ?? (await createUser(t.ds)).token;
    return t.request('POST', '/api/slip/create', { token: tk, body: payload });
  };

  it('publishes 3 tips with server-quoted odds and the truncated total odds', async () => {
    await setOdd(t.ds, games[0].id, 1, '1.23');
    await setOdd(t.ds, games[1].id, 1, '1.45');
    await setOdd(t.ds, games[2].id, 1, '1.67');
    const { user, token } = await createUser(t.ds);
    const res = await create(body(games.slice(0, 3), 150), token);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Successfully Published Tips',
      id: expect.any(Number),
      access: expect.any(String),
    });
    const [slip] = await t.ds.query(
      `SELECT user_id, price_ksh::text, accumulator::text, slip_result FROM slip WHERE id = $1`,
      [res.body.id],
    );
    expect(slip).toEqual({
      user_id: user.id,
      price_ksh: '150.00',
      accumulator: '2.97',
      slip_result: null,
    });
    const tips = await t.ds.query(
      `SELECT fixture_id::text, market_id, odd::text FROM tip WHERE slip_id = $1 ORDER BY position`,
      [res.body.id],
    );
    expect(tips).toEqual([
      { fixture_id: games[0].id, market_id: 1, odd: '1.23' },
      { fixture_id: games[1].id, market_id: 1, odd: '1.45' },
      { fixture_id: games[2].id, market_id: 1, odd: '1.67' },
    ]);
    const [role] = await t.ds.query(`SELECT role FROM app_user WHERE id = $1`, [user.id]);
    expect(role.role).toBe('tipster');
    const [counted] = await t.ds.query(`SELECT tips_count FROM fixture WHERE id = $1`, [
      games[0].id,
    ]);
    expect(counted.tips_count).toBeGreaterThanOrEqual(1);
  });

  it('locks a published slip: no edit, no deletion, of the slip or its tips', async () => {
    const { user } = await createUser(t.ds);
    const { id } = await publishSlip(t, user.id, games.slice(3, 6));
    await expect(t.ds.query(`UPDATE slip SET price_ksh = 60 WHERE id = $1`, [id])).rejects.toThrow(
      'a published slip cannot be edited',
    );
    await expect(
      t.ds.query(`UPDATE tip SET market_id = 2 WHERE slip_id = $1`, [id]),
    ).rejects.toThrow('a published slip cannot be edited');
    await expect(t.ds.query(`DELETE FROM tip WHERE slip_id = $1`, [id])).rejects.toThrow(
      'a published slip cannot be deleted',
    );
    await expect(t.ds.query(`DELETE FROM slip WHERE id = $1`, [id])).rejects.toThrow(
      'a published slip cannot be deleted',
    );
    expect(await t.request('DELETE', `/api/slip/get/${id}`)).toMatchObject({ status: 404 });
  });

  it('ignores any odd the client sends', async () => {
    const payload = body(games.slice(3, 6));
    (payload.tips as Record<string, unknown>[]).forEach((tp) => (tp.odd = '50.00'));
    const res = await create({ ...payload, accumulator: '999' });
    expect(res.status).toBe(201);
    const rows = await t.ds.query(
      `SELECT odd::text FROM tip WHERE slip_id = $1 ORDER BY position`,
      [res.body.id],
    );
    expect(rows.map((r: { odd: string }) => r.odd)).toEqual(
      games.slice(3, 6).map((g) => g.odds[1]),
    );
  });

  it("answers 'Publish at least '3' tip' for fewer than 3 tips", async () => {
    for (const n of [0, 2]) {
      const res = await create(body(games.slice(0, n)));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "Publish at least '3' tip", game: null });
    }
  });

  it("answers 'Maximum number of 5 games reached' for 6 tips", async () => {
    const res = await create(body(games.slice(0, 6)));
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'Maximum number of 5 games reached', game: null },
    });
  });

  it("answers 'Game already in slip' naming the repeated game", async () => {
    const res = await create(body([games[0], games[1], games[0]]));
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'Game already in slip', game: games[0].name },
    });
  });

  it("answers 'Price range Ksh. [50-1000]' outside 50-1000 or not a number", async () => {
    for (const amount of [49, 1001, 'abc', -100, null]) {
      const res = await create(body(games.slice(3, 6), amount));
      expect(res).toMatchObject({
        status: 400,
        body: { error: 'Price range Ksh. [50-1000]', game: null },
      });
    }
    for (const amount of [50, 1000]) {
      expect((await create(body(games.slice(3, 6), amount))).status).toBe(201);
    }
  });

  it('refuses total odds below 1.6 and above 100 with the spec message', async () => {
    const msg =
      'Total odds must be within 1.6 and 100.00 . A minimum of 1.6 and a maximum of 100.0';
    const low = games.slice(6, 9);
    for (const g of low) await setOdd(t.ds, g.id, 1, '1.10'); // 1.331 → 1.33
    expect(await create(body(low))).toMatchObject({
      status: 400,
      body: { error: msg, game: null },
    });
    const high = games.slice(9, 12);
    for (const g of high) await setOdd(t.ds, g.id, 1, '4.70'); // 103.823
    expect(await create(body(high))).toMatchObject({
      status: 400,
      body: { error: msg, game: null },
    });
    await setOdd(t.ds, high[2].id, 1, '4.60'); // 4.7 × 4.7 × 4.6 = 101.614
    expect((await create(body(high))).status).toBe(400);
    await setOdd(t.ds, high[2].id, 1, '4.52'); // 99.8468 → 99.84
    expect((await create(body(high))).status).toBe(201);
  });

  it('refuses a game that has started, naming it', async () => {
    const [started] = await t.ds.query(
      `SELECT id::text, home_team || ' v ' || away_team AS name FROM fixture WHERE kickoff < $1 ORDER BY kickoff DESC LIMIT 1`,
      [new Date('2026-04-20T12:00:00+03:00')],
    );
    const res = await create(body([started, games[3], games[4]]));
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'This game has already started', game: started.name },
    });
  });

  it('refuses a market the fixture has no odds for, naming the game', async () => {
    await t.ds.query(`DELETE FROM fixture_odds WHERE fixture_id = $1 AND market_id = 49`, [
      games[5].id,
    ]);
    const res = await create({
      amount: 100,
      tips: [
        { game: games[3].id, market: 1 },
        { game: games[4].id, market: 1 },
        { game: games[5].id, market: 49 },
      ],
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'No odds for this market', game: games[5].name },
    });
  });

  it('refuses a banned account', async () => {
    const { user, token } = await createUser(t.ds, { banned: true });
    const res = await create(body(games.slice(3, 6)), token);
    expect(res.status).toBe(403);
    const [n] = await t.ds.query(`SELECT count(*)::int AS n FROM slip WHERE user_id = $1`, [
      user.id,
    ]);
    expect(n.n).toBe(0);
  });

  it('needs a token', async () => {
    expect(
      (await t.request('POST', '/api/slip/create', { body: body(games.slice(3, 6)) })).status,
    ).toBe(401);
    expect((await t.request('GET', '/api/slip/can-post')).status).toBe(401);
  });

  describe('can-post: two slips per Nairobi day', () => {
    it("answers 'Can't Post more than 2 tips' for a third slip the same day, and allows it after Nairobi midnight", async () => {
      const { user, token } = await createUser(t.ds);
      pinClock(t, '2026-11-23T23:58:00+03:00');
      expect((await t.request('GET', '/api/slip/can-post', { token })).body).toEqual({
        can_post: true,
        remaining: 2,
      });
      await publishSlip(t, user.id, games.slice(3, 6));
      expect((await t.request('GET', '/api/slip/can-post', { token })).body).toEqual({
        can_post: true,
        remaining: 1,
      });
      await publishSlip(t, user.id, games.slice(3, 6));
      pinClock(t, '2026-11-23T23:59:59+03:00');
      expect((await t.request('GET', '/api/slip/can-post', { token })).body).toEqual({
        can_post: false,
        remaining: 0,
      });
      const third = await create(body(games.slice(3, 6)), token);
      expect(third).toMatchObject({ status: 400, body: { error: "Can't Post more than 2 tips" } });

      pinClock(t, '2026-11-24T00:00:00+03:00'); // 2026-11-23T21:00Z: a new Nairobi day, still the same UTC day
      expect((await t.request('GET', '/api/slip/can-post', { token })).body).toEqual({
        can_post: true,
        remaining: 2,
      });
      expect((await create(body(games.slice(3, 6)), token)).status).toBe(201);
    });

    it('holds under concurrent publishing', async () => {
      const { user } = await createUser(t.ds);
      const results = await Promise.allSettled(
        [1, 2, 3, 4].map(() => publishSlip(t, user.id, games.slice(3, 6))),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      const [n] = await t.ds.query(`SELECT count(*)::int AS n FROM slip WHERE user_id = $1`, [
        user.id,
      ]);
      expect(n.n).toBe(2);
    });
  });
});
