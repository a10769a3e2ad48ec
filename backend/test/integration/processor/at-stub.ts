import { randomBytes } from 'crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** One message the stub accepted. */
export interface StubSms {
  to: string;
  message: string;
  messageId: string;
}

const BLACKLISTED = '+254700000406';
const DELIVERY_FAILS = '+254700000500';

/**
 * A stand-in for Africa's Talking's bulk SMS API (docs/PROVIDERS.md §3.2, §3.3) for the outbox tests,
 * reached through AT_BASE_URL: answers `POST /version1/messaging` like the real API (201,
 * statusCode 101, `ATXid_…`, `KES 0.8000`; 406 UserInBlacklist for +254700000406), can fail the
 * next N sends with an HTTP status, and posts form-encoded delivery reports (`Submitted`, then
 * `Success`, or `Failed` for +254700000500) to `reportUrl`.
 */
export class AtStub {
  readonly accepted: StubSms[] = [];
  /** Where delivery reports go (set once the app listens). */
  reportUrl = '';
  private failures: { remaining: number; status: number; to?: string } = {
    remaining: 0,
    status: 500,
  };

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<AtStub> {
    let stub: AtStub | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () =>
        (stub as AtStub).handle(
          req.method ?? '',
          req.url ?? '',
          Buffer.concat(chunks).toString('utf8'),
          res,
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stub = new AtStub(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return stub;
  }

  /** Every send request received (answered or not), in order: what reached the phone network's door. */
  readonly requests: { to: string; message: string }[] = [];
  private held: { to: string; arrived: () => void; gate: Promise<void> } | null = null;

  /**
   * Holds the answer to the next send to `to` ('+2547…') until `release()`; `arrived` resolves
   * when that request came in. Other sends are answered as usual.
   */
  holdNext(to: string): { arrived: Promise<void>; release: () => void } {
    let arrived!: () => void;
    let release!: () => void;
    const arrivedP = new Promise<void>((r) => (arrived = r));
    const gate = new Promise<void>((r) => (release = r));
    this.held = { to, arrived, gate };
    return { arrived: arrivedP, release };
  }

  /** The next `count` sends (to `to` only, when given: '+2547…') answer HTTP `status`. */
  failNext(count: number, status = 500, to?: string): void {
    this.failures = { remaining: count, status, to };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private handle(
    method: string,
    url: string,
    body: string,
    res: import('node:http').ServerResponse,
    released = false,
  ): void {
    if (method !== 'POST' || url !== '/version1/messaging') {
      res.writeHead(404).end();
      return;
    }
    const form = new URLSearchParams(body);
    const to = form.get('to') ?? '';
    if (!released) this.requests.push({ to, message: form.get('message') ?? '' });
    const held = this.held;
    if (held && held.to === to) {
      this.held = null;
      held.arrived();
      void held.gate.then(() => this.handle(method, url, body, res, true));
      return;
    }
    if (this.failures.remaining > 0 && (!this.failures.to || this.failures.to === to)) {
      this.failures.remaining--;
      res
        .writeHead(this.failures.status, { 'content-type': 'text/plain' })
        .end('Internal Server Error');
      return;
    }
    const message = form.get('message') ?? '';
    const blacklisted = to === BLACKLISTED;
    const messageId = blacklisted ? 'None' : `ATXid_${randomBytes(16).toString('hex')}`;
    const recipient = blacklisted
      ? { statusCode: 406, number: to, status: 'UserInBlacklist', cost: '0', messageId }
      : { statusCode: 101, number: to, status: 'Success', cost: 'KES 0.8000', messageId };
    res.writeHead(201, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        SMSMessageData: {
          Message: `Sent to ${blacklisted ? 0 : 1}/1 Total Cost: KES ${blacklisted ? '0' : '0.8000'}`,
          Recipients: [recipient],
        },
      }),
    );
    if (blacklisted) return;
    this.accepted.push({ to, message, messageId });
    const final: Record<string, string> =
      to === DELIVERY_FAILS
        ? { status: 'Failed', failureReason: 'DeliveryFailure' }
        : { status: 'Success' };
    void this.report(messageId, to, { status: 'Submitted' }, 50).then(() =>
      this.report(messageId, to, final, 50),
    );
  }

  private async report(
    id: string,
    phoneNumber: string,
    fields: Record<string, string>,
    delayMs: number,
  ): Promise<void> {
    await new Promise((r) => setTimeout(r, delayMs));
    if (!this.reportUrl) return;
    await fetch(this.reportUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id, phoneNumber, networkCode: '99999', ...fields }).toString(),
    }).catch(() => undefined);
  }
}
