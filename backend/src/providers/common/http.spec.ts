import {
  backoffDelayMs,
  createHttpClient,
  HttpClient,
  networkErrorCode,
  ProviderHttpOptions,
  ProviderNetworkError,
  ProviderTimeoutError,
  RetryEvent,
} from './http';
import { closedPortUrl, StubServer } from './stub-server.testing';

const FAST: Partial<ProviderHttpOptions> = { backoff: { baseMs: 1, maxMs: 5 }, random: () => 0.5 };

describe(HttpClient.name, () => {
  let stub: StubServer;
  let retries: RetryEvent[];
  const client = (options: Partial<ProviderHttpOptions> = {}): HttpClient =>
    createHttpClient(
      'daraja',
      { baseUrl: stub.url, retries: 2, ...FAST, onRetry: (e) => void retries.push(e), ...options },
      { timeoutMs: 2000 },
    );

  beforeEach(async () => {
    stub = await StubServer.start();
    retries = [];
  });
  afterEach(() => stub.close());

  describe('idempotent calls', () => {
    it('retries a 503 and returns the following 200', async () => {
      stub.sequence(
        'GET /thing',
        { status: 503, body: 'busy' },
        { status: 200, body: { ok: true } },
      );
      const res = await client().request({
        method: 'GET',
        path: '/thing',
        query: { a: 1, b: undefined },
        retry: 'idempotent',
      });
      expect(res).toMatchObject({ status: 200, text: '{"ok":true}', attempts: 2 });
      expect(stub.calls('/thing')).toHaveLength(2);
      expect(stub.requests[0].query.get('a')).toBe('1');
      expect(stub.requests[0].query.has('b')).toBe(false);
      expect(retries).toEqual([
        expect.objectContaining({ attempt: 1, reason: 'HTTP 503', path: '/thing' }),
      ]);
    });

    it('does not retry a 4xx answer', async () => {
      stub.on('GET /thing', { status: 400, body: { error: 'bad' } });
      const res = await client().request({ method: 'GET', path: '/thing', retry: 'idempotent' });
      expect(res.status).toBe(400);
      expect(stub.requests).toHaveLength(1);
    });

    it('returns the last 5xx once the retries are used up', async () => {
      stub.on('GET /thing', { status: 502, body: 'gateway' });
      const res = await client({ retries: 2 }).request({
        method: 'GET',
        path: '/thing',
        retry: 'idempotent',
      });
      expect(res).toMatchObject({ status: 502, attempts: 3 });
      expect(stub.requests).toHaveLength(3);
    });

    it('retries timeouts, then throws ProviderTimeoutError', async () => {
      stub.on('GET /slow', { hang: true });
      const call = client({ retries: 1 }).request({
        method: 'GET',
        path: '/slow',
        retry: 'idempotent',
        timeoutMs: 100,
      });
      await expect(call).rejects.toMatchObject({
        name: 'ProviderTimeoutError',
        timeoutMs: 100,
        outcomeUnknown: true,
      });
      expect(stub.requests).toHaveLength(2);
    });

    it('times out while the body is still arriving', async () => {
      stub.on('GET /stall', { status: 200, stallAfter: '{"partial":' });
      const call = client({ retries: 0 }).request({
        method: 'GET',
        path: '/stall',
        retry: 'idempotent',
        timeoutMs: 150,
      });
      await expect(call).rejects.toBeInstanceOf(ProviderTimeoutError);
    });

    it('lets retryResponse decide which answers are repeated', async () => {
      stub.sequence('GET /thing', { status: 499 }, { status: 200, body: {} });
      const res = await client().request({
        method: 'GET',
        path: '/thing',
        retry: 'idempotent',
        retryResponse: (r) => r.status === 499,
      });
      expect(res.status).toBe(200);
    });
  });

  describe('unsent-only calls (no idempotency key)', () => {
    it('does not retry a 503: the provider may have acted', async () => {
      stub.on('POST /pay', { status: 503, body: 'busy' });
      const res = await client({ retries: 3 }).request({
        method: 'POST',
        path: '/pay',
        retry: 'unsent-only',
      });
      expect(res.status).toBe(503);
      expect(stub.requests).toHaveLength(1);
    });

    it('does not retry a timeout and reports the outcome as unknown', async () => {
      stub.on('POST /pay', { hang: true });
      const call = client({ retries: 3 }).request({
        method: 'POST',
        path: '/pay',
        retry: 'unsent-only',
        timeoutMs: 100,
      });
      await expect(call).rejects.toMatchObject({
        name: 'ProviderTimeoutError',
        outcomeUnknown: true,
      });
      expect(stub.requests).toHaveLength(1);
    });

    it('retries connection refused (never sent) and succeeds once the server is up', async () => {
      const { url, port } = await closedPortUrl();
      let late: StubServer | undefined;
      const http = createHttpClient(
        'daraja',
        {
          baseUrl: url,
          retries: 2,
          backoff: { baseMs: 50, maxMs: 100 },
          onRetry: async (e) => {
            retries.push(e);
            late ??= (await StubServer.start(port)).on('POST /pay', {
              status: 200,
              body: { ok: 1 },
            });
          },
        },
        { timeoutMs: 2000 },
      );
      try {
        const res = await http.request({
          method: 'POST',
          path: '/pay',
          body: { contentType: 'application/json', text: '{}' },
          retry: 'unsent-only',
        });
        expect(res.status).toBe(200);
        expect(retries).toEqual([expect.objectContaining({ reason: 'ECONNREFUSED' })]);
        expect(late?.requests).toHaveLength(1);
      } finally {
        await late?.close();
      }
    });

    it('throws ProviderNetworkError with requestSent=false when nobody listens', async () => {
      const { url } = await closedPortUrl();
      const call = createHttpClient(
        'daraja',
        { baseUrl: url, retries: 1, ...FAST },
        { timeoutMs: 2000 },
      ).request({
        method: 'POST',
        path: '/pay',
        retry: 'unsent-only',
      });
      await expect(call).rejects.toBeInstanceOf(ProviderNetworkError);
      await expect(call).rejects.toMatchObject({
        code: 'ECONNREFUSED',
        requestSent: false,
        outcomeUnknown: false,
      });
    });
  });

  it('sends the body with its content type and the given headers', async () => {
    stub.on('POST /form', { status: 201, body: {} });
    await client().request({
      method: 'POST',
      path: '/form',
      headers: { apiKey: 'k' },
      body: { contentType: 'application/x-www-form-urlencoded', text: 'a=1&b=2' },
      retry: 'unsent-only',
    });
    expect(stub.requests[0]).toMatchObject({ body: 'a=1&b=2' });
    expect(stub.requests[0].headers).toMatchObject({
      apikey: 'k',
      'content-type': 'application/x-www-form-urlencoded',
    });
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() =>
      createHttpClient('daraja', { baseUrl: 'localhost:3000' }, { timeoutMs: 1 }),
    ).toThrow(TypeError);
  });
});

