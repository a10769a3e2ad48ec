/**
 * Typed errors thrown by the provider clients (docs/CONTRIBUTING.md §6: typed errors, never HttpException).
 * Services map them to their own module errors. None of them carries a credential: messages hold
 * the provider's answer (status, error code, message), never request headers or bodies.
 *
 * Hierarchy:
 * - `ProviderError` (base)
 *   - `ProviderNetworkError`  no answer: connection refused, DNS failure, reset socket
 *   - `ProviderTimeoutError`  no complete answer within the per-request timeout
 *   - `ProviderHttpError`     the provider answered "no": non-2xx, or a 2xx with an error
 *                             envelope
 *     - `ProviderAuthError`       our credentials or token were refused
 *     - `ProviderRateLimitError`  429, Daraja spike arrest / quota (§1.5), API-Football (§4.1)
 *       - `ProviderQuotaError`    API-Football daily quota used up (`errors.requests`, §4.1)
 *   - `ProviderResponseError` a 2xx answer whose body is not the documented shape
 *   - `ProviderCallbackError` an inbound callback / webhook / delivery report with a bad shape
 *   - `ProviderInputError`    we refused to send: the caller's input breaks the provider's rules
 */

/** The outside services we call (docs/PROVIDERS.md §1–§4). */
export type ProviderName = 'daraja' | 'flutterwave' | 'africastalking' | 'api-football';

/** Fields shared by every provider error. */
export interface ProviderErrorDetails {
  /**
   * The provider's own error code (Daraja `errorCode`, AT `statusCode`, API-Football error key…).
   */
  providerCode?: string;
  /** Underlying error (network error, JSON parse error…). */
  cause?: unknown;
  /** See `ProviderError.outcomeUnknown`; each subclass has its own default. */
  outcomeUnknown?: boolean;
}

/** Base class of every error a provider client throws. */
export class ProviderError extends Error {
  readonly provider: ProviderName;
  readonly providerCode?: string;
  /**
   * True when the request may have reached the provider and been acted on. For a call that moves
   * money or sends something (STK push, B2C, payment link, SMS) the caller must then reconcile
   * (STK query §1.7, transaction status §1.9, verify by tx_ref §2.4, delivery reports §3.3),
   * never blindly re-send. False when the provider provably did nothing.
   */
  readonly outcomeUnknown: boolean;

  constructor(provider: ProviderName, message: string, details: ProviderErrorDetails = {}) {
    super(
      `${provider}: ${message}`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.name = new.target.name;
    this.provider = provider;
    this.providerCode = details.providerCode;
    this.outcomeUnknown = details.outcomeUnknown ?? false;
  }
}

/**
 * No HTTP answer: the connection failed (refused, DNS, reset, TLS…), after any retries the call's
 * policy allowed. `requestSent` is false only for failures that happen before a TCP connection
 * exists (connection refused, DNS failure, unreachable host, connect timeout): then nothing left
 * this host and `outcomeUnknown` is false.
 */
export class ProviderNetworkError extends ProviderError {
  /** Node/undici error code, e.g. `ECONNREFUSED`, `ENOTFOUND`, `ECONNRESET`, when known. */
  readonly code?: string;
  readonly requestSent: boolean;

  constructor(
    provider: ProviderName,
    details: ProviderErrorDetails & { code?: string; requestSent: boolean },
  ) {
    super(provider, `network error${details.code ? ` ${details.code}` : ''}`, {
      ...details,
      outcomeUnknown: details.requestSent,
    });
    this.code = details.code;
    this.requestSent = details.requestSent;
  }
}

/**
 * No complete answer within `timeoutMs` (milliseconds, per attempt, body included). The request
 * may have reached the provider, so `outcomeUnknown` is always true.
 */
export class ProviderTimeoutError extends ProviderError {
  readonly timeoutMs: number;

