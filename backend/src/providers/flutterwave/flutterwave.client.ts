import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

import {
  compareDecimal,
  fromScaled,
  toDecimalString,
  toScaled,
} from '../../common/decimal/decimal';
import {
  createHttpClient,
  HttpClient,
  HttpResponse,
  isRecord,
  isSuccess,
  parseJsonResponse,
  ProviderAuthError,
  ProviderCallbackError,
  ProviderHttpError,
  ProviderInputError,
  ProviderRateLimitError,
  ProviderResponseError,
  retryAfterMs,
  snippet,
  tryParseJson,
} from '../common/http';
import { ShapeReader, shapeReader } from '../common/shape';
import {
  CreatePaymentInput,
  CreatePaymentResult,
  ExpectedPayment,
  FlutterwaveClientOptions,
  FlutterwaveTransaction,
  FlutterwaveWebhook,
  PaymentCheck,
} from './flutterwave.types';

const PROVIDER = 'flutterwave';
/** Currencies without a minor unit: whole amounts only (§2.2 "UGX has no minor unit"). */
const ZERO_DECIMAL_CURRENCIES = new Set(['UGX', 'RWF', 'XAF', 'XOF', 'GNF', 'MWK']);

/** Paths of the Flutterwave v3 APIs we call (docs/PROVIDERS.md §2.2, §2.4). */
export const FLUTTERWAVE_PATHS = {
  payments: '/v3/payments',
  verifyById: (id: string): string => `/v3/transactions/${id}/verify`,
  verifyByReference: '/v3/transactions/verify_by_reference',
} as const;

/**
 * Flutterwave v3 client (docs/PROVIDERS.md §2): Standard hosted payment link, verify by transaction id
 * and by tx_ref. Amounts are decimal strings in the major unit, never floats. Retry rules:
 * `POST /v3/payments` carries no idempotency key, so it is repeated only when the request never
 * left (§2.2: "never blindly re-POST"; verify by reference or open a new tx_ref); verify calls
 * are idempotent. Every answer's envelope `status` is checked, not only the HTTP code (§2.1).
 */
export class FlutterwaveClient {
  private readonly http: HttpClient;

  constructor(private readonly options: FlutterwaveClientOptions) {
    if (!options.secretKey) throw new ProviderInputError(PROVIDER, 'secretKey', 'is required');
    this.http = createHttpClient(PROVIDER, options, { timeoutMs: 15_000 });
  }

