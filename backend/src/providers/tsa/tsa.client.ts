import {
  TIMESTAMP_QUERY,
  TIMESTAMP_REPLY,
  timestampRequest,
  tokenFromReply,
  TimestampReplyError,
} from './rfc3161';

/** Where the TSA answers and how long a request may take. */
export interface TsaClientOptions {
  /** The TSA's URL, e.g. https://timestamp.sigstore.dev/api/v1/timestamp or this server's /sandbox/tsa. */
  url: string;
  timeoutMs?: number;
}

/**
 * RFC 3161 over HTTP (docs/PROVIDERS.md "Time-stamping authority"): POSTs a TimeStampReq as
 * `application/timestamp-query` and reads the `application/timestamp-reply`. One attempt per
 * call; the caller (the tree-head job) tries again on its next run.
 */
export class TsaClient {
  constructor(private readonly options: TsaClientOptions) {}

  /** The TSA's URL. */
  get url(): string {
    return this.options.url;
  }

  /**
   * Time-stamps SHA-256(`data`); returns the token (DER ContentInfo), checked to answer this request.
   * @throws TimestampReplyError on a refused, malformed or foreign reply, a non-2xx status or a
   *   wrong content type; network errors and timeouts as fetch throws them.
   */
  async timestamp(data: Uint8Array): Promise<Buffer> {
    const { der, nonce } = timestampRequest(data);
    const res = await fetch(this.options.url, {
      method: 'POST',
      headers: { 'content-type': TIMESTAMP_QUERY, accept: TIMESTAMP_REPLY },
      body: new Uint8Array(der),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    });
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok)
      throw new TimestampReplyError(
        `the TSA answered ${res.status}: ${body.toString('utf8').slice(0, 200)}`,
      );
    const type = res.headers.get('content-type') ?? '';
    if (!type.startsWith(TIMESTAMP_REPLY))
      throw new TimestampReplyError(
        `the TSA answered ${type || 'no content type'}, not ${TIMESTAMP_REPLY}`,
      );
    return tokenFromReply(body, data, nonce);
  }
}
