import { AddressInfo, createServer, Server, Socket } from 'net';
import {
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_S,
} from '../../../src/common/filters/all-exceptions.filter';
import { createTestContext, TestContext } from '../../setup/test-app';
import { TEST_PG_URL } from '../../setup/test-env';
import { eventually } from '../../support/eventually';

/**
 * A TCP proxy to the shared PostgreSQL that the test can take down and bring back: "down" stops
 * listening and cuts every open connection (the app sees its connections terminated, then
 * connection refused), as a database restart or network cut would. The real server is never touched.
 */
class PgLink {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(): Promise<PgLink> {
    const pg = new URL(TEST_PG_URL);
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const link = new PgLink(port, { host: pg.hostname, port: Number(pg.port || 5432) });
    await link.up();
    return link;
  }

  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = new Socket();
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      upstream.connect(this.target.port, this.target.host);
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * PostgreSQL unreachable: routes answer 503 with Retry-After and a clear message (not 500
 * 'Internal server error'), and work again once it is back.
 */
describe('routes while PostgreSQL is unreachable', () => {
  let t: TestContext;
  let link: PgLink;

  beforeAll(async () => {
    link = await PgLink.start();
    t = await createTestContext({
      databaseUrl: (url) => {
        const u = new URL(url);
        u.host = `127.0.0.1:${link.port}`;
        return u.toString();
      },
    });
  });
  afterAll(async () => {
    await link?.up();
    await t?.close();
    await link?.down();
  });

  const routes = [
    ['GET', '/api/manage/get-subscription-kind', undefined],
    [
      'POST',
      '/api/account/email-login',
      { email: 'someone@example.com', password: 'a-password-1' },
    ],
    ['GET', '/api/account/profile/nobody_here', undefined],
  ] as const;

  it('answers 200 while it is up', async () => {
    expect((await t.request('GET', '/api/manage/get-subscription-kind')).status).toBe(200);
  });

  it('answers 503 with Retry-After and a message, for connections cut and for connections refused', async () => {
    await link.down();
    for (let round = 0; round < 2; round++) {
      for (const [method, url, body] of routes) {
        const res = await t.request(method, url, { body });
        expect({ url, status: res.status, body: res.body }).toEqual({
          url,
          status: 503,
          body: { message: UNAVAILABLE_MESSAGE },
        });
        expect(res.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
      }
    }
  });

  it('serves again once PostgreSQL is back', async () => {
    await link.up();
    const status = await eventually(
      async () => {
        const res = await t.request('GET', '/api/manage/get-subscription-kind');
        return res.status === 200 ? res.status : null;
      },
      { timeoutMs: 20_000, what: 'GET /api/manage/get-subscription-kind to answer 200' },
    );
    expect(status).toBe(200);
  });
});
