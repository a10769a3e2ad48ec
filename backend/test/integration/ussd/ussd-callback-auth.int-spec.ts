import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(60_000);

/**
 * The USSD callback's source allowlist (docs/PROVIDERS.md "Africa's Talking USSD";
 * docs/PRODUCT-RULES.md R170): without a key, only USSD_ALLOWED_IPS may call, the address being
 * the socket's or the one a TRUST_PROXY proxy forwarded; a forged X-Forwarded-For changes nothing.
 */
describe('USSD callback source allowlist', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      role: 'api',
      env: {
        USSD_CALLBACK_KEY: '',
        USSD_ALLOWED_IPS: '196.201.214.0/24, 2c0f:fe38::/32',
        TRUST_PROXY: '10.0.0.0/8',
      },
    });
  });
  afterAll(() => t?.close());

  const call = (remoteAddress: string, forwardedFor?: string) =>
    t.request('POST', '/api/ussd/africastalking', {
      remoteAddress,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      body: 'sessionId=ATUid_auth&serviceCode=%2A384%2A123%23&phoneNumber=%2B254711082123&networkCode=63902&text=',
    });

  it.each([
    ['an allowed socket address', '196.201.214.5', undefined, 200],
    ['an allowed IPv6 socket address', '2c0f:fe38:2000::1', undefined, 200],
    ['an allowed address forwarded by a trusted proxy', '10.0.0.7', '196.201.214.5', 200],
    ['an address outside the list', '8.8.8.8', undefined, 403],
    ['a forged X-Forwarded-For from an untrusted client', '127.0.0.1', '196.201.214.5', 403],
    ['a disallowed address forwarded by a trusted proxy', '10.0.0.7', '8.8.8.8', 403],
  ])('%s (socket %s, X-Forwarded-For %s) → %i', async (_name, remote, forwarded, status) => {
    const res = await call(remote, forwarded);
    expect(res.status).toBe(status);
    if (status === 200) expect(res.text).toMatch(/^CON TipsKE/);
  });
});
