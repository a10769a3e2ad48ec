import { Agent, Dispatcher, request } from 'undici';
import {
  ProviderHttpError,
  ProviderName,
  ProviderNetworkError,
  ProviderResponseError,
  ProviderTimeoutError,
} from './provider-errors';

export * from './provider-errors';

/** Exponential backoff bounds in milliseconds (see `backoffDelayMs`). */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/** What `onRetry` is told before the client waits and tries again. */
export interface RetryEvent {
  provider: ProviderName;
  method: string;
  path: string;
  /** The attempt that just failed, 1-based. */
  attempt: number;
  /** Milliseconds the client waits before the next attempt. */
  delayMs: number;
  /** `HTTP 503`, `ECONNREFUSED`, `timeout`, … */
  reason: string;
}

/**
 * Options every provider client takes (plain values, so a Nest `useFactory` can build them from
 * `AppConfig`). Each client adds its credentials next to these fields.
 */
export interface ProviderHttpOptions {
  /**
   * e.g. `https://sandbox.safaricom.co.ke` or our simulator `http://localhost:3000/sandbox/daraja`.
   */
  baseUrl: string;
  /** Per attempt, connection + headers + body, in milliseconds. Each client has a default. */
  timeoutMs?: number;
  /** Extra attempts after the first, for failures the call's `RetryPolicy` allows. Default 2. */
  retries?: number;
  /** Default `{ baseMs: 200, maxMs: 5000 }`. */
  backoff?: BackoffOptions;
  /**
   * The transport, fetch-shaped (tests pass their own). Defaults to `lightFetch`: undici's
   * `request` on a shared keep-alive pool, several times cheaper in CPU than the global `fetch`.
   */
  fetch?: FetchLike;
  /** Random source in [0, 1) for the jitter; defaults to `Math.random`. */
  random?: () => number;
  /** Called (and awaited) before each retry: logging and metrics. */
  onRetry?: (event: RetryEvent) => void | Promise<void>;
}

/**
 * How a call may be repeated — think of the money first:
 *
 * - `idempotent`: reads, token calls, and writes the provider de-duplicates by a key we send
 *   (Daraja B2C `OriginatorConversationID`, §1.8). Retried on network errors, timeouts and 5xx
 *   answers (or whatever the request's `retryResponse` accepts); never on 4xx.
 * - `unsent-only`: calls that move money or send something and carry no idempotency key
 *   (Daraja STK push §1.3, Flutterwave `POST /v3/payments` §2.2, Africa's Talking send §3.2).
 *   Retried **only** when the request provably never left this host: connection refused, DNS
 *   failure, unreachable network, TCP connect timeout. Never after a timeout, a reset socket or
 *   any HTTP answer (5xx included): the provider may already have acted, so the error carries
 *   `outcomeUnknown` and the caller reconciles instead of re-sending.
 */
export type RetryPolicy = 'idempotent' | 'unsent-only';

/** An encoded request body with its content type. */
export interface HttpBody {
  contentType: string;
  text: string;
}

/** One call, relative to the client's `baseUrl`. */
export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Path below `baseUrl`, starting with `/`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  body?: HttpBody;
  retry: RetryPolicy;
  /**
   * For `idempotent` calls only: is this answer worth another attempt? Default: any 5xx
   * (`isServerError`). Ignored for `unsent-only` calls, which never repeat after an answer.
   */
  retryResponse?: (response: HttpResponse) => boolean;
  /** Overrides the client's per-attempt timeout (milliseconds). */
  timeoutMs?: number;
}

/** The final answer, whatever its status: clients read provider error bodies on 4xx/5xx. */
export interface HttpResponse {
  status: number;
  headers: Headers;
  /** Whole body as text (possibly empty). */
  text: string;
  /** Number of attempts made, 1-based. */
  attempts: number;
}

/** Internal configuration of `HttpClient` (built by `createHttpClient`). */
export interface HttpClientConfig {
  provider: ProviderName;
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  backoff: BackoffOptions;
  fetch: FetchLike;
  random: () => number;
  onRetry?: (event: RetryEvent) => void | Promise<void>;
}

/**
 * Socket error codes raised before a TCP connection exists: no byte of the request left this
 * host, so even a money-moving call may be repeated.
 */
export const NOT_SENT_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Default retry rule for idempotent calls: any 5xx answer. */
export const isServerError = (response: HttpResponse): boolean => response.status >= 500;

