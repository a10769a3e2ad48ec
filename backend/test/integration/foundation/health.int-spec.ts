import { createTestContext, TestContext } from '../../setup/test-app';

describe('GET /api/health, /api/docs and errors', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext()));
  afterAll(() => t?.close());

  it('answers 200 with db and redis up', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.details).toEqual({ db: { status: 'up' }, redis: { status: 'up' } });
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const json = await t.request('GET', '/api/docs-json');
    expect(json.status).toBe(200);
    expect(json.body.paths).toHaveProperty('/api/health');
    expect((await t.request('GET', '/api/docs')).status).toBe(200);
  });

  it('answers an unknown API path with the one JSON error shape', async () => {
    const res = await t.request('GET', '/api/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('answers 400 with a message, not 500, to a malformed JSON body', async () => {
    const res = await t.request('POST', '/api/health', {
      body: '{"x":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.message).toBe('string');
  });

  it('answers 503 naming db down once PostgreSQL is gone, and keeps serving', async () => {
    await t.db.drop(); // terminates the app's connections and removes its database
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(503);
    expect(res.body.details.db.status).toBe('down');
    expect(res.body.details.redis.status).toBe('up');
    expect((await t.request('GET', '/api/health')).status).toBe(503);
  });
});
