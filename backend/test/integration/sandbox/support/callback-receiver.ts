import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedCallback {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A tiny callback target for the sandbox tests (node:http on 127.0.0.1): records every request
 * and answers 200 `{"ResultCode":0,"ResultDesc":"Accepted"}` unless `respond` says otherwise.
 * Stands in for /api/processor/* until those routes exist.
 */
export class CallbackReceiver {
  readonly received: ReceivedCallback[] = [];
  /** Status to answer for a request (default 200). */
  respond: (req: ReceivedCallback) => number = () => 200;
  private waiters: {
    match: (r: ReceivedCallback) => boolean;
    resolve: (r: ReceivedCallback) => void;
  }[] = [];

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<CallbackReceiver> {
    let receiver: CallbackReceiver | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        const got: ReceivedCallback = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        const r = receiver as CallbackReceiver;
        r.received.push(got);
        const status = r.respond(got);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ResultCode: 0, ResultDesc: 'Accepted' }));
        r.waiters = r.waiters.filter((w) => (w.match(got) ? (w.resolve(got), false) : true));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = new CallbackReceiver(
      server,
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    );
    return receiver;
  }

  url(path: string): string {
    return `${this.origin}${path}`;
  }

  /** Requests to `path` so far. */
  on(path: string): ReceivedCallback[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Resolves with the first request (already received or coming) that `match` accepts. */
  waitFor(match: (r: ReceivedCallback) => boolean, timeoutMs = 10_000): Promise<ReceivedCallback> {
    const seen = this.received.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching callback within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}

/** A JSON body's field, for matching. */
export const jsonOf = (r: ReceivedCallback): any => JSON.parse(r.body);

/** The tests' one wait-for-a-condition helper (backend/test/support/eventually.ts), for the files that import it from here. */
export { eventually } from '../../../support/eventually';