/**
 * Delay in milliseconds before attempt `failedAttempt + 1`: exponential with "equal jitter",
 * i.e. uniform in [cap/2, cap) where cap = min(maxMs, baseMs · 2^(failedAttempt−1)).
 */
export const backoffDelayMs = (
  failedAttempt: number,
  backoff: BackoffOptions,
  random: () => number = Math.random,
): number => {
  const cap = Math.min(backoff.maxMs, backoff.baseMs * 2 ** (failedAttempt - 1));
  return Math.floor(cap / 2 + (random() * cap) / 2);
};

/** What HttpClient needs of a transport: the part of `fetch` it uses. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<{ status: number; headers: Headers; text(): Promise<string> }>;

/** One keep-alive connection pool per origin for every provider client of this process. */
const providerAgent = new Agent({ keepAliveTimeout: 10_000 });

/**
 * The default transport (docs/PERFORMANCE.md "Payment callbacks"): undici's `request`
 * (the engine under Node's `fetch`, without the WHATWG streams and Request/Response objects that
 * made the buyer SMS call a quarter of the payments worker's CPU). Socket errors keep their
 * `code` (ECONNREFUSED…), an abort rejects while `signal.aborted` is true, as with `fetch`.
 */
export const lightFetch: FetchLike = async (url, init) => {
  const res = await request(url, {
    method: init.method as Dispatcher.HttpMethod,
    headers: init.headers,
    body: init.body,
    signal: init.signal,
    dispatcher: providerAgent,
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return { status: res.statusCode, headers, text: () => res.body.text() };
};

/**
 * The one request helper behind every provider client (a fetch-shaped transport, `lightFetch` by default):
 * a per-attempt timeout with `AbortSignal.timeout` (covers reading the body too), retries with
 * exponential backoff + jitter as the request's `RetryPolicy` allows, `Retry-After` honoured up
 * to `backoff.maxMs`. Returns the final answer whatever its status.
 * @throws ProviderTimeoutError when the last attempt timed out.
 * @throws ProviderNetworkError when the last attempt got no answer.
 */
export class HttpClient {
  constructor(private readonly config: HttpClientConfig) {}

  /** Which provider this client talks to (used in every error). */
  get provider(): ProviderName {
    return this.config.provider;
  }

  /** Sends `req`, retrying per its policy; see the class comment. */
  async request(req: HttpRequest): Promise<HttpResponse> {
    const { provider, retries } = this.config;
    const timeoutMs = req.timeoutMs ?? this.config.timeoutMs;
    const url = this.buildUrl(req.path, req.query);
    const maxAttempts = Math.max(1, Math.floor(retries) + 1);
    const headers: Record<string, string> = { ...req.headers };
    if (req.body) headers['Content-Type'] = req.body.contentType;
    const retryResponse = req.retryResponse ?? isServerError;

    for (let attempt = 1; ; attempt++) {
      const canRetry = attempt < maxAttempts;
      const signal = AbortSignal.timeout(timeoutMs);
      let response: HttpResponse;
      try {
        const res = await this.config.fetch(url, {
          method: req.method,
          headers,
          body: req.body?.text,
          signal,
        });
        response = {
          status: res.status,
          headers: res.headers,
          text: await res.text(),
          attempts: attempt,
        };
      } catch (err) {
        if (signal.aborted) {
          // We are the only abort source, so this is our timeout (during connect, headers or body).
          if (canRetry && req.retry === 'idempotent') {
            await this.pause(req, attempt, 'timeout');
            continue;
          }
          throw new ProviderTimeoutError(provider, timeoutMs, { cause: err });
        }
        const code = networkErrorCode(err);
        const requestSent = !(code !== undefined && NOT_SENT_ERROR_CODES.has(code));
        if (canRetry && (req.retry === 'idempotent' || !requestSent)) {
          await this.pause(req, attempt, code ?? 'network error');
          continue;
        }
        throw new ProviderNetworkError(provider, { code, requestSent, cause: err });
      }
      if (canRetry && req.retry === 'idempotent' && retryResponse(response)) {
        await this.pause(req, attempt, `HTTP ${response.status}`, retryAfterMs(response.headers));
        continue;
      }
      return response;
    }
  }

  private buildUrl(path: string, query?: HttpRequest['query']): string {
    const url = new URL(this.config.baseUrl.replace(/\/+$/, '') + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  private async pause(
    req: HttpRequest,
    attempt: number,
    reason: string,
    atLeastMs = 0,
  ): Promise<void> {
    const { backoff, random, onRetry, provider } = this.config;
    const delayMs = Math.min(
      backoff.maxMs,
      Math.max(backoffDelayMs(attempt, backoff, random), atLeastMs),
    );
    await onRetry?.({ provider, method: req.method, path: req.path, attempt, delayMs, reason });
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

/**
 * Builds the helper from a client's options, filling in the provider's defaults
 * (timeout in milliseconds; retries default 2; backoff 200 ms … 5 s).
 */
export const createHttpClient = (
  provider: ProviderName,
  options: ProviderHttpOptions,
  defaults: { timeoutMs: number; retries?: number },
): HttpClient => {
  if (!/^https?:\/\//.test(options.baseUrl)) {
    throw new TypeError(`${provider}: baseUrl must be an http(s) URL`);
  }
  return new HttpClient({
    provider,
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    retries: options.retries ?? defaults.retries ?? 2,
    backoff: options.backoff ?? { baseMs: 200, maxMs: 5000 },
    fetch: options.fetch ?? lightFetch,
    random: options.random ?? Math.random,
    onRetry: options.onRetry,
  });
};

/** A JSON request body (`Content-Type: application/json`). */
export const jsonBody = (value: unknown): HttpBody => ({
  contentType: 'application/json',
  text: JSON.stringify(value),
});

/**
 * A form body (`application/x-www-form-urlencoded`, Africa's Talking §3.2); undefined fields are
 * left out.
 */
export const formBody = (fields: Record<string, string | undefined>): HttpBody => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) params.append(key, value);
  return { contentType: 'application/x-www-form-urlencoded', text: params.toString() };
};

/** True for 200–299. */
export const isSuccess = (response: HttpResponse): boolean =>
  response.status >= 200 && response.status < 300;

/**
 * Parses a JSON body; `undefined` for an empty or non-JSON body (HTML gateway pages, plain text).
 */
export const tryParseJson = (text: string): unknown => {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * Parses the JSON body of a (2xx) answer.
 * @throws ProviderResponseError when the body is empty or not JSON.
 */
export const parseJsonResponse = (provider: ProviderName, response: HttpResponse): unknown => {
  const value = tryParseJson(response.text);
  if (value === undefined) {
    throw new ProviderResponseError(
      provider,
      response.status,
      `expected a JSON body, got "${snippet(response.text)}"`,
    );
  }
  return value;
};

/** The body to keep on a `ProviderHttpError`: parsed JSON when JSON, else a text snippet. */
export const errorBody = (response: HttpResponse): unknown =>
  tryParseJson(response.text) ?? snippet(response.text, 500);

/** A generic `ProviderHttpError` for an answer no provider-specific rule covered. */
export const httpError = (
  provider: ProviderName,
  response: HttpResponse,
  message?: string,
  details: { providerCode?: string; outcomeUnknown?: boolean } = {},
): ProviderHttpError =>
  new ProviderHttpError(
    provider,
    response.status,
    errorBody(response),
    message ?? (snippet(response.text) || 'empty answer'),
    details,
  );

/** Narrows `unknown` to a plain object. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** First `max` characters of a body, for error messages (never echo whole pages). */
export const snippet = (text: string, max = 200): string =>
  text.length > max ? `${text.slice(0, max)}…` : text;

/** `Retry-After` in milliseconds (seconds or HTTP-date form), when present and sane. */
export const retryAfterMs = (headers: Headers, now: Date = new Date()): number | undefined => {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
};

/**
 * The socket error code behind a fetch failure (undefined when none is known). Node's fetch
 * wraps socket errors as `TypeError('fetch failed', { cause })`; the cause carries `code`
 * directly or, with happy-eyeballs, inside an AggregateError's `errors`. Decides whether a
 * request provably never left (`NOT_SENT_ERROR_CODES`).
 */
export const networkErrorCode = (err: unknown, depth = 0): string | undefined => {
  if (!err || typeof err !== 'object' || depth > 4) return undefined;
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && e.code) return e.code;
  if (Array.isArray(e.errors)) {
    // AggregateError (happy eyeballs): "never sent" only if every address failed to connect.
    const codes = e.errors.map((inner) => networkErrorCode(inner, depth + 1));
    if (codes.length && codes.every((c) => c !== undefined && NOT_SENT_ERROR_CODES.has(c))) {
      return codes[0];
    }
    return codes.find((c) => c !== undefined && !NOT_SENT_ERROR_CODES.has(c));
  }
  return networkErrorCode(e.cause, depth + 1);
};