  /**
   * Creates a Standard payment and returns its hosted checkout link (§2.2).
   * @throws ProviderInputError before sending for a bad amount/currency/URL.
   * @throws ProviderHttpError (and subclasses) on `status: "error"` or a non-2xx (a 503 after
   *   ~28 s leaves `outcomeUnknown`); timeout and network errors.
   */
  async createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
    if (!input.txRef.trim()) throw new ProviderInputError(PROVIDER, 'txRef', 'is required');
    const currency = input.currency.toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency))
      throw new ProviderInputError(PROVIDER, 'currency', 'must be an ISO code such as NGN or UGX');
    const amountLiteral = amountJsonLiteral(input.amount, currency);
    if (!/^https?:\/\/\S+$/.test(input.redirectUrl))
      throw new ProviderInputError(PROVIDER, 'redirectUrl', 'must be an http(s) URL');
    if (!/^\S+@\S+$/.test(input.customer.email))
      throw new ProviderInputError(PROVIDER, 'customer.email', 'must be an e-mail address');
    const { sessionDurationMinutes: minutes, maxRetryAttempt } = input;
    if (minutes !== undefined && !(Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440)) {
      throw new ProviderInputError(PROVIDER, 'sessionDurationMinutes', 'must be 1–1440 minutes');
    }
    const configurations = {
      ...(minutes === undefined ? {} : { session_duration: minutes }),
      ...(maxRetryAttempt === undefined ? {} : { max_retry_attempt: maxRetryAttempt }),
    };
    // The amount goes in as a JSON number built from its digits: a unique placeholder is replaced
    // after JSON.stringify, so no float ever holds the money.
    const placeholder = `amount-${randomUUID()}`;
    const payload = {
      tx_ref: input.txRef,
      amount: placeholder,
      currency,
      redirect_url: input.redirectUrl,
      ...(input.paymentOptions ? { payment_options: input.paymentOptions } : {}),
      customer: input.customer,
      ...(input.customizations ? { customizations: input.customizations } : {}),
      ...(input.meta ? { meta: input.meta } : {}),
      ...(Object.keys(configurations).length ? { configurations } : {}),
    };
    const text = JSON.stringify(payload).replace(JSON.stringify(placeholder), amountLiteral);
    const res = await this.http.request({
      method: 'POST',
      path: FLUTTERWAVE_PATHS.payments,
      headers: this.headers(),
      body: { contentType: 'application/json', text },
      retry: 'unsent-only',
      timeoutMs: this.options.createPaymentTimeoutMs ?? 35_000,
    });
    const data = this.successData(res);
    const link = responseReader(res).string(
      responseReader(res).record(data, 'data').link,
      'data.link',
    );
    if (!/^https?:\/\/\S+$/.test(link))
      throw new ProviderResponseError(PROVIDER, res.status, 'expected a URL', {
        field: 'data.link',
      });
    return { link };
  }

  /**
   * Verifies a transaction by Flutterwave's numeric id (§2.4, `GET /v3/transactions/{id}/verify`).
   * Returns `null` when Flutterwave says no such transaction exists.
   * @throws ProviderHttpError (and subclasses), ProviderResponseError, timeout and network errors.
   */
  async verifyTransaction(id: number | string): Promise<FlutterwaveTransaction | null> {
    const text = String(id).trim();
    if (!/^\d{1,18}$/.test(text))
      throw new ProviderInputError(PROVIDER, 'id', 'must be a numeric transaction id');
    return this.verify(FLUTTERWAVE_PATHS.verifyById(text), {});
  }

  /**
   * Verifies a transaction by our tx_ref (§2.4, `GET /v3/transactions/verify_by_reference?tx_ref=`).
   * Returns `null` when Flutterwave says no such transaction exists.
   * @throws ProviderHttpError (and subclasses), ProviderResponseError, timeout and network errors.
   */
  async verifyByReference(txRef: string): Promise<FlutterwaveTransaction | null> {
    if (!txRef.trim()) throw new ProviderInputError(PROVIDER, 'txRef', 'is required');
    return this.verify(FLUTTERWAVE_PATHS.verifyByReference, { tx_ref: txRef });
  }

  private async verify(
    path: string,
    query: Record<string, string>,
  ): Promise<FlutterwaveTransaction | null> {
    const res = await this.http.request({
      method: 'GET',
      path,
      query,
      headers: this.headers(),
      retry: 'idempotent',
    });
    if (isNotFound(res)) return null;
    return parseTransaction(this.successData(res), res);
  }

  private headers(): Record<string, string> {
    return { Authorization: `Bearer ${this.options.secretKey}`, Accept: 'application/json' };
  }

  /**
   * `data` of a `{status: "success"}` envelope (§2.1).
   * @throws ProviderHttpError for `status: "error"` or a non-2xx; ProviderResponseError for a bad body.
   */
  private successData(res: HttpResponse): unknown {
    if (!isSuccess(res)) throw flutterwaveError(res);
    const read = responseReader(res);
    const envelope = read.record(parseJsonResponse(PROVIDER, res), 'body');
    if (envelope.status === 'error') throw flutterwaveError(res, false);
    if (envelope.status !== 'success') {
      throw new ProviderResponseError(PROVIDER, res.status, 'expected "success" or "error"', {
        field: 'status',
      });
    }
    return envelope.data;
  }
}

/**
 * Checks the `verif-hash` webhook header against our secret hash (§2.5: the header value **is**
 * the secret). Constant-time: both sides are SHA-256 hashed, then compared with `timingSafeEqual`,
 * so neither content nor length leaks. Missing, repeated or empty headers, or an empty secret,
 * are refused.
 */
export const verifyWebhookSignature = (
  headerValue: string | string[] | undefined,
  secretHash: string,
): boolean =>
  typeof headerValue === 'string' &&
  headerValue !== '' &&
  secretHash !== '' &&
  constantTimeEqual(headerValue, secretHash);

/**
 * Checks the newer `flutterwave-signature` header (§2.5 ⚠ Uncertain): accepted when it equals the
 * secret hash, or the base64 HMAC-SHA256 of the exact raw body bytes keyed with it. Constant time.
 * Re-verify by API regardless (§2.5).
 */
