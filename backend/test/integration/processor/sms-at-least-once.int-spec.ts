import { AppConfig } from '../../../src/config/app-config';
import { JobProducer } from '../../../src/common/queues/job-producer.service';
import { QUEUE } from '../../../src/common/queues/queues';
import {
  SMS_SENDING_STALE_MS,
  smsJobId,
  SmsService,
} from '../../../src/modules/notifications/sms/sms.service';
import { AT_DELIVERY_REPORT_PATH } from '../../../src/sandbox/sandbox.constants';
import { createTestContext, TestContext } from '../../setup/test-app';
import { AtStub } from './at-stub';
import { eventually } from './support';

/**
 * One SMS, at least once and not twice for a live send (docs/RELIABILITY.md, "SMS: at least
 * once"): a row being sent is `sending`, so the re-queue sweep does not send it again; a row left
 * `sending` by a sender that stopped (kill -9) is sent again once it is older than the sending window.
 */
describe('SMS outbox: at least once, never twice while a send is in flight', () => {
  let t: TestContext;
  let sms: SmsService;
  let at: AtStub;

  beforeAll(async () => {
    at = await AtStub.start();
    t = await createTestContext({ role: 'all', listen: true, env: { AT_BASE_URL: at.origin } });
    at.reportUrl = `${t.baseUrl}${AT_DELIVERY_REPORT_PATH}/${t.get(AppConfig).africasTalking.callbackToken}`;
    sms = t.get(SmsService);
  });
  afterAll(async () => {
    await t?.close();
    await at?.close();
  });

  const row = async (id: string) =>
    (await t.ds.query(`SELECT * FROM sms_outbox WHERE id = $1`, [id]))[0];

  it('the re-queue sweep does not send again a message whose send is in flight', async () => {
    const to = '254712000551';
    const body = 'Your picks: in flight';
    const held = at.holdNext(`+${to}`);
    const [id] = await sms.queueMany([{ to, body, purpose: 'test' }], t.ds.manager);
    // The payments worker's direct send (no job): claimed, waiting for Africa's Talking.
    const sending = sms.sendNow(id);
    await held.arrived;
    // The sweep runs meanwhile (it counts rows untouched for 0 ms as stale here).
    await sms.requeueStale(0);
    held.release();
    await sending;
    const sent = await eventually(async () => {
      const r = await row(id);
      return r.status === 'delivered' ? r : null;
    });
    expect(sent).toMatchObject({
      attempts: 1,
      provider_message_id: expect.stringMatching(/^ATXid_/),
    });
    // Give a second send by the sweep every chance to happen: its job, if any, has finished.
    await eventually(async () => {
      const job = await t.get(JobProducer).queue(QUEUE.SMS).getJob(smsJobId(id));
      return !job || ['completed', 'failed'].includes(await job.getState());
    });
    expect(at.requests.filter((r) => r.message === body)).toHaveLength(1);
  });

  it('sends again a message left sending by a sender that stopped, once past the sending window', async () => {
    const to = '254712000552';
    const body = 'Your picks: sender killed';
    // What a kill -9 between the claim and the recorded answer leaves behind.
    const [{ id }] = await t.ds.query(
      `INSERT INTO sms_outbox (to_msisdn, body, purpose, status, attempts, updated_at)
       VALUES ($1, $2, 'test', 'sending', 1, now() - make_interval(secs => $3)) RETURNING id::text`,
      [to, body, SMS_SENDING_STALE_MS / 1000 + 60],
    );
    const young = await t.ds.query(
      `INSERT INTO sms_outbox (to_msisdn, body, purpose, status, attempts, updated_at)
       VALUES ($1, 'Your picks: still sending', 'test', 'sending', 1, now() - interval '5 seconds') RETURNING id::text`,
      [to],
    );
    expect(await sms.requeueStale()).toBeGreaterThanOrEqual(1);
    const delivered = await eventually(async () => {
      const r = await row(id);
      return r.status === 'delivered' ? r : null;
    });
    expect(delivered).toMatchObject({
      attempts: 2,
      provider_message_id: expect.stringMatching(/^ATXid_/),
    });
    expect(at.requests.filter((r) => r.message === body)).toHaveLength(1);
    // A send younger than the window is left to its sender.
    expect((await row(young[0].id)).status).toBe('sending');
  });
});
