import { createTestContext, TestContext } from '../../setup/test-app';

const EVIL = 'https://evil.example';

/**
 * CORS: credentialed cross-origin calls only from the configured origins (CORS_ORIGINS, else
 * PUBLIC_URL). Any other Origin gets no Access-Control-Allow-Origin, so a page elsewhere cannot
 * read answers made with the visitor's cookies.
 */
describe('CORS allowlist', () => {
  describe('default: PUBLIC_URL only', () => {
    let t: TestContext;
    beforeAll(
      async () => (t = await createTestContext({ env: { PUBLIC_URL: 'https://tips.example' } })),
    );
    afterAll(() => t?.close());

    const preflight = (origin: string) =>
      t.request('OPTIONS', '/api/account/profile', {
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });

    it('allows PUBLIC_URL with credentials', async () => {
      const res = await preflight('https://tips.example');
      expect(res.status).toBeLessThan(300);
      expect(res.headers['access-control-allow-origin']).toBe('https://tips.example');
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      const get = await t.request('GET', '/api/manage/get-subscription-kind', {
        headers: { origin: 'https://tips.example' },
      });
      expect(get.headers['access-control-allow-origin']).toBe('https://tips.example');
    });

    it.each([EVIL, 'https://tips.example.evil.example', 'http://tips.example', 'null'])(
      'does not reflect %s',
      async (origin) => {
        const res = await preflight(origin);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        const get = await t.request('GET', '/api/manage/get-subscription-kind', {
          headers: { origin },
        });
        expect(get.status).toBe(200); // same-origin and server-to-server callers are unaffected
        // Without Access-Control-Allow-Origin the browser hands the answer to no other page.
        expect(get.headers['access-control-allow-origin']).toBeUndefined();
      },
    );
  });

  describe('CORS_ORIGINS', () => {
    let t: TestContext;
    beforeAll(
      async () =>
        (t = await createTestContext({
          env: {
            PUBLIC_URL: 'https://tips.example',
            CORS_ORIGINS: 'https://admin.tips.example,http://localhost:5173',
          },
        })),
    );
    afterAll(() => t?.close());

    it('allows exactly the listed origins', async () => {
      for (const origin of ['https://admin.tips.example', 'http://localhost:5173']) {
        const res = await t.request('GET', '/api/manage/get-subscription-kind', {
          headers: { origin },
        });
        expect(res.headers['access-control-allow-origin']).toBe(origin);
      }
      for (const origin of ['https://tips.example', EVIL]) {
        const res = await t.request('GET', '/api/manage/get-subscription-kind', {
          headers: { origin },
        });
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
    });
  });
});
