import { QUEUE } from '../../../src/common/queues/queues';
import { createUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';

describe('Bull Board at /admin/queues', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext()));
  afterAll(() => t?.close());

  it('answers 401 without a token', async () => {
    expect((await t.request('GET', '/admin/queues')).status).toBe(401);
    expect((await t.request('GET', '/admin/queues/api/queues')).status).toBe(401);
  });

  it('answers 403 to a logged-in user who is not an admin', async () => {
    const { token } = await createUser(t.ds, { role: 'user' });
    expect((await t.request('GET', '/admin/queues/api/queues', { token })).status).toBe(403);
  });

  it('shows every queue the app declares (payments, sms, payouts, fixtures, settlement, maintenance, transparency, ussd) to an admin, by bearer token or by the token cookie', async () => {
    const { token } = await createUser(t.ds, { role: 'admin' });
    const res = await t.request('GET', '/admin/queues/api/queues', { token });
    expect(res.status).toBe(200);
    expect(res.body.queues.map((q: { name: string }) => q.name).sort()).toEqual([
      'fixtures',
      'maintenance',
      'payments',
      'payouts',
      'settlement',
      'sms',
      'transparency',
      'ussd',
    ]);
    expect(Object.values(QUEUE).sort()).toEqual(
      res.body.queues.map((q: { name: string }) => q.name).sort(),
    );
    const page = await t.request('GET', '/admin/queues', { headers: { cookie: `token=${token}` } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html');
  });
});
