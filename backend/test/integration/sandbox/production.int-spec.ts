import { PRODUCTION_ENV } from '../../setup/production-env';
import { createTestContext, TestContext } from '../../setup/test-app';

/** With NODE_ENV=production the sandboxes are not loaded: every /sandbox path is 404 (docs/ARCHITECTURE.md "Providers and sandboxes"). */
describe('Sandboxes in production', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext({
      listen: true,
      env: { ...PRODUCTION_ENV, SANDBOX_ENABLED: 'true' },
    });
  });
  afterAll(() => t?.close());

  it.each([
    ['GET', '/sandbox'],
    ['GET', '/sandbox/'],
    ['GET', '/sandbox/phone/254712345678'],
    ['GET', '/sandbox/api/phones/254712345678'],
    ['POST', '/sandbox/api/phones/254712345678/prompts/ws_CO_1/accept'],
    ['GET', '/sandbox/daraja/oauth/v1/generate?grant_type=client_credentials'],
    ['POST', '/sandbox/daraja/mpesa/stkpush/v1/processrequest'],
    ['POST', '/sandbox/flutterwave/v3/payments'],
    ['GET', '/sandbox/flutterwave/pay/abc'],
    ['POST', '/sandbox/africastalking/version1/messaging'],
    ['POST', '/sandbox/api/faults'],
  ])('%s %s → 404', async (method, path) => {
    const res = await fetch(`${t.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });
});
