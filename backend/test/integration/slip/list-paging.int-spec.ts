import { SlipListCache } from '../../../src/modules/slip/slip-list-cache';
import { SlipPageIndex } from '../../../src/modules/slip/slip-page-index';
import { SlipRepository } from '../../../src/modules/slip/slip.repository';
import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(180_000);

/**
 * Sort timestamps with ties and microsecond differences (a JS Date would merge some of them):
 * every list page is the same by keyset seek (SlipPageIndex) as by the OFFSET paging it replaced.
 */
const CREATED = [
  '2026-11-23 09:00:00+00',
  '2026-11-23 09:00:00.000001+00',
  '2026-11-23 09:00:00.000999+00',
  '2026-11-23 09:00:00.001+00',
  '2026-11-23 08:59:59.999999+00',
  '2026-11-22 09:00:00+00',
  '2026-11-21 12:00:00.5+00',
];
const SETTLED = [
  '2026-11-20 18:00:00+00',
  '2026-11-20 18:00:00.000001+00',
  '2026-11-20 17:59:59.999999+00',
  '2026-11-19 20:00:00+00',
  '2026-11-20 18:00:00+00',
];
const ACTIVE = 137;
const FINISHED = 253;
const JACKPOT = 4;

/** Today's OFFSET paging, as it was on main: the reference the new paging must equal. */
const reference = async (
  t: TestContext,
  kind: 'active' | 'finished',
  f: { userId?: number; homeTeam?: string; awayTeam?: string; top?: boolean },
  size: number,
  page: number,
): Promise<{ ids: number[]; total: number }> => {
  const where = [
    kind === 'active' ? 's.slip_result IS NULL' : 's.slip_result IS NOT NULL',
    'NOT s.jackpot',
  ];
  const params: unknown[] = [];
  if (f.userId !== undefined) {
    params.push(f.userId);
    where.push(`s.user_id = $${params.length}`);
  }
  if (f.homeTeam) {
    params.push(f.homeTeam);
    where.push(
      `EXISTS (SELECT 1 FROM tip t JOIN fixture fx ON fx.id = t.fixture_id WHERE t.slip_id = s.id AND lower(fx.home_team) = lower($${params.length}))`,
    );
  }
  if (f.awayTeam) {
    params.push(f.awayTeam);
    where.push(
      `EXISTS (SELECT 1 FROM tip t JOIN fixture fx ON fx.id = t.fixture_id WHERE t.slip_id = s.id AND lower(fx.away_team) = lower($${params.length}))`,
    );
  }
  if (f.top) {
    where.push(`s.user_id IN (SELECT user_id FROM tipster_stat WHERE won + lost >= 5
      ORDER BY rating DESC, won + lost DESC, profit DESC, user_id LIMIT 20)`);
  }
  const cond = where.join(' AND ');
  const order =
    kind === 'active' ? 's.date_created DESC, s.id DESC' : 's.settled_at DESC, s.id DESC';
  const rows = await t.ds.query(
    `SELECT s.id FROM slip s WHERE ${cond} ORDER BY ${order} LIMIT ${size} OFFSET ${(page - 1) * size}`,
    params,
  );
  const [count] = await t.ds.query(`SELECT count(*)::int AS n FROM slip s WHERE ${cond}`, params);
  return { ids: rows.map((r: { id: number }) => r.id), total: count.n };
};

