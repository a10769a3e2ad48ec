import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import { AddressInfo, createServer as createNetServer } from 'node:net';

/** One request as the stub saw it. */
export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * What a route answers. `body` objects are sent as JSON, strings as text/plain (or set
 * `headers['content-type']`); `rawJson` is sent as JSON text exactly as given (numbers like
 * `100.00`); `hang` never answers (timeouts); `stallAfter` sends the status, headers and this
 * much of the body, then stalls (timeout while reading the body); `delayMs` waits first.
 */
export interface StubReply {
  status?: number;
  body?: unknown;
  rawJson?: string;
  headers?: Record<string, string>;
  hang?: boolean;
  stallAfter?: string;
  delayMs?: number;
}

/** Computes a reply for a request (may be async). */
export type StubHandler = (req: StubRequest) => StubReply | Promise<StubReply>;

/**
 * Test-only local HTTP server (node:http on 127.0.0.1, an ephemeral port unless given) that
 * records every request and answers scripted replies, so provider clients are exercised through
 * real sockets and Node's fetch — no fetch mocking. Routes are `"METHOD /path"` (query ignored).
 */
export class StubServer {
  readonly requests: StubRequest[] = [];
  private readonly routes = new Map<string, StubHandler>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** Starts a stub on 127.0.0.1:`port` (0 = ephemeral). */
  static async start(port = 0): Promise<StubServer> {
    let stub: StubServer | undefined;
    const server = createServer((req, res) => {
      void stub?.handle(req.method ?? 'GET', req.url ?? '/', req.headers, req, res);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    const address = server.address() as AddressInfo;
    stub = new StubServer(server, `http://127.0.0.1:${address.port}`);
    return stub;
  }

  /** Sets (or replaces) the handler of `"METHOD /path"`; a plain reply is answered every time. */
  on(route: string, handler: StubHandler | StubReply): this {
    this.routes.set(route, typeof handler === 'function' ? handler : () => handler);
    return this;
  }

  /** Answers `replies` in order on `"METHOD /path"`, repeating the last one afterwards. */
  sequence(route: string, ...replies: StubReply[]): this {
    let next = 0;
    return this.on(route, () => replies[Math.min(next++, replies.length - 1)]);
  }

  /** Requests received on one path (query ignored). */
  calls(path: string): StubRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Stops listening and drops open (also hanging) connections. */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(
    method: string,
    rawUrl: string,
    headers: IncomingHttpHeaders,
    stream: NodeJS.ReadableStream,
    res: ServerResponse,
  ): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    const url = new URL(rawUrl, 'http://stub');
    const req: StubRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.requests.push(req);
    const handler = this.routes.get(`${method} ${url.pathname}`);
    const reply: StubReply = handler
      ? await handler(req)
      : { status: 404, body: { error: `no stub for ${method} ${url.pathname}` } };
    if (reply.hang) return;
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    let payload = '';
    let contentType = 'application/json';
    if (reply.rawJson !== undefined) payload = reply.rawJson;
    else if (typeof reply.body === 'string') [payload, contentType] = [reply.body, 'text/plain'];
    else if (reply.body !== undefined) payload = JSON.stringify(reply.body);
    if (res.destroyed) return;
    res.writeHead(reply.status ?? 200, { 'content-type': contentType, ...reply.headers });
    if (reply.stallAfter !== undefined) {
      res.write(reply.stallAfter);
      return;
    }
    res.end(payload);
  }
}

/**
 * A local URL nobody listens on (a port just released by the OS): fetch to it fails with
 * ECONNREFUSED, i.e. the request provably never left. Returns the URL and its port.
 */
export const closedPortUrl = async (): Promise<{ url: string; port: number }> => {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${port}`, port };
};
