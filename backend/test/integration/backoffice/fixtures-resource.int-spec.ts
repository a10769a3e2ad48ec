import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { QUEUE } from '../../../src/common/queues/queues';
import { AdminAudit } from '../../../src/modules/backoffice/audit/admin-audit.entity';
import { createUser, CreatedUser } from '../../factories/account';
import { eventually } from '../processor/support';
import type { TestContext } from '../../setup/test-app';
import { listResource } from './backoffice-helpers';
import { marketContext } from './market-data';

jest.setTimeout(120_000);

describe('Back office: fixtures and fixture-imports', () => {
  let t: TestContext;
  let remove: () => void;
  let admin: CreatedUser;
  let tipster: CreatedUser;

  beforeAll(async () => {
    // role 'all': the worker runs the import jobs the back office enqueues.
    ({ t, remove } = await marketContext(0, { role: 'all' }));
    admin = await createUser(t.ds, { role: 'admin', username: 'fixtures_admin' });
    tipster = await createUser(t.ds, { role: 'tipster' });
  });
  afterAll(async () => {
    await t?.close();
    remove?.();
  });

  describe('fixtures', () => {
    it('lists with league, teams, kick-off, status and score, sorted and paged', async () => {
      const res = await listResource(t, admin.token, 'fixtures', {
        sort: ['kickoff', 'ASC'],
        range: [0, 2],
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-range']).toMatch(/^fixtures 0-2\/(\d+)$/);
      expect(Number(String(res.headers['content-range']).split('/')[1])).toBe(760);
      const kickoffs = res.body.map((f: { kickoff: string }) => f.kickoff);
      expect([...kickoffs].sort()).toEqual(kickoffs);
      expect(res.body[0]).toEqual({
        id: expect.any(Number),
        league: expect.stringMatching(/Premier League|La Liga/),
        league_code: expect.stringMatching(/^(E0|SP1)$/),
        league_id: expect.any(Number),
        season: '2025-26',
        home_team: expect.any(String),
        away_team: expect.any(String),
        match_date: expect.stringMatching(/^2025-08-\d{2}$/),
        kickoff: expect.any(String),
        status: expect.any(String),
        elapsed: null,
        home_goals: null,
        away_goals: null,
        score: null,
        finished_at: null,
        provider: 'csv',
        tips_count: 0,
      });
    });

    it('filters by league, kick-off day, status and q', async () => {
      const laLiga = await listResource(t, admin.token, 'fixtures', {
        filter: { league: 'liga' },
        range: [0, 0],
      });
      expect(laLiga.headers['content-range']).toBe('fixtures 0-0/380');
      expect(laLiga.body[0].league_code).toBe('SP1');

      const day = await listResource(t, admin.token, 'fixtures', {
        filter: { kickoff_gte: '2026-04-20', kickoff_lte: '2026-04-20', league_code: 'E0' },
        sort: ['kickoff', 'ASC'],
      });
      expect(day.status).toBe(200);
      expect(day.body.length).toBeGreaterThan(0);
      for (const f of day.body) expect(f.match_date).toBe('2026-04-20');

      const arsenal = await listResource(t, admin.token, 'fixtures', {
        filter: { q: 'arsenal' },
        range: [0, 99],
      });
      expect(arsenal.headers['content-range']).toBe(`fixtures 0-37/38`);
      for (const f of arsenal.body) expect([f.home_team, f.away_team]).toContain('Arsenal');

      const ns = await listResource(t, admin.token, 'fixtures', {
        filter: { status: 'NS', q: 'arsenal' },
        range: [0, 0],
      });
      expect(ns.headers['content-range']).toBe('fixtures 0-0/38');
      const live = await listResource(t, admin.token, 'fixtures', {
        filter: { status: ['1H', '2H'] },
      });
      expect(live.headers['content-range']).toBe('fixtures */0');

      const one = await t.request('GET', `/api/backoffice/fixtures/${arsenal.body[0].id}`, {
        token: admin.token,
      });
      expect(one.body).toEqual(arsenal.body[0]);
    });

    it('answers 400 for an unknown sort field, 403 for a tipster, 405 for writes', async () => {
      const bad = await listResource(t, admin.token, 'fixtures', {
        sort: ['result_ft_home', 'DESC'],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe("Cannot sort fixtures by 'result_ft_home'");
      expect((await listResource(t, tipster.token, 'fixtures')).status).toBe(403);
      expect(
        (await t.request('POST', '/api/backoffice/fixtures', { token: admin.token, body: {} }))
          .status,
      ).toBe(405);
      expect(
        (await t.request('DELETE', '/api/backoffice/fixtures/1', { token: admin.token })).status,
      ).toBe(405);
    });
  });

  describe('fixture-imports', () => {
    it('POST records a run, enqueues import-fixtures, audits it; the worker records the report', async () => {
      const res = await t.request('POST', '/api/backoffice/fixture-imports', {
        token: admin.token,
        body: { force: true },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: expect.any(Number),
        requested_by: 'fixtures_admin',
        force: true,
        status: 'queued',
        report: null,
        job_id: `fixture-import-run-${res.body.id}`,
      });

      const queue = t.get<Queue>(getQueueToken(QUEUE.FIXTURES));
      const job = await queue.getJob(`fixture-import-run-${res.body.id}`);
      expect(job?.name).toBe('import-fixtures');
      expect(job?.data).toEqual({ manual: true, force: true, runId: res.body.id });

      const [audit] = await t.ds.getRepository(AdminAudit).find({ order: { id: 'DESC' }, take: 1 });
      expect(audit).toMatchObject({
        action: 'create',
        resource: 'fixture-imports',
        recordId: String(res.body.id),
        before: null,
        after: res.body,
      });

      const done = await eventually(
        async () => {
          const r = await t.request('GET', `/api/backoffice/fixture-imports/${res.body.id}`, {
            token: admin.token,
          });
          return r.body.status === 'done' ? r.body : null;
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      );
      expect(done.report.totals).toMatchObject({ rows: 760, malformed: 0 });
      expect(done.finished_at).toEqual(expect.any(String));
    });

    it('lists runs newest first with Content-Range; 400 for unknown sort; 403 for a tipster; 405 for update', async () => {
      await t.request('POST', '/api/backoffice/fixture-imports', { token: admin.token, body: {} });
      const res = await listResource(t, admin.token, 'fixture-imports', {
        filter: { requested_by: 'fixtures_admin' },
      });
      expect(res.headers['content-range']).toBe('fixture-imports 0-1/2');
      expect(res.body[0].id).toBeGreaterThan(res.body[1].id);
      expect(res.body[0]).toMatchObject({ force: false });
      expect(
        (await listResource(t, admin.token, 'fixture-imports', { sort: ['job_id', 'ASC'] })).status,
      ).toBe(400);
      expect(
        (
          await t.request('POST', '/api/backoffice/fixture-imports', {
            token: tipster.token,
            body: {},
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await t.request('PUT', `/api/backoffice/fixture-imports/${res.body[0].id}`, {
            token: admin.token,
            body: {},
          })
        ).status,
      ).toBe(405);
      const bad = await t.request('POST', '/api/backoffice/fixture-imports', {
        token: admin.token,
        body: { force: 'yes' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ force: ['force must be true or false'] });
    });
  });
});
