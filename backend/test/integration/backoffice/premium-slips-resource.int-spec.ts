import { AdminAudit } from '../../../src/modules/backoffice/audit/admin-audit.entity';
import { pinClock } from '../../factories/fixtures';
import { publishSlip, TippableGame } from '../../factories/slip';
import { createUser, CreatedUser } from '../../factories/account';
import type { TestContext } from '../../setup/test-app';
import { listResource } from './backoffice-helpers';
import { insertSlip, marketContext, NOW } from './market-data';

jest.setTimeout(120_000);

describe('Back office: premium-slips', () => {
  let t: TestContext;
  let games: TippableGame[];
  let remove: () => void;
  let admin: CreatedUser;
  let otieno: CreatedUser;
  let wanjiku: CreatedUser;
  const ids: number[] = [];

  beforeAll(async () => {
    ({ t, games, remove } = await marketContext(9));
    admin = await createUser(t.ds, { role: 'admin' });
    otieno = await createUser(t.ds, { role: 'tipster', username: 'otieno_odds' });
    wanjiku = await createUser(t.ds, { role: 'tipster', username: 'wanjiku_tips' });
    ids.push((await publishSlip(t, otieno.user.id, games.slice(0, 3), { amount: 100 })).id);
    ids.push((await publishSlip(t, wanjiku.user.id, games.slice(3, 6), { amount: 200 })).id);
    ids.push(
      await insertSlip(t.ds, wanjiku.user.id, [games[6].id, games[7].id, games[8].id], {
        dateCreated: '2026-11-20T09:00:00+03:00',
        premium: true,
        price: '50',
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
    remove?.();
  });
  beforeEach(() => pinClock(t, NOW));

  const lastAudit = async () =>
    (await t.ds.getRepository(AdminAudit).find({ order: { id: 'DESC' }, take: 1 }))[0];

  it('lists slips with picks, sorted and paged, with Content-Range', async () => {
    const res = await listResource(t, admin.token, 'premium-slips', {
      sort: ['price', 'ASC'],
      range: [0, 1],
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('premium-slips 0-1/3');
    expect(res.body.map((s: { id: number }) => s.id)).toEqual([ids[2], ids[0]]);
    expect(res.body[1]).toMatchObject({
      id: ids[0],
      username: 'otieno_odds',
      price: '100.00',
      premium: false,
      slip_result: null,
      tips: games.slice(0, 3).map((g) => ({
        fixture: g.id,
        market_type: 1,
        odd: g.odds[1],
        result: null,
        home_team: expect.any(String),
        away_team: expect.any(String),
        kickoff: g.kickoff.toISOString(),
      })),
    });
    expect(res.body[1].accumulator).toMatch(/^\d+\.\d{2}$/);
  });

  it('filters by premium, tipster (q / username) and date', async () => {
    const cases: [Record<string, unknown>, number[]][] = [
      [{ premium: true }, [ids[2]]],
      [{ premium: false }, [ids[0], ids[1]]],
      [{ q: 'WANJIKU' }, [ids[1], ids[2]]],
      [{ username: 'otieno' }, [ids[0]]],
      [{ date_created_gte: '2026-11-23' }, [ids[0], ids[1]]],
      [{ date_created_lte: '2026-11-22' }, [ids[2]]],
    ];
    for (const [filter, expected] of cases) {
      const res = await listResource(t, admin.token, 'premium-slips', {
        filter,
        sort: ['id', 'ASC'],
      });
      expect({ filter, ids: res.body.map((s: { id: number }) => s.id) }).toEqual({
        filter,
        ids: expected,
      });
      expect(res.headers['content-range']).toBe(
        `premium-slips 0-${expected.length - 1}/${expected.length}`,
      );
    }
  });

  it('answers 400 for an unknown sort field and 403 for users and tipsters', async () => {
    const bad = await listResource(t, admin.token, 'premium-slips', { sort: ['picks', 'ASC'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Cannot sort premium-slips by 'picks'");
    for (const token of [otieno.token, (await createUser(t.ds)).token]) {
      expect((await listResource(t, token, 'premium-slips')).status).toBe(403);
      expect(
        (
          await t.request('PUT', `/api/backoffice/premium-slips/${ids[0]}`, {
            token,
            body: { premium: true },
          })
        ).status,
      ).toBe(403);
    }
  });

  it('PUT marks and unmarks, audited with before and after; nothing else changes', async () => {
    const res = await t.request('PUT', `/api/backoffice/premium-slips/${ids[0]}`, {
      token: admin.token,
      body: { premium: true, price: '1.00', tips: [] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids[0], premium: true, price: '100.00' });
    expect(res.body.tips).toHaveLength(3);
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: 'update',
      resource: 'premium-slips',
      recordId: String(ids[0]),
      actorId: admin.user.id,
    });
    expect(audit.before).toMatchObject({ premium: false });
    expect(audit.after).toEqual(res.body);

    const off = await t.request('PUT', `/api/backoffice/premium-slips/${ids[0]}`, {
      token: admin.token,
      body: { premium: false },
    });
    expect(off.body.premium).toBe(false);
    expect((await lastAudit()).after).toMatchObject({ premium: false });

    const invalid = await t.request('PUT', `/api/backoffice/premium-slips/${ids[0]}`, {
      token: admin.token,
      body: { premium: 'yes' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ premium: ['premium must be true or false'] });
    expect(
      (await t.request('DELETE', `/api/backoffice/premium-slips/${ids[0]}`, { token: admin.token }))
        .status,
    ).toBe(405);
  });
});
