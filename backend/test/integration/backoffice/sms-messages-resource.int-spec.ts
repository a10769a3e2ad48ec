import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { QUEUE } from '../../../src/common/queues/queues';
import { AdminAudit } from '../../../src/modules/backoffice/audit/admin-audit.entity';
import { SmsOutbox } from '../../../src/modules/notifications/entities/sms-outbox.entity';
import { createUser, CreatedUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { AtStub } from '../processor/at-stub';
import { eventually } from '../processor/support';
import { listResource } from './backoffice-helpers';

jest.setTimeout(60_000);

describe('Back office: sms-messages', () => {
  let t: TestContext;
  let at: AtStub;
  let admin: CreatedUser;
  const ids: Record<string, string> = {};

  const insert = async (key: string, row: Partial<SmsOutbox>) => {
    const repo = t.ds.getRepository(SmsOutbox);
    ids[key] = (
      await repo.save(
        repo.create({
          to: '254712000001',
          body: 'Slip 12: Arsenal v Chelsea - 1 @1.85',
          purpose: 'deliver-slip',
          status: 'queued',
          ...row,
        }),
      )
    ).id;
  };

  beforeAll(async () => {
    at = await AtStub.start();
    // role 'all': the sms worker sends what a resend enqueues, to the Africa's Talking stub.
    t = await createTestContext({ role: 'all', listen: true, env: { AT_BASE_URL: at.origin } });
    admin = await createUser(t.ds, { role: 'admin' });
    await insert('failed', {
      to: '254712000001',
      status: 'failed',
      attempts: 5,
      lastError: '500 timeout',
      purpose: 'deliver-slip',
    });
    await insert('delivered', {
      to: '254712000002',
      status: 'delivered',
      attempts: 1,
      providerMessageId: 'ATXid_old',
      cost: 'KES 0.8000',
      purpose: 'subscription-confirm',
      deliveredAt: new Date(),
      sentAt: new Date(),
    });
    await insert('sent', {
      to: '254712000003',
      status: 'sent',
      attempts: 1,
      providerMessageId: 'ATXid_sent',
      purpose: 'deliver-slip',
      body: 'Your Silver subscription is active',
    });
  });
  afterAll(async () => {
    await t?.close();
    await at?.close();
  });

  const lastAudit = async () =>
    (await t.ds.getRepository(AdminAudit).find({ order: { id: 'DESC' }, take: 1 }))[0];
  const row = (id: string) => t.ds.getRepository(SmsOutbox).findOneByOrFail({ id });
  const resend = (id: string, body: unknown = { resend: true }) =>
    t.request('PUT', `/api/backoffice/sms-messages/${id}`, { token: admin.token, body });

  it('lists the outbox with sort, range, filter and Content-Range', async () => {
    const res = await listResource(t, admin.token, 'sms-messages', {
      sort: ['to', 'DESC'],
      range: [0, 1],
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('sms-messages 0-1/3');
    expect(res.body.map((m: { to: string }) => m.to)).toEqual(['254712000003', '254712000002']);
    expect(res.body[1]).toEqual({
      id: Number(ids.delivered),
      to: '254712000002',
      body: expect.any(String),
      purpose: 'subscription-confirm',
      status: 'delivered',
      attempts: 1,
      provider_message_id: 'ATXid_old',
      cost: 'KES 0.8000',
      last_error: null,
      delivery_status: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      sent_at: expect.any(String),
      delivered_at: expect.any(String),
    });
    const cases: [Record<string, unknown>, string[]][] = [
      [{ status: 'failed' }, [ids.failed]],
      [{ purpose: 'deliver-slip' }, [ids.failed, ids.sent]],
      [{ to: '254712000002' }, [ids.delivered]],
      [{ q: 'silver' }, [ids.sent]],
      [{ status: ['sent', 'delivered'], purpose: 'deliver-slip' }, [ids.sent]],
    ];
    for (const [filter, expected] of cases) {
      const r = await listResource(t, admin.token, 'sms-messages', { filter, sort: ['id', 'ASC'] });
      expect({ filter, ids: r.body.map((m: { id: number }) => String(m.id)) }).toEqual({
        filter,
        ids: expected,
      });
    }
  });

  it('answers 400 for an unknown sort field and 403 for users and tipsters', async () => {
    const bad = await listResource(t, admin.token, 'sms-messages', { sort: ['cost', 'ASC'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Cannot sort sms-messages by 'cost'");
    for (const role of ['user', 'tipster'] as const) {
      const { token } = await createUser(t.ds, { role });
      expect((await listResource(t, token, 'sms-messages')).status).toBe(403);
      expect(
        (
          await t.request('PUT', `/api/backoffice/sms-messages/${ids.failed}`, {
            token,
            body: { resend: true },
          })
        ).status,
      ).toBe(403);
    }
  });

  it('resend re-queues a failed message, enqueues a new deliver-sms job, audits it, and the worker sends it', async () => {
    const queue = t.get<Queue>(getQueueToken(QUEUE.SMS));
    const res = await resend(ids.failed, {
      ...(
        await t.request('GET', `/api/backoffice/sms-messages/${ids.failed}`, { token: admin.token })
      ).body,
      resend: true,
    });
    expect(res.status).toBe(200);
    const jobs = (
      await queue.getJobs(['waiting', 'active', 'completed', 'delayed', 'failed'])
    ).filter((j) => j.id?.startsWith(`sms-${ids.failed}-resend-`));
    expect(jobs).toHaveLength(1);
    expect(jobs[0].name).toBe('deliver-sms');
    expect(jobs[0].data).toEqual({ outboxId: ids.failed });

    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: 'update',
      resource: 'sms-messages',
      recordId: ids.failed,
      actorId: admin.user.id,
    });
    expect(audit.before).toMatchObject({
      status: 'failed',
      last_error: '500 timeout',
      attempts: 5,
    });
    expect(audit.after).toMatchObject({
      status: expect.stringMatching(/^(queued|sent)$/),
      last_error: null,
    });

    const sent = await eventually(async () => {
      const r = await row(ids.failed);
      return r.status === 'sent' || r.status === 'delivered' ? r : null;
    });
    expect(sent).toMatchObject({
      attempts: 6,
      providerMessageId: expect.stringMatching(/^ATXid_/),
      lastError: null,
    });
    expect(at.accepted.filter((m) => m.to === '+254712000001')).toHaveLength(1);
  });

  it('refuses to resend a delivered message unless forced', async () => {
    const before = await t.ds.getRepository(AdminAudit).count();
    const refused = await resend(ids.delivered);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'This SMS was already delivered; send { "resend": true, "force": true } to send it again',
    );
    expect(await row(ids.delivered)).toMatchObject({
      status: 'delivered',
      providerMessageId: 'ATXid_old',
    });
    expect(await t.ds.getRepository(AdminAudit).count()).toBe(before);

    const forced = await resend(ids.delivered, { resend: true, force: true });
    expect(forced.status).toBe(200);
    const sent = await eventually(async () => {
      const r = await row(ids.delivered);
      return r.status === 'sent' || r.status === 'delivered' ? r : null;
    });
    expect(sent.providerMessageId).not.toBe('ATXid_old');
  });

  it('needs resend: true; no create or delete', async () => {
    const res = await resend(ids.sent, { status: 'queued' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ resend: ['Send { "resend": true } to send this SMS again'] });
    expect(
      (
        await t.request('POST', '/api/backoffice/sms-messages', {
          token: admin.token,
          body: { to: '254712000009', body: 'x' },
        })
      ).status,
    ).toBe(405);
    expect(
      (
        await t.request('DELETE', `/api/backoffice/sms-messages/${ids.sent}`, {
          token: admin.token,
        })
      ).status,
    ).toBe(405);
  });
});