  constructor(provider: ProviderName, timeoutMs: number, details: ProviderErrorDetails = {}) {
    super(provider, `no answer within ${timeoutMs} ms`, { ...details, outcomeUnknown: true });
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The provider answered and refused: a non-2xx status, or a 2xx whose envelope reports an error
 * (Daraja `ResponseCode` ≠ "0" §1.3, Flutterwave `status: "error"` §2.1, API-Football `errors`
 * §4.1). `body` is the parsed JSON answer when it was JSON, else the first 500 characters of text.
 * `outcomeUnknown` defaults to `status >= 500` (a server error says nothing about what happened
 * behind the gateway); clients pass `false` for documented rejections.
 */
export class ProviderHttpError extends ProviderError {
  readonly status: number;
  readonly body: unknown;
  /** The provider's own message (Daraja `errorMessage`, Flutterwave `message`…), or ours. */
  readonly providerMessage: string;

  constructor(
    provider: ProviderName,
    status: number,
    body: unknown,
    providerMessage: string,
    details: ProviderErrorDetails = {},
  ) {
    const code = details.providerCode ? ` ${details.providerCode}` : '';
    super(provider, `HTTP ${status}${code}: ${providerMessage}`, {
      ...details,
      outcomeUnknown: details.outcomeUnknown ?? status >= 500,
    });
    this.status = status;
    this.body = body;
    this.providerMessage = providerMessage;
  }
}

/** Our credentials were refused (bad key/secret, a token still refused after one renewal). */
export class ProviderAuthError extends ProviderHttpError {}

/**
 * Rate or quota limit hit: HTTP 429 (Flutterwave §2.2, API-Football §4.1), Daraja spike arrest
 * `500.003.02` / quota `500.003.03` (§1.5). `retryAfterMs` (milliseconds) is set when the provider
 * said when to come back.
 */
export class ProviderRateLimitError extends ProviderHttpError {
  readonly retryAfterMs?: number;

  constructor(
    provider: ProviderName,
    status: number,
    body: unknown,
    providerMessage: string,
    details: ProviderErrorDetails & { retryAfterMs?: number } = {},
  ) {
    super(provider, status, body, providerMessage, { outcomeUnknown: false, ...details });
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** API-Football daily request quota used up (`errors.requests`, §4.1): wait until midnight UTC. */
export class ProviderQuotaError extends ProviderRateLimitError {}

/**
 * A 2xx answer we cannot use: not JSON, or missing/mistyped documented fields. `field` names the
 * offending path (e.g. `CheckoutRequestID`). `outcomeUnknown` defaults to true: the provider
 * answered "OK" in a form we could not read, so it may well have acted.
 */
export class ProviderResponseError extends ProviderError {
  readonly status: number;
  readonly field?: string;

  constructor(
    provider: ProviderName,
    status: number,
    message: string,
    details: ProviderErrorDetails & { field?: string } = {},
  ) {
    super(provider, `${details.field ? `${details.field}: ` : ''}${message} (HTTP ${status})`, {
      outcomeUnknown: true,
      ...details,
    });
    this.status = status;
    this.field = details.field;
  }
}

/**
 * An inbound payload (Daraja STK/B2C callback §1.6/§1.8, Flutterwave webhook §2.5, Africa's
 * Talking delivery report §3.3) does not have the documented shape. The handler answers 400 or
 * fails the job as unrecoverable; nothing about money is decided from it.
 */
export class ProviderCallbackError extends ProviderError {
  readonly field?: string;

  constructor(provider: ProviderName, message: string, field?: string) {
    super(provider, field ? `${field}: ${message}` : message);
    this.field = field;
  }
}

/**
 * We refused to send: an input breaks the provider's documented rules (e.g. a fractional Ksh
 * amount for Daraja §1.3, an `AccountReference` over 12 characters, a bad MSISDN), or a required
 * option is not configured. Nothing was sent.
 */
export class ProviderInputError extends ProviderError {
  readonly field: string;

  constructor(provider: ProviderName, field: string, message: string) {
    super(provider, `${field}: ${message}`);
    this.field = field;
  }
}
