import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Type } from '@nestjs/common';
import { createHttpApp } from '../../../src/app.setup';
import { fixedClock } from '../../../src/common/clock/clock';
import { AdjustableClock } from '../../../src/common/clock/adjustable-clock';
import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { ResultSyncService } from '../../../src/modules/fixtures/result-sync.service';
import { SlipPublishService } from '../../../src/modules/slip/slip-publish.service';
import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { eventually } from '../../support/eventually';

jest.setTimeout(180_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/**
 * Two api processes on one database and Redis ("replicas" A and B, each its own Nest app with its
 * own in-process caches): the list totals, page counts and pages A serves from its cached page
 * boundaries follow a publish and a settlement made by B, for visitors and logged-in readers.
 */
describe('slip list counts across api replicas', () => {
  let a: TestContext;
  let b: NestFastifyApplication;
  let data: ReturnType<typeof dataDirWith>;
  let reader: CreatedUser;
  let early: TippableGame[];
  let later: TippableGame[];
  let offsetMs: number;
  const onB = <T>(token: Type<T>): T => b.get(token, { strict: false });

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    a = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(a, NOW, '2026-11-23');
    await importFixtures(a);
    // Replica B: the same environment (database, Redis prefix), a second app.
    b = await createHttpApp('api');
    await b.init();
    await b.getHttpAdapter().getInstance().ready();
    onB(AdjustableClock).set(fixedClock(NOW));
    offsetMs = (await a.get(ReplayClock).frame()).offsetMs;
    const games = await tippableGames(a.ds, DATA_NOW, 40, 4);
    early = games.slice(0, 3);
    later = games.slice(-3);
    reader = await createUser(a.ds);
    for (let i = 0; i < 5; i++) {
      const u = await createUser(a.ds);
      await publishSlip(a, u.user.id, early, { marketId: 4 });
      await publishSlip(a, u.user.id, early, { marketId: 4 });
    }
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    data?.remove();
  });

  /** The truth in the database: open and settled tipster slips. */
  const truth = async () => {
    const [row] = await a.ds.query(
      `SELECT count(*) FILTER (WHERE slip_result IS NULL)::int AS open, count(*) FILTER (WHERE slip_result IS NOT NULL)::int AS settled,
              (array_agg(id ORDER BY date_created DESC, id DESC) FILTER (WHERE slip_result IS NULL))[1:10] AS first
         FROM slip WHERE NOT jackpot`,
    );
    return row as { open: number; settled: number; first: number[] | null };
  };

  /** What replica A answers (visitor and logged-in reader) agrees with the database. */
  const aAgrees = async (): Promise<boolean> => {
    const { open, settled, first } = await truth();
    const pages = Math.max(1, Math.ceil(open / 10));
    for (const token of [undefined, reader.token]) {
      const p1 = await a.request('GET', '/v2/api/slip/data/?p=1', { token });
      if (
        p1.body.num_pages !== pages ||
        JSON.stringify(p1.body.results.map((s: { id: number }) => s.id)) !==
          JSON.stringify(first ?? [])
      )
        return false;
      if ((await a.request('GET', `/v2/api/slip/data/?p=${pages + 1}`, { token })).status !== 404)
        return false;
      const fin = await a.request('GET', '/v2/api/slip/data/finished/', { token });
      if (
        fin.body.count !== settled ||
        fin.body.num_pages !== Math.max(1, Math.ceil(settled / 100))
      )
        return false;
    }
    return true;
  };

  it("starts from the database's counts on replica A (10 open slips: one page)", async () => {
    expect(await truth()).toMatchObject({ open: 10, settled: 0 });
    expect(await aAgrees()).toBe(true);
    expect(
      (await a.request('GET', '/v2/api/slip/data/?p=1', { token: reader.token })).body.num_pages,
    ).toBe(1);
  });

  it('shows a slip published on replica B on A: 11 open slips, two pages', async () => {
    const tipster = await createUser(a.ds);
    const published = await onB(SlipPublishService).publish(tipster.user.id, {
      tips: later.map((g) => ({ game: g.id, market: 4 })),
      amount: 100,
    });
    await eventually(aAgrees, {
      timeoutMs: 15_000,
      intervalMs: 50,
      what: 'replica A to show the publish',
    });
    const p1 = await a.request('GET', '/v2/api/slip/data/?p=1', { token: reader.token });
    expect(p1.body.num_pages).toBe(2);
    expect(p1.body.results[0].id).toBe(published.id);
    expect((await a.request('GET', '/v2/api/slip/data/?p=2')).body.results).toHaveLength(1);
  });

  it('shows slips settled on replica B on A: the active total drops, the finished count rises', async () => {
    const lastEnd = new Date(
      Math.max(...early.map((g) => g.kickoff.getTime())) + offsetMs + 125 * 60_000,
    );
    onB(AdjustableClock).set(fixedClock(lastEnd.toISOString()));
    await onB(ResultSyncService).syncResults();
    expect(await truth()).toMatchObject({ open: 1, settled: 10 });
    await eventually(aAgrees, {
      timeoutMs: 15_000,
      intervalMs: 50,
      what: 'replica A to show the settlement',
    });
    const fin = await a.request('GET', '/v2/api/slip/data/finished/?p=1', { token: reader.token });
    expect(fin.body).toMatchObject({ count: 10, num_pages: 1 });
    expect((await a.request('GET', '/v2/api/slip/data/?p=2')).status).toBe(404);
  });
});
