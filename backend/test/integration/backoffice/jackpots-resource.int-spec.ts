import { AdminAudit } from '../../../src/modules/backoffice/audit/admin-audit.entity';
import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { listResource } from './backoffice-helpers';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/**
 * Back office `jackpots` (docs/PRODUCT-RULES.md "Back office"): admin-only list / get / create / update / delete, create
 * building the jackpot slip through JackpotService, every write audited.
 */
describe('Back office: jackpots', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let admin: CreatedUser;
  let tipster: CreatedUser;
  let games: TippableGame[];
  const ids: Record<string, number> = {};

  const body = (
    company: string,
    type: string,
    title: string,
    price: unknown,
    from: number,
    count = 13,
  ) => ({
    company,
    type,
    title,
    description: `${title}: our picks`,
    price,
    tips: games.slice(from, from + count).map((g) => ({ game: g.id, market: 1 })),
  });
  const post = (b: unknown, token = admin.token) =>
    t.request('POST', '/api/backoffice/jackpots', { token, body: b });
  const audits = () =>
    t.ds.getRepository(AdminAudit).find({ where: { resource: 'jackpots' }, order: { id: 'ASC' } });

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv', 'SP1-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    games = await tippableGames(t.ds, DATA_NOW, 60);
    expect(games).toHaveLength(60);
    for (const g of games) await setOdd(t.ds, g.id, 1, '1.40');
    admin = await createUser(t.ds, { role: 'admin', username: 'jackpot_desk' });
    tipster = await createUser(t.ds, { role: 'tipster' });
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  describe('create', () => {
    it('builds the jackpot slip (admin-owned, server-quoted odds) and audits the write', async () => {
      const res = await post(body('SP', 'MG', 'SportPesa Mega Jackpot', 299, 0, 17));
      expect(res.status).toBe(201);
      // 1.4^17 = 304.91 (truncated).
      expect(res.body).toEqual({
        id: expect.any(Number),
        company: 'SP',
        type: 'MG',
        slip_id: expect.any(Number),
        todays_odd: '304.91',
        price: '299.00',
        title: 'SportPesa Mega Jackpot',
        description: 'SportPesa Mega Jackpot: our picks',
        week_start: '2026-11-23',
        current: true,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      ids.spmg = res.body.id;
      const [slip] = await t.ds.query(
        `SELECT user_id, jackpot, price_ksh::text AS price, accumulator::text AS acc FROM slip WHERE id = $1`,
        [res.body.slip_id],
      );
      expect(slip).toEqual({
        user_id: admin.user.id,
        jackpot: true,
        price: '299.00',
        acc: '304.91',
      });
      expect(
        await t.ds.query(`SELECT count(*)::int AS n FROM tip WHERE slip_id = $1 AND odd = 1.40`, [
          res.body.slip_id,
        ]),
      ).toEqual([{ n: 17 }]);
      const [audit] = (await audits()).filter((a) => a.action === 'create');
      expect(audit).toMatchObject({
        actorId: admin.user.id,
        resource: 'jackpots',
        recordId: String(res.body.id),
        before: null,
        after: res.body,
      });
    });

    it('answers 400 with the rule broken and stores nothing', async () => {
      const before = await t.ds.query(`SELECT count(*)::int AS n FROM slip`);
      expect(await post(body('SP', 'MW', 'Too short', 149, 20, 9))).toMatchObject({
        status: 400,
        body: { message: 'A jackpot needs at least 10 games' },
      });
      expect(await post({ ...body('XX', 'MW', 'Bad company', 149, 20), type: 'ZZ' })).toMatchObject(
        {
          status: 400,
          body: { company: ['company must be SP or BT'], type: ['type must be MG or MW'] },
        },
      );
      expect(await post(body('SP', 'MW', '', 149, 20))).toMatchObject({
        status: 400,
        body: { title: ['Title is required'] },
      });
      expect(await post(body('SP', 'MW', 'Dear', 5000, 20))).toMatchObject({
        status: 400,
        body: { message: 'Price range Ksh. [50-1000]' },
      });
      expect(await t.ds.query(`SELECT count(*)::int AS n FROM slip`)).toEqual(before);
      expect((await audits()).filter((a) => a.action === 'create')).toHaveLength(1);
    });

    it('creates the other three', async () => {
      for (const [key, b] of [
        ['spmw', body('SP', 'MW', 'SportPesa Mid Week Jackpot', 149, 17)],
        ['btmg', body('BT', 'MG', 'Betika Mega Jackpot', 249, 30, 15)],
        ['btmw', body('BT', 'MW', 'Betika Mid Week Jackpot', 99, 45)],
      ] as const) {
        const res = await post(b);
        expect(res.status).toBe(201);
        ids[key] = res.body.id;
      }
    });
  });

  describe('list', () => {
    const titles = (res: { body: { title: string }[] }) => res.body.map((j) => j.title);

    it('sorts, pages and answers Content-Range', async () => {
      const res = await listResource(t, admin.token, 'jackpots', {
        sort: ['price', 'ASC'],
        range: [1, 2],
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-range']).toBe('jackpots 1-2/4');
      expect(titles(res)).toEqual(['SportPesa Mid Week Jackpot', 'Betika Mega Jackpot']);
      const byDate = await listResource(t, admin.token, 'jackpots');
      expect(byDate.headers['content-range']).toBe('jackpots 0-3/4');
      expect(titles(byDate)[0]).toBe('Betika Mid Week Jackpot'); // default: newest first
    });

    it('filters by company, type, price range, title search and created date', async () => {
      const cases: [Record<string, unknown>, string[]][] = [
        [{ company: 'BT' }, ['Betika Mega Jackpot', 'Betika Mid Week Jackpot']],
        [{ type: 'MW' }, ['Betika Mid Week Jackpot', 'SportPesa Mid Week Jackpot']],
        [{ company: 'SP', type: 'MG' }, ['SportPesa Mega Jackpot']],
        [{ price_gte: 149, price_lte: 249 }, ['Betika Mega Jackpot', 'SportPesa Mid Week Jackpot']],
        [{ q: 'mega betika' }, ['Betika Mega Jackpot']],
        [{ title: 'mid week' }, ['Betika Mid Week Jackpot', 'SportPesa Mid Week Jackpot']],
        [
          { created_at_gte: '2026-11-23', created_at_lte: '2026-11-23' },
          [
            'Betika Mega Jackpot',
            'Betika Mid Week Jackpot',
            'SportPesa Mega Jackpot',
            'SportPesa Mid Week Jackpot',
          ],
        ],
        [{ created_at_gte: '2026-11-24' }, []],
        [
          { current: true, company: ['SP'] },
          ['SportPesa Mega Jackpot', 'SportPesa Mid Week Jackpot'],
        ],
      ];
      for (const [filter, expected] of cases) {
        const res = await listResource(t, admin.token, 'jackpots', {
          filter,
          sort: ['title', 'ASC'],
        });
        expect({ filter, titles: titles(res) }).toEqual({ filter, titles: expected });
        expect(res.headers['content-range']).toBe(
          expected.length ? `jackpots 0-${expected.length - 1}/${expected.length}` : 'jackpots */0',
        );
      }
    });

    it('refuses an unknown sort or filter field with 400', async () => {
      const res = await listResource(t, admin.token, 'jackpots', { sort: ['slip_result', 'ASC'] });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/slip_result/);
      expect(
        (await listResource(t, admin.token, 'jackpots', { filter: { owner: 1 } })).status,
      ).toBe(400);
    });

    it('is admin only: 403 for a tipster, 401 without a token', async () => {
      expect((await listResource(t, tipster.token, 'jackpots')).status).toBe(403);
      expect(
        (await t.request('GET', `/api/backoffice/jackpots/${ids.spmg}`, { token: tipster.token }))
          .status,
      ).toBe(403);
      expect((await post(body('SP', 'MG', 'Tipster jackpot', 99, 0), tipster.token)).status).toBe(
        403,
      );
      expect((await t.request('GET', '/api/backoffice/jackpots')).status).toBe(401);
    });
  });

  describe('update and delete', () => {
    it('updates title, description and price (the slip price follows), audited with before and after', async () => {
      const current = (
        await t.request('GET', `/api/backoffice/jackpots/${ids.btmw}`, { token: admin.token })
      ).body;
      // react-admin sends the whole record back: read-only fields are ignored.
      const res = await t.request('PUT', `/api/backoffice/jackpots/${ids.btmw}`, {
        token: admin.token,
        body: {
          ...current,
          title: 'Betika Mid Week Jackpot 24/11',
          price: '129.00',
          company: 'SP',
          todays_odd: '1.00',
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        company: 'BT',
        title: 'Betika Mid Week Jackpot 24/11',
        price: '129.00',
        todays_odd: current.todays_odd,
      });
      const [slip] = await t.ds.query(`SELECT price_ksh::text AS price FROM slip WHERE id = $1`, [
        current.slip_id,
      ]);
      expect(slip.price).toBe('129.00');
      const [audit] = (await audits()).filter((a) => a.action === 'update');
      expect(audit).toMatchObject({
        recordId: String(ids.btmw),
        before: { price: '99.00' },
        after: { price: '129.00' },
      });
      const pub = await t.request('GET', '/api/jackpot/get-all-jackpots');
      expect(
        pub.body.data.find(
          (j: { company: string; type: string }) => j.company === 'BT' && j.type === 'MW',
        ),
      ).toMatchObject({
        price: '129.00',
        title: 'Betika Mid Week Jackpot 24/11',
        slip: { price: 129 },
      });
      expect(
        (
          await t.request('PUT', `/api/backoffice/jackpots/${ids.btmw}`, {
            token: admin.token,
            body: { price: 0 },
          })
        ).status,
      ).toBe(400);
    });

    it('deletes an unsold jackpot with its slip and tips (audited); a sold one answers 400', async () => {
      const [sold] = await t.ds.query(`SELECT slip_id FROM jackpot WHERE id = $1`, [ids.spmw]);
      await t.ds.query(
        `INSERT INTO purchase (kind, slip_id, phone, amount, provider, code, status) VALUES ('slip', $1, '254712000111', 149, 'mpesa', 'JKPTEST01', 'paid')`,
        [sold.slip_id],
      );
      const refused = await t.request('DELETE', `/api/backoffice/jackpots/${ids.spmw}`, {
        token: admin.token,
      });
      expect(refused).toMatchObject({
        status: 400,
        body: {
          message: 'This jackpot has been bought (paid or payment pending): it cannot be deleted',
        },
      });
      expect(
        await t.ds.query(`SELECT count(*)::int AS n FROM slip WHERE id = $1`, [sold.slip_id]),
      ).toEqual([{ n: 1 }]);

      const [gone] = await t.ds.query(`SELECT slip_id FROM jackpot WHERE id = $1`, [ids.btmg]);
      const res = await t.request('DELETE', `/api/backoffice/jackpots/${ids.btmg}`, {
        token: admin.token,
      });
      expect(res).toMatchObject({
        status: 200,
        body: { id: ids.btmg, title: 'Betika Mega Jackpot' },
      });
      expect(
        await t.ds.query(
          `SELECT (SELECT count(*)::int FROM slip WHERE id = $1) AS slips, (SELECT count(*)::int FROM tip WHERE slip_id = $1) AS tips`,
          [gone.slip_id],
        ),
      ).toEqual([{ slips: 0, tips: 0 }]);
      expect(
        (await t.request('GET', `/api/backoffice/jackpots/${ids.btmg}`, { token: admin.token }))
          .status,
      ).toBe(404);
      const [audit] = (await audits()).filter((a) => a.action === 'delete');
      expect(audit).toMatchObject({
        recordId: String(ids.btmg),
        before: { title: 'Betika Mega Jackpot' },
        after: null,
      });
    });

    it('tipster slips stay undeletable and their price locked', async () => {
      const [{ id }] = await t.ds.query(
        `INSERT INTO slip (user_id, price_ksh, accumulator) VALUES ($1, 100, 2.00) RETURNING id`,
        [tipster.user.id],
      );
      await expect(t.ds.query(`DELETE FROM slip WHERE id = $1`, [id])).rejects.toThrow(
        'a published slip cannot be deleted',
      );
      await expect(
        t.ds.query(`UPDATE slip SET price_ksh = 50 WHERE id = $1`, [id]),
      ).rejects.toThrow('a published slip cannot be edited');
    });
  });
});