export const verifyFlutterwaveSignature = (
  headerValue: string | string[] | undefined,
  secretHash: string,
  rawBody: string | Buffer,
): boolean => {
  if (typeof headerValue !== 'string' || headerValue === '' || secretHash === '') return false;
  const hmac = createHmac('sha256', secretHash).update(rawBody).digest('base64');
  // Evaluate both comparisons so timing does not depend on which one matched.
  const plain = constantTimeEqual(headerValue, secretHash);
  const signed = constantTimeEqual(headerValue, hmac);
  return plain || signed;
};

/**
 * Reads a webhook body (§2.5): the v3 envelope `{event, data}` or the legacy flat camelCase
 * shape (`id`, `txRef`). Charge events need a numeric id and a tx_ref; other events and unknown
 * shapes come back as `{kind: 'other'}` (answer 200, ignore). Call only after
 * `verifyWebhookSignature`, and verify by id before giving value.
 * @throws ProviderCallbackError for a non-object body or a charge event without id / tx_ref.
 */
export const parseWebhook = (body: unknown): FlutterwaveWebhook => {
  const read = callbackReader();
  const root = read.record(body, 'body');
  const legacyEvent = typeof root['event.type'] === 'string' ? root['event.type'] : undefined;
  if (typeof root.event === 'string' && isRecord(root.data)) {
    if (root.event !== 'charge.completed') return { kind: 'other', event: root.event };
    const data = root.data;
    return compact({
      kind: 'charge',
      shape: 'v3',
      event: root.event,
      transactionId: read.integer(data.id, 'data.id'),
      txRef: read.string(data.tx_ref, 'data.tx_ref'),
      status: lower(read.optionalString(data.status, 'data.status')),
      amount: optionalAmount(data.amount, 'data.amount'),
      currency: read.optionalString(data.currency, 'data.currency'),
      flwRef: read.optionalString(data.flw_ref, 'data.flw_ref'),
      customerEmail: isRecord(data.customer)
        ? read.optionalString(data.customer.email, 'data.customer.email')
        : undefined,
    });
  }
  if (root.event === undefined && root.data === undefined && root.txRef !== undefined) {
    return compact({
      kind: 'charge',
      shape: 'legacy',
      event: legacyEvent ?? 'legacy',
      transactionId: read.integer(root.id, 'id'),
      txRef: read.string(root.txRef, 'txRef'),
      status: lower(read.optionalString(root.status, 'status')),
      amount: optionalAmount(root.amount, 'amount'),
      currency: read.optionalString(root.currency, 'currency'),
      flwRef: read.optionalString(root.flwRef, 'flwRef'),
      customerEmail: isRecord(root.customer)
        ? read.optionalString(root.customer.email, 'customer.email')
        : undefined,
    });
  }
  return { kind: 'other', event: typeof root.event === 'string' ? root.event : legacyEvent };
};

/**
 * The four checks Flutterwave documents before giving value (§2.4): status `successful`, our
 * tx_ref, the expected currency, amount ≥ expected (exact decimal comparison, major unit).
 */
export const checkVerifiedPayment = (
  tx: FlutterwaveTransaction,
  expected: ExpectedPayment,
): PaymentCheck => {
  if (tx.status !== 'successful') return { ok: false, reason: 'status' };
  if (tx.txRef !== expected.txRef) return { ok: false, reason: 'tx_ref' };
  if (tx.currency.toUpperCase() !== expected.currency.toUpperCase())
    return { ok: false, reason: 'currency' };
  const cmp = compareDecimal(tx.amount, expected.amount);
  if (cmp < 0) return { ok: false, reason: 'amount' };
  return { ok: true, overpaid: cmp > 0 };
};

// ----- helpers -----

const constantTimeEqual = (a: string, b: string): boolean =>
  timingSafeEqual(
    createHash('sha256').update(a, 'utf8').digest(),
    createHash('sha256').update(b, 'utf8').digest(),
  );

/** The JSON number literal of a major-unit amount (§2.2): positive, ≤ 2 decimals, whole for UGX. */
const amountJsonLiteral = (amount: string, currency: string): string => {
  const scaled = /^\d+(\.\d+)?$/.test(amount.trim()) ? toScaled(amount, 2) : null;
  if (scaled === null || scaled <= 0n) {
    throw new ProviderInputError(
      PROVIDER,
      'amount',
      'must be a positive decimal string with at most 2 decimals',
    );
  }
  const whole = scaled % 100n === 0n;
  if (!whole && ZERO_DECIMAL_CURRENCIES.has(currency)) {
    throw new ProviderInputError(PROVIDER, 'amount', `${currency} takes whole amounts only`);
  }
  return whole ? (scaled / 100n).toString() : fromScaled(scaled, 2);
};