describe('slip list paging: keyset seek from cached page boundaries = OFFSET paging', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let users: CreatedUser[];
  let teams: { home: string; away: string }[];

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, '2026-11-23T12:00:00+03:00', '2026-11-23');
    await importFixtures(t);
    users = [];
    for (let i = 0; i < 8; i++)
      users.push(await createUser(t.ds, { username: `pager_${i}`, role: 'tipster' }));
    const fixtures: { id: string; home_team: string; away_team: string }[] = await t.ds.query(
      `SELECT DISTINCT ON (home_team) id::text, home_team, away_team FROM fixture ORDER BY home_team, id LIMIT 6`,
    );
    teams = fixtures.map((f) => ({ home: f.home_team, away: f.away_team }));
    const userIds = users.map((u) => u.user.id);
    // Active slips: tipster i % 8, created at CREATED[i % 7] (ties), 3 tips on fixtures i, i+1, i+2 (mod 6).
    await t.ds.query(
      `INSERT INTO slip (user_id, price_ksh, accumulator, date_created, jackpot)
       SELECT ($1::int[])[1 + i % 8], 100, 3.00, ($2::timestamptz[])[1 + i % 7], i < $4
         FROM generate_series(0, $3 - 1) i ORDER BY i`,
      [userIds, CREATED, ACTIVE + JACKPOT, JACKPOT],
    );
    await t.ds.query(
      `INSERT INTO tip (slip_id, fixture_id, market_id, odd, position)
       SELECT s.id, ($1::bigint[])[1 + (s.id + k) % 6], 1, 1.50, k + 1
         FROM slip s CROSS JOIN generate_series(0, 2) k WHERE s.slip_result IS NULL`,
      [fixtures.map((f) => f.id)],
    );
    // Settled slips: settled at SETTLED[i % 5] (ties), W/L.
    await t.ds.query(
      `INSERT INTO slip (user_id, price_ksh, accumulator, date_created, jackpot, slip_result, settled_accumulator, settled_at)
       SELECT ($1::int[])[1 + (i * 3) % 8], 100, 3.00, '2026-11-18 10:00:00+00', i % 50 = 7,
              CASE WHEN i % 2 = 0 THEN 'W' ELSE 'L' END, 3.00, ($2::timestamptz[])[1 + i % 5]
         FROM generate_series(0, $3 - 1) i ORDER BY i`,
      [userIds, SETTLED, FINISHED],
    );
    // Leaderboard counters (top=1): five tipsters with 5+ settled slips, ratings with ties.
    await t.ds.query(
      `INSERT INTO tipster_stat (user_id, won, lost, rating, profit)
       SELECT ($1::int[])[1 + i], 5, 5, CASE WHEN i < 3 THEN 50 ELSE 40 END, i FROM generate_series(0, 4) i`,
      [userIds],
    );
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  const idsOf = (body: { results: { id: number }[] }): number[] => body.results.map((s) => s.id);

  it('pages every active list filter the same way as OFFSET, for a visitor and a logged-in tipster', async () => {
    const filters: [
      string,
      { userId?: number; homeTeam?: string; awayTeam?: string; top?: boolean },
    ][] = [
      ['', {}],
      [`username=${users[3].user.username}`, { userId: users[3].user.id }],
      [`username=${users[3].user.username.toUpperCase()}`, { userId: users[3].user.id }],
      ['top=1', { top: true }],
      [`home_team=${encodeURIComponent(teams[1].home.toUpperCase())}`, { homeTeam: teams[1].home }],
      [`away_team=${encodeURIComponent(teams[2].away)}`, { awayTeam: teams[2].away }],
      [
        `team_a=${encodeURIComponent(teams[0].home)}&team_b=${encodeURIComponent(teams[0].away)}`,
        { homeTeam: teams[0].home, awayTeam: teams[0].away },
      ],
    ];
    let compared = 0;
    for (const [query, filter] of filters) {
      const first = await reference(t, 'active', filter, 10, 1);
      const numPages = Math.max(1, Math.ceil(first.total / 10));
      for (const token of [undefined, users[3].token]) {
        // Deep pages first, then the rest, so boundaries are not only found in order.
        const order = [numPages, ...Array.from({ length: numPages - 1 }, (_, i) => i + 1)];
        for (const p of order) {
          const res = await t.request(
            'GET',
            `/v2/api/slip/data/?${query}${query ? '&' : ''}p=${p}`,
            { token },
          );
          expect([query, p, res.status]).toEqual([query, p, 200]);
          const ref = await reference(t, 'active', filter, 10, p);
          expect([query, p, idsOf(res.body)]).toEqual([query, p, ref.ids]);
          expect(res.body.num_pages).toBe(numPages);
          expect(res.body.next === null).toBe(p === numPages);
          expect(res.body.previous === null).toBe(p === 1);
          // Own slips with picks for their tipster, nobody else's.
          for (const slip of res.body.results as { user: { username: string }; tips: object[] }[]) {
            const own = token !== undefined && slip.user.username === users[3].user.username;
            for (const tip of slip.tips)
              expect(Object.prototype.hasOwnProperty.call(tip, 'market_type')).toBe(own);
          }
          compared += 1;
        }
        const past = await t.request(
          'GET',
          `/v2/api/slip/data/?${query}${query ? '&' : ''}p=${numPages + 1}`,
          { token },
        );
        expect(past).toMatchObject({ status: 404, body: { message: 'Invalid page' } });
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('pages the finished lists the same way as OFFSET, with count', async () => {
    for (const [query, filter] of [
      ['', {}],
      [`username=${users[5].user.username}`, { userId: users[5].user.id }],
    ] as [string, { userId?: number }][]) {
      const { total } = await reference(t, 'finished', filter, 100, 1);
      const numPages = Math.max(1, Math.ceil(total / 100));
      for (const p of [numPages, ...Array.from({ length: numPages }, (_, i) => i + 1)]) {
        const res = await t.request(
          'GET',
          `/v2/api/slip/data/finished/?${query}${query ? '&' : ''}p=${p}`,
          { token: p % 2 ? users[5].token : undefined },
        );
        expect(res.status).toBe(200);
        const ref = await reference(t, 'finished', filter, 100, p);
        expect([query, p, idsOf(res.body)]).toEqual([query, p, ref.ids]);
        expect(res.body).toMatchObject({ count: total, num_pages: numPages });
      }
      expect(
        (
          await t.request(
            'GET',
            `/v2/api/slip/data/finished/?${query}${query ? '&' : ''}p=${numPages + 1}`,
          )
        ).status,
      ).toBe(404);
    }
  });

  it('gives the same rows by seek as by OFFSET at every page start, in the repository, for page sizes with ties across boundaries', async () => {
    const repo = t.get(SlipRepository);
    for (const size of [1, 3, 7, 12]) {
      const { total } = await reference(t, 'active', {}, size, 1);
      expect(await repo.count('active', {})).toBe(total);
      const ends = await repo.pageEnds('active', {}, size, null, 10_000);
      expect(ends).toHaveLength(Math.floor(total / size));
      // Found in two steps, the second from a known end, as found at once.
      const head = await repo.pageEnds('active', {}, size, null, 5);
      expect([
        ...head,
        ...(await repo.pageEnds('active', {}, size, { key: head[4], offset: 5 * size }, 10_000)),
      ]).toEqual(ends);
      for (let p = 1; (p - 1) * size < total; p++) {
        const after = p === 1 ? null : { key: ends[p - 2], offset: (p - 1) * size };
        const rows = await repo.page('active', {}, after, size);
        expect([size, p, rows.map((r) => r.id)]).toEqual([
          size,
          p,
          (await reference(t, 'active', {}, size, p)).ids,
        ]);
      }
    }
    // A start without a key, or with a null sort key, is read by OFFSET (same rows).
    const page4 = (await reference(t, 'finished', {}, 10, 4)).ids;
    expect(
      (await repo.page('finished', {}, { key: null, offset: 30 }, 10)).map((r) => r.id),
    ).toEqual(page4);
    expect(
      (await repo.page('finished', {}, { key: { at: null, id: 1 }, offset: 30 }, 10)).map(
        (r) => r.id,
      ),
    ).toEqual(page4);
  });

  it('answers concurrent requests for pages in any order in a new list generation, each as OFFSET would', async () => {
    const index = t.get(SlipPageIndex);
    // Sizes 1 and 3 make more pages than one page-end search finds (PAGE_ENDS_PER_SEARCH): several searches, concurrently.
    for (const [kind, size] of [
      ['active', 10],
      ['active', 1],
      ['finished', 100],
      ['finished', 3],
    ] as const) {
      await t.get(SlipListCache).clear();
      const { total } = await reference(t, kind, {}, size, 1);
      const numPages = Math.ceil(total / size);
      const order = Array.from({ length: numPages }, (_, i) => numPages - i).sort(
        (x, y) => ((x * 37) % 101) - ((y * 37) % 101),
      );
      const pages = await Promise.all(order.map((p) => index.page(kind, {}, size, p)));
      for (const [i, p] of order.entries()) {
        expect([kind, p, pages[i].rows.map((r) => r.id)]).toEqual([
          kind,
          p,
          (await reference(t, kind, {}, size, p)).ids,
        ]);
        expect(pages[i]).toMatchObject({ total, numPages });
      }
      expect((await index.page(kind, {}, size, numPages + 1)).rows).toEqual([]);
    }
  });
});