describe('backoffDelayMs', () => {
  it('doubles per attempt with jitter in [cap/2, cap) and stops at maxMs', () => {
    const backoff = { baseMs: 100, maxMs: 1000 };
    expect(backoffDelayMs(1, backoff, () => 0)).toBe(50);
    expect(backoffDelayMs(1, backoff, () => 0.999)).toBe(99);
    expect(backoffDelayMs(2, backoff, () => 0)).toBe(100);
    expect(backoffDelayMs(3, backoff, () => 0)).toBe(200);
    expect(backoffDelayMs(10, backoff, () => 0)).toBe(500);
    expect(backoffDelayMs(10, backoff, () => 0.999)).toBe(999);
  });
});

describe('networkErrorCode', () => {
  const wrap = (cause: unknown): Error => new TypeError('fetch failed', { cause });
  const sock = (code: string): Error => Object.assign(new Error(code), { code });

  it('finds the code in the cause chain', () => {
    expect(networkErrorCode(wrap(sock('ENOTFOUND')))).toBe('ENOTFOUND');
    expect(networkErrorCode(wrap(new Error('no code')))).toBeUndefined();
  });

  it('calls a happy-eyeballs failure "not sent" only when every address failed to connect', () => {
    const all = new AggregateError([sock('ECONNREFUSED'), sock('EHOSTUNREACH')]);
    const mixed = new AggregateError([sock('ECONNREFUSED'), sock('ECONNRESET')]);
    expect(networkErrorCode(wrap(all))).toBe('ECONNREFUSED');
    expect(networkErrorCode(wrap(mixed))).toBe('ECONNRESET');
  });
});