const parseTransaction = (data: unknown, res: HttpResponse): FlutterwaveTransaction => {
  const read = responseReader(res);
  const tx = read.record(data, 'data');
  const amount = (value: unknown, field: string): string => {
    const decimal = toDecimalString(value, 2);
    if (decimal === null)
      throw new ProviderResponseError(PROVIDER, res.status, 'expected an amount', { field });
    return decimal;
  };
  const customer =
    tx.customer === undefined || tx.customer === null
      ? {}
      : read.record(tx.customer, 'data.customer');
  return compact({
    id: read.integer(tx.id, 'data.id'),
    txRef: read.string(tx.tx_ref, 'data.tx_ref'),
    flwRef: read.optionalString(tx.flw_ref, 'data.flw_ref'),
    amount: amount(tx.amount, 'data.amount'),
    chargedAmount:
      tx.charged_amount === undefined || tx.charged_amount === null
        ? undefined
        : amount(tx.charged_amount, 'data.charged_amount'),
    currency: read.string(tx.currency, 'data.currency').toUpperCase(),
    status: read.string(tx.status, 'data.status').toLowerCase(),
    paymentType: read.optionalString(tx.payment_type, 'data.payment_type'),
    createdAt: read.optionalString(tx.created_at, 'data.created_at'),
    customer: compact({
      email: read.optionalString(customer.email, 'data.customer.email'),
      name: read.optionalString(customer.name, 'data.customer.name'),
      phoneNumber: read.optionalString(customer.phone_number, 'data.customer.phone_number'),
    }),
    meta: isRecord(tx.meta) ? tx.meta : undefined,
  });
};

/**
 * "No transaction was found for this id" (§2.4; HTTP status not confirmed): an error envelope
 * with HTTP 404 or that message. A bare 404 without the envelope (wrong base URL) is an error.
 */
const isNotFound = (res: HttpResponse): boolean => {
  const body = tryParseJson(res.text);
  if (res.status >= 500 || !isRecord(body) || body.status !== 'error') return false;
  const message = typeof body.message === 'string' ? body.message : '';
  return res.status === 404 || /no transaction|not found/i.test(message);
};

/**
 * Maps an error answer (§2.1, §2.2) to a typed error, the envelope `message` as provider message.
 */
const flutterwaveError = (res: HttpResponse, outcomeUnknown?: boolean): ProviderHttpError => {
  const body = tryParseJson(res.text) ?? snippet(res.text, 500);
  const message =
    isRecord(body) && typeof body.message === 'string'
      ? body.message
      : snippet(res.text) || `HTTP ${res.status}`;
  if (res.status === 401 || res.status === 403) {
    return new ProviderAuthError(PROVIDER, res.status, body, message, { outcomeUnknown: false });
  }
  if (res.status === 429) {
    return new ProviderRateLimitError(PROVIDER, res.status, body, message, {
      retryAfterMs: retryAfterMs(res.headers),
    });
  }
  return new ProviderHttpError(PROVIDER, res.status, body, message, { outcomeUnknown });
};

const optionalAmount = (value: unknown, field: string): string | undefined => {
  if (value === undefined || value === null) return undefined;
  const amount = toDecimalString(value, 2);
  if (amount === null) throw new ProviderCallbackError(PROVIDER, 'expected an amount', field);
  return amount;
};

const lower = (value: string | undefined): string | undefined => value?.toLowerCase();

/** Drops `undefined` properties so results compare cleanly and serialise without holes. */
const compact = <T extends object>(value: T): T => {
  for (const key of Object.keys(value) as (keyof T)[])
    if (value[key] === undefined) delete value[key];
  return value;
};

const responseReader = (res: HttpResponse): ShapeReader =>
  shapeReader((field, message) => {
    throw new ProviderResponseError(PROVIDER, res.status, message, { field });
  });

const callbackReader = (): ShapeReader =>
  shapeReader((field, message) => {
    throw new ProviderCallbackError(PROVIDER, message, field);
  });
