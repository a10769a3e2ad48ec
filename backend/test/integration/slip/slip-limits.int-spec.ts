import { createUser } from '../../factories/account';
import { SLIP_LIMITS } from '../../../src/modules/slip/slip-limits';
import { createTestContext, TestContext } from '../../setup/test-app';

/**
 * GET /api/slip/limits: public, cacheable, the limits the publish route enforces
 * (docs/PRODUCT-RULES.md R9, R135, "Slips").
 */
describe('GET /api/slip/limits', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every visitor with the limits and their messages, cacheable for an hour', async () => {
    const res = await t.request('GET', '/api/slip/limits');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toEqual(JSON.parse(JSON.stringify(SLIP_LIMITS)));
    expect(res.body).toMatchObject({
      min_tips: 3,
      max_tips: 5,
      min_total_odds: '1.60',
      max_total_odds: '100.00',
      min_price_ksh: 50,
      max_price_ksh: 1000,
    });
  });

  it('is the limit the publish route enforces: a slip of max_tips + 1 games gets the served message', async () => {
    const { token } = await createUser(t.ds);
    const tips = Array.from({ length: SLIP_LIMITS.max_tips + 1 }, (_, i) => ({
      game: i + 1,
      market: 1,
    }));
    const res = await t.request('POST', '/api/slip/create', {
      token,
      body: { published: true, tips, tip_id: null, amount: SLIP_LIMITS.min_price_ksh },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(SLIP_LIMITS.messages.too_many_tips);
  });
});
