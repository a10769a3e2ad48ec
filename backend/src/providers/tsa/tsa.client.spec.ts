import { createServer, IncomingMessage, Server, ServerResponse } from 'http';
import { AddressInfo } from 'net';
import { fixedClock } from '../../common/clock/clock';
import { TsaSandboxService } from '../../sandbox/tsa/tsa-sandbox.service';
import {
  checkTimestampToken,
  TIMESTAMP_QUERY,
  TIMESTAMP_REPLY,
  timestampRequest,
  TimestampReplyError,
} from './rfc3161';
import { TsaClient } from './tsa.client';

/** An HTTP server answering each request with `answer` (status, content type, body bytes). */
const serve = async (
  answer: (
    req: IncomingMessage,
    body: Buffer,
  ) => Promise<{ status: number; type: string; body: Buffer }>,
): Promise<{ url: string; server: Server; seen: string[] }> => {
  const seen: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push(`${req.method} ${req.headers['content-type']}`);
      answer(req, Buffer.concat(chunks)).then(
        (a) => res.writeHead(a.status, { 'content-type': a.type }).end(a.body),
        (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(err.message),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/timestamp`,
    server,
    seen,
  };
};

describe('TsaClient (RFC 3161 over HTTP)', () => {
  const tsa = new TsaSandboxService(fixedClock('2026-11-23T09:00:00Z'));
  const data = Buffer.from('a signed checkpoint\n');
  let open: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (open ? open.close(() => resolve()) : resolve())));

  it('posts an application/timestamp-query and returns the checked token of the timestamp-reply', async () => {
    const s = await serve(async (_req, body) => ({
      status: 200,
      type: TIMESTAMP_REPLY,
      body: await tsa.reply(body),
    }));
    open = s.server;
    const token = await new TsaClient({ url: s.url }).timestamp(data);
    expect(s.seen).toEqual([`POST ${TIMESTAMP_QUERY}`]);
    expect(await checkTimestampToken(token, data)).toMatchObject({
      imprintMatches: true,
      signatureValid: true,
    });
  });

  it.each([
    [503, 'text/plain', 'busy', 'the TSA answered 503: busy'],
    [200, 'application/json', '{}', 'not application/timestamp-reply'],
  ])('refuses an answer %i %s', async (status, type, body, message) => {
    const s = await serve(async () => ({ status, type, body: Buffer.from(body) }));
    open = s.server;
    await expect(new TsaClient({ url: s.url }).timestamp(data)).rejects.toThrow(message);
  });

  it('refuses a reply that answers another request', async () => {
    const s = await serve(async () => ({
      status: 200,
      type: TIMESTAMP_REPLY,
      body: await tsa.reply(timestampRequest(Buffer.from('other')).der),
    }));
    open = s.server;
    await expect(new TsaClient({ url: s.url }).timestamp(data)).rejects.toThrow(
      TimestampReplyError,
    );
  });
});
