import { nairobiCompactTimestamp } from '../../common/time/nairobi';
import { toDecimalString, toWholeUnits } from '../../common/decimal/decimal';
import {
  createHttpClient,
  HttpClient,
  HttpResponse,
  isRecord,
  isSuccess,
  jsonBody,
  parseJsonResponse,
  ProviderAuthError,
  ProviderCallbackError,
  ProviderHttpError,
  ProviderInputError,
  ProviderRateLimitError,
  ProviderResponseError,
  retryAfterMs,
  RetryPolicy,
  snippet,
  tryParseJson,
} from '../common/http';
import { ShapeReader, shapeReader } from '../common/shape';
import {
  AccountBalanceAccepted,
  AccountBalanceInput,
  AccountBalanceResult,
  B2cPaymentInput,
  B2cPaymentResult,
  B2cResult,
  DARAJA_ERROR,
  DarajaAccountBalance,
  DarajaClientOptions,
  StkCallbackResult,
  StkOutcome,
  StkPushInput,
  StkPushResult,
  StkPushWire,
  StkQueryResult,
  TransactionStatusAccepted,
  TransactionStatusInput,
  TransactionStatusResult,
} from './daraja.types';

const PROVIDER = 'daraja';
const MSISDN = /^254[17]\d{8}$/;
const SHORTCODE = /^\d{5,7}$/;

/** Paths of the Daraja APIs we call (docs/PROVIDERS.md §1.2, §1.3, §1.7, §1.8, §1.9, §1.12). */
export const DARAJA_PATHS = {
  token: '/oauth/v1/generate',
  stkPush: '/mpesa/stkpush/v1/processrequest',
  stkQuery: '/mpesa/stkpushquery/v1/query',
  b2c: '/mpesa/b2c/v3/paymentrequest',
  transactionStatus: '/mpesa/transactionstatus/v1/query',
  accountBalance: '/mpesa/accountbalance/v1/query',
} as const;

/**
 * What our callback endpoints answer Daraja (§1.6: HTTP 200 quickly; this body is the common
 * answer, the format C2B validation requires).
 */
export const DARAJA_CALLBACK_ACK = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

/**
 * The STK `Timestamp`: `YYYYMMDDHHmmss` of `at` in Africa/Nairobi local time (§1.3). Generate it
 * once per request and use it for both `Timestamp` and `Password`.
 */
export const darajaTimestamp = (at: Date): string => nairobiCompactTimestamp(at);

/**
 * The STK `Password`: `base64(BusinessShortCode + Passkey + Timestamp)`, plain concatenation
 * (§1.3; test vector there).
 */
export const stkPassword = (shortcode: string, passkey: string, timestamp: string): string =>
  Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');

/** Maps an STK `ResultCode` (§1.4) to our outcome: only 0 is paid; 1032 cancelled; 1037 timeout. */
export const stkOutcome = (resultCode: string): StkOutcome => {
  switch (resultCode) {
    case '0':
      return 'paid';
    case '1032':
      return 'cancelled';
    case '1037':
      return 'timeout';
    default:
      return 'failed';
  }
};

/**
 * Daraja (Safaricom M-Pesa) client: OAuth token, STK push, STK query, B2C payment request
 * (docs/PROVIDERS.md §1). Amounts are whole Ksh; MSISDNs `2547XXXXXXXX`. Retry rules:
 * - token call and STK query: idempotent (network errors, timeouts, 5xx except documented
 *   rejections such as `500.001.1001`);
 * - STK push: carries no idempotency key, so it is repeated only when the request provably
 *   never left (connection refused, DNS); any other failure carries `outcomeUnknown`;
 * - B2C: idempotent, because Daraja refuses a repeated `OriginatorConversationID` (§1.8).
 * A token refused by the gateway (HTTP 401 or `404.001.03`, §1.5) is renewed once and the call
 * repeated once (a refused token means nothing was processed).
 */
export class DarajaClient {
  private readonly http: HttpClient;
  private readonly now: () => Date;
  private token?: { value: string; refreshAt: number };
  private tokenInFlight?: Promise<string>;

  constructor(private readonly options: DarajaClientOptions) {
    for (const key of ['consumerKey', 'consumerSecret', 'passkey'] as const) {
      if (!options[key]) throw new ProviderInputError(PROVIDER, key, 'is required');
    }
    if (!SHORTCODE.test(options.shortcode)) {
      throw new ProviderInputError(PROVIDER, 'shortcode', 'must be 5–7 digits');
    }
    if (options.partyB !== undefined && !SHORTCODE.test(options.partyB)) {
      throw new ProviderInputError(PROVIDER, 'partyB', 'must be 5–7 digits');
    }
    this.http = createHttpClient(PROVIDER, options, { timeoutMs: 15_000 });
    this.now = options.now ?? (() => new Date());
  }

  /**
   * A valid OAuth access token (§1.2), cached until `expires_in` minus the refresh margin;
   * concurrent callers share one token request.
   * @throws ProviderAuthError when the consumer key/secret are refused.
   */
  async getAccessToken(): Promise<string> {
    if (this.token && this.now().getTime() < this.token.refreshAt) return this.token.value;
    this.tokenInFlight ??= this.fetchToken().finally(() => {
      this.tokenInFlight = undefined;
    });
    return this.tokenInFlight;
  }

  /**
   * Sends an STK push (Lipa na M-Pesa Online, §1.3): the buyer gets a PIN prompt. The answer
   * means "prompt sent", not paid; the outcome comes by callback (§1.6) or query (§1.7).
   * @throws ProviderInputError before sending when an input breaks §1.3's rules.
   * @throws ProviderHttpError (and subclasses) when Daraja refuses; check `outcomeUnknown`.
   * @throws ProviderTimeoutError / ProviderNetworkError; with `outcomeUnknown` the prompt may
   *   still reach the buyer although we hold no CheckoutRequestID.
   */
  async stkPush(input: StkPushInput): Promise<StkPushResult> {
    const amount = wholeKsh(input.amountKsh, 'amountKsh', 1n, 250_000n);
    const msisdn = checkMsisdn(input.msisdn, 'msisdn');
    if (!/^[A-Za-z0-9]{1,12}$/.test(input.accountReference)) {
      throw new ProviderInputError(PROVIDER, 'accountReference', 'must be 1–12 letters or digits');
    }
    if (input.transactionDesc !== undefined && !/^.{1,13}$/u.test(input.transactionDesc)) {
      throw new ProviderInputError(PROVIDER, 'transactionDesc', 'must be 1–13 characters');
    }
    checkUrl(input.callbackUrl, 'callbackUrl');

    const { shortcode, passkey } = this.options;
    const timestamp = darajaTimestamp(this.now());
    const body: StkPushWire = {
      BusinessShortCode: Number(shortcode),
      Password: stkPassword(shortcode, passkey, timestamp),
      Timestamp: timestamp,
      TransactionType: this.options.transactionType ?? 'CustomerPayBillOnline',
      Amount: amount,
      PartyA: Number(msisdn),
      PartyB: Number(this.options.partyB ?? shortcode),
      PhoneNumber: Number(msisdn),
      CallBackURL: input.callbackUrl,
      AccountReference: input.accountReference,
      ...(input.transactionDesc === undefined ? {} : { TransactionDesc: input.transactionDesc }),
    };
    const res = await this.post(DARAJA_PATHS.stkPush, body, 'unsent-only');
    if (!isSuccess(res)) throw darajaError(res);
    const answer = this.acceptedAnswer(res);
    const read = responseReader(res);
    return {
      merchantRequestId: read.string(answer.MerchantRequestID, 'MerchantRequestID'),
      checkoutRequestId: read.string(answer.CheckoutRequestID, 'CheckoutRequestID'),
      responseCode: '0',
      responseDescription:
        read.optionalString(answer.ResponseDescription, 'ResponseDescription') ?? '',
      customerMessage: read.optionalString(answer.CustomerMessage, 'CustomerMessage') ?? '',
      timestamp,
    };
  }

  /**
   * Asks the outcome of an STK push (§1.7). `pending` while Daraja answers "The transaction is
   * being processed" (HTTP 500, `500.001.1001`); `done` with the string `ResultCode` otherwise.
   * The query gives no receipt and no amount.
   * @throws ProviderHttpError (e.g. `400.002.02` unknown CheckoutRequestID), timeout and network errors.
   */
  async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
    if (!checkoutRequestId.trim()) {
      throw new ProviderInputError(PROVIDER, 'checkoutRequestId', 'is required');
    }
    const { shortcode, passkey } = this.options;
    const timestamp = darajaTimestamp(this.now());
    const res = await this.post(
      DARAJA_PATHS.stkQuery,
      {
        BusinessShortCode: Number(shortcode),
        Password: stkPassword(shortcode, passkey, timestamp),
        Timestamp: timestamp,
        CheckoutRequestID: checkoutRequestId,
      },
      'idempotent',
    );
    if (!isSuccess(res)) {
      const error = readDarajaError(res);
      if (
        error?.errorCode === DARAJA_ERROR.GENERIC_REJECTION &&
        !isConfigRejection(error.errorMessage)
      ) {
        // "The transaction is being processed": the buyer has not answered yet (§1.7). The text
        // is not official, so only the messages that are known not to mean "pending" are errors.
        return { status: 'pending', errorMessage: error.errorMessage ?? '' };
      }
      throw darajaError(res);
    }
    const answer = this.acceptedAnswer(res);
    const read = responseReader(res);
    const resultCode = read.code(answer.ResultCode, 'ResultCode');
    return {
      status: 'done',
      resultCode,
      resultDesc: read.optionalString(answer.ResultDesc, 'ResultDesc') ?? '',
      outcome: stkOutcome(resultCode),
      merchantRequestId: read.optionalString(answer.MerchantRequestID, 'MerchantRequestID'),
      checkoutRequestId:
        read.optionalString(answer.CheckoutRequestID, 'CheckoutRequestID') ?? checkoutRequestId,
    };
  }

  /**
   * Sends a B2C payment request (tipster withdrawal, §1.8) for whole Ksh to an MSISDN. Accepted
   * means queued, not paid: the result arrives at `resultUrl` (`parseB2cResult`). Retried on
   * network errors, timeouts and 5xx: a repeat with the same `OriginatorConversationID` is
   * refused by Daraja (`500.002.1001`), reported here as `status: 'duplicate'`.
   * @throws ProviderInputError when B2C is not configured or an input breaks §1.8's rules.
   * @throws ProviderHttpError (and subclasses), timeout and network errors.
   */
  async b2cPayment(input: B2cPaymentInput): Promise<B2cPaymentResult> {
    const { b2cShortcode, initiatorName, securityCredential } = this.options;
    if (!b2cShortcode || !SHORTCODE.test(b2cShortcode)) {
      throw new ProviderInputError(PROVIDER, 'b2cShortcode', 'must be configured (5–7 digits)');
    }
    if (!initiatorName)
      throw new ProviderInputError(PROVIDER, 'initiatorName', 'must be configured');
    if (!securityCredential)
      throw new ProviderInputError(PROVIDER, 'securityCredential', 'must be configured');
    if (!/^[\x21-\x7e]{1,100}$/.test(input.originatorConversationId)) {
      throw new ProviderInputError(
        PROVIDER,
        'originatorConversationId',
        'must be 1–100 printable characters',
      );
    }
    const amount = wholeKsh(input.amountKsh, 'amountKsh', 10n, 250_000n);
    const msisdn = checkMsisdn(input.msisdn, 'msisdn');
    if (!/^.{2,100}$/u.test(input.remarks)) {
      throw new ProviderInputError(PROVIDER, 'remarks', 'must be 2–100 characters');
    }
    if (input.occasion !== undefined && !/^.{1,100}$/u.test(input.occasion)) {
      throw new ProviderInputError(PROVIDER, 'occasion', 'must be 1–100 characters');
    }
    checkUrl(input.resultUrl, 'resultUrl');
    checkUrl(input.queueTimeoutUrl, 'queueTimeoutUrl');

    const res = await this.post(
      DARAJA_PATHS.b2c,
      {
        OriginatorConversationID: input.originatorConversationId,
        InitiatorName: initiatorName,
        SecurityCredential: securityCredential,
        CommandID: input.commandId ?? 'BusinessPayment',
        Amount: amount,
        PartyA: Number(b2cShortcode),
        PartyB: Number(msisdn),
        Remarks: input.remarks,
        QueueTimeOutURL: input.queueTimeoutUrl,
        ResultURL: input.resultUrl,
        ...(input.occasion === undefined ? {} : { Occassion: input.occasion }),
      },
      'idempotent',
    );
    if (!isSuccess(res)) {
      const error = readDarajaError(res);
      if (error?.errorCode === DARAJA_ERROR.DUPLICATE_ORIGINATOR_CONVERSATION_ID) {
        return {
          status: 'duplicate',
          originatorConversationId: input.originatorConversationId,
          errorMessage: error.errorMessage ?? '',
        };
      }
      throw darajaError(res);
    }
    const answer = this.acceptedAnswer(res);
    const read = responseReader(res);
    return {
      status: 'accepted',
      conversationId: read.string(answer.ConversationID, 'ConversationID'),
      originatorConversationId:
        read.optionalString(answer.OriginatorConversationID, 'OriginatorConversationID') ??
        input.originatorConversationId,
      responseDescription:
        read.optionalString(answer.ResponseDescription, 'ResponseDescription') ?? '',
    };
  }

  /**
   * Asks the status of an M-Pesa transaction by its receipt (Transaction Status, §1.9), with our
   * initiator credentials and `PartyA` = the STK shortcode (`IdentifierType` 4, organisation
   * shortcode). Accepted means queued: the answer arrives at `resultUrl`
   * (`parseTransactionStatusResult`). A question changes nothing at M-Pesa, so it is retried on
   * network errors, timeouts and 5xx.
   * @throws ProviderInputError when the initiator is not configured or an input breaks §1.9's rules.
   * @throws ProviderHttpError (and subclasses), timeout and network errors.
   */
  async transactionStatus(input: TransactionStatusInput): Promise<TransactionStatusAccepted> {
    const { initiatorName, securityCredential, shortcode } = this.options;
    if (!initiatorName)
      throw new ProviderInputError(PROVIDER, 'initiatorName', 'must be configured');
    if (!securityCredential)
      throw new ProviderInputError(PROVIDER, 'securityCredential', 'must be configured');
    if (!/^[A-Za-z0-9]{6,20}$/.test(input.transactionId)) {
      throw new ProviderInputError(
        PROVIDER,
        'transactionId',
        'must be an M-Pesa receipt (6–20 letters or digits)',
      );
    }
    if (!/^[\x21-\x7e]{1,100}$/.test(input.originatorConversationId)) {
      throw new ProviderInputError(
        PROVIDER,
        'originatorConversationId',
        'must be 1–100 printable characters',
      );
    }
    if (!/^.{2,100}$/u.test(input.remarks)) {
      throw new ProviderInputError(PROVIDER, 'remarks', 'must be 2–100 characters');
    }
    if (input.occasion !== undefined && !/^.{1,100}$/u.test(input.occasion)) {
      throw new ProviderInputError(PROVIDER, 'occasion', 'must be 1–100 characters');
    }
    checkUrl(input.resultUrl, 'resultUrl');
    checkUrl(input.queueTimeoutUrl, 'queueTimeoutUrl');
    const res = await this.post(
      DARAJA_PATHS.transactionStatus,
      {
        Initiator: initiatorName,
        SecurityCredential: securityCredential,
        CommandID: 'TransactionStatusQuery',
        TransactionID: input.transactionId,
        OriginatorConversationID: input.originatorConversationId,
        PartyA: Number(shortcode),
        IdentifierType: '4',
        ResultURL: input.resultUrl,
        QueueTimeOutURL: input.queueTimeoutUrl,
        Remarks: input.remarks,
        ...(input.occasion === undefined ? {} : { Occasion: input.occasion }),
      },
      'idempotent',
    );
    if (!isSuccess(res)) throw darajaError(res);
    const answer = this.acceptedAnswer(res);
    const read = responseReader(res);
    return {
      conversationId: read.string(answer.ConversationID, 'ConversationID'),
      originatorConversationId:
        read.optionalString(answer.OriginatorConversationID, 'OriginatorConversationID') ??
        input.originatorConversationId,
      responseDescription:
        read.optionalString(answer.ResponseDescription, 'ResponseDescription') ?? '',
    };
  }

  /**
   * Asks the balances of our B2C shortcode (Account Balance, §1.12): initiator credentials,
   * `PartyA` = `b2cShortcode`, `IdentifierType` 4. Accepted means queued: the balances arrive at
   * `resultUrl` (`parseAccountBalanceResult`). A question, so retried on network errors,
   * timeouts and 5xx.
   * @throws ProviderInputError when B2C is not configured or a URL is not http(s).
   * @throws ProviderHttpError (and subclasses), timeout and network errors.
   */
  async accountBalance(input: AccountBalanceInput): Promise<AccountBalanceAccepted> {
    const { b2cShortcode, initiatorName, securityCredential } = this.options;
    if (!b2cShortcode || !SHORTCODE.test(b2cShortcode)) {
      throw new ProviderInputError(PROVIDER, 'b2cShortcode', 'must be configured (5–7 digits)');
    }
    if (!initiatorName)
      throw new ProviderInputError(PROVIDER, 'initiatorName', 'must be configured');
    if (!securityCredential)
      throw new ProviderInputError(PROVIDER, 'securityCredential', 'must be configured');
    if (!/^.{2,100}$/u.test(input.remarks)) {
      throw new ProviderInputError(PROVIDER, 'remarks', 'must be 2–100 characters');
    }
    checkUrl(input.resultUrl, 'resultUrl');
    checkUrl(input.queueTimeoutUrl, 'queueTimeoutUrl');
    const res = await this.post(
      DARAJA_PATHS.accountBalance,
      {
        Initiator: initiatorName,
        SecurityCredential: securityCredential,
        CommandID: 'AccountBalance',
        PartyA: Number(b2cShortcode),
        IdentifierType: '4',
        Remarks: input.remarks,
        QueueTimeOutURL: input.queueTimeoutUrl,
        ResultURL: input.resultUrl,
      },
      'idempotent',
    );
    if (!isSuccess(res)) throw darajaError(res);
    const answer = this.acceptedAnswer(res);
    const read = responseReader(res);
    return {
      conversationId: read.string(answer.ConversationID, 'ConversationID'),
      originatorConversationId:
        read.optionalString(answer.OriginatorConversationID, 'OriginatorConversationID') ?? '',
    };
  }

  /** POST with the bearer token; renews the token once and repeats once when it is refused. */
  private async post(path: string, body: unknown, retry: RetryPolicy): Promise<HttpResponse> {
    const send = (token: string): Promise<HttpResponse> =>
      this.http.request({
        method: 'POST',
        path,
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        body: jsonBody(body),
        retry,
        retryResponse: isRetryableDarajaAnswer,
      });
    const token = await this.getAccessToken();
    const first = await send(token);
    if (!isTokenRefused(first)) return first;
    this.dropToken(token);
    const second = await send(await this.getAccessToken());
    if (isTokenRefused(second)) {
      const error = readDarajaError(second);
      throw new ProviderAuthError(
        PROVIDER,
        second.status,
        tryParseJson(second.text),
        error?.errorMessage ?? 'access token refused',
        {
          providerCode: error?.errorCode,
          outcomeUnknown: false,
        },
      );
    }
    return second;
  }

  private async fetchToken(): Promise<string> {
    const requestedAt = this.now().getTime();
    const basic = Buffer.from(
      `${this.options.consumerKey}:${this.options.consumerSecret}`,
      'utf8',
    ).toString('base64');
    const res = await this.http.request({
      method: 'GET',
      path: DARAJA_PATHS.token,
      query: { grant_type: 'client_credentials' },
      headers: { Authorization: `Basic ${basic}`, Accept: 'application/json' },
      retry: 'idempotent',
      retryResponse: isRetryableDarajaAnswer,
    });
    if (!isSuccess(res)) {
      if (res.status === 400 || res.status === 401 || res.status === 403) {
        const error = readDarajaError(res);
        throw new ProviderAuthError(
          PROVIDER,
          res.status,
          tryParseJson(res.text) ?? snippet(res.text),
          error?.errorMessage ?? 'token request refused',
          {
            providerCode: error?.errorCode,
            outcomeUnknown: false,
          },
        );
      }
      throw darajaError(res);
    }
    const answer = responseReader(res).record(parseJsonResponse(PROVIDER, res), 'body');
    const read = responseReader(res);
    const value = read.string(answer.access_token, 'access_token');
    const expiresInSeconds = read.integer(answer.expires_in, 'expires_in');
    if (expiresInSeconds <= 0)
      throw new ProviderResponseError(PROVIDER, res.status, 'must be positive', {
        field: 'expires_in',
        outcomeUnknown: false,
      });
    const lifetimeMs = expiresInSeconds * 1000;
    const marginMs = Math.min(this.options.tokenRefreshMarginMs ?? 60_000, lifetimeMs / 2);
    this.token = { value, refreshAt: requestedAt + lifetimeMs - marginMs };
    return value;
  }

  private dropToken(value: string): void {
    if (this.token?.value === value) this.token = undefined;
  }

  /**
   * The JSON body of a 2xx answer whose `ResponseCode` must be "0" (§1.3, §1.7, §1.8).
   * @throws ProviderHttpError for another `ResponseCode` (a documented rejection).
   */
  private acceptedAnswer(res: HttpResponse): Record<string, unknown> {
    const read = responseReader(res);
    const answer = read.record(parseJsonResponse(PROVIDER, res), 'body');
    const code = read.code(answer.ResponseCode, 'ResponseCode');
    if (code !== '0') {
      const description =
        typeof answer.ResponseDescription === 'string'
          ? answer.ResponseDescription
          : 'request not accepted';
      throw new ProviderHttpError(PROVIDER, res.status, answer, description, {
        providerCode: code,
        outcomeUnknown: false,
      });
    }
    return answer;
  }
}

/**
 * Validates and reads an STK callback body (§1.6). Metadata items are looked up by `Name`;
 * `Amount` becomes Ksh with 2 decimals, `TransactionDate`/`PhoneNumber` digit strings; `Balance`
 * is ignored. Only `ResultCode` 0 (paid) requires `CallbackMetadata` with `Amount` and
 * `MpesaReceiptNumber`.
 * @throws ProviderCallbackError for any other shape.
 */
export const parseStkCallback = (body: unknown): StkCallbackResult => {
  const read = callbackReader();
  const root = read.record(body, 'body');
  const callback = read.record(read.record(root.Body, 'Body').stkCallback, 'Body.stkCallback');
  const at = (name: string): string => `Body.stkCallback.${name}`;
  const resultCode = read.code(callback.ResultCode, at('ResultCode'));
  const outcome = stkOutcome(resultCode);
  const result: StkCallbackResult = {
    merchantRequestId: read.string(callback.MerchantRequestID, at('MerchantRequestID')),
    checkoutRequestId: read.string(callback.CheckoutRequestID, at('CheckoutRequestID')),
    resultCode,
    resultDesc: read.optionalString(callback.ResultDesc, at('ResultDesc')) ?? '',
    outcome,
  };
  if (outcome !== 'paid') return result;

  const itemsPath = at('CallbackMetadata.Item');
  const items = read.array(
    read.record(callback.CallbackMetadata, at('CallbackMetadata')).Item,
    itemsPath,
  );
  const byName = new Map<string, unknown>();
  items.forEach((item, i) => {
    const entry = read.record(item, `${itemsPath}[${i}]`);
    byName.set(read.string(entry.Name, `${itemsPath}[${i}].Name`), entry.Value);
  });
  const amountKsh = toDecimalString(byName.get('Amount'), 2);
  if (amountKsh === null || !/^\d+\.\d{2}$/.test(amountKsh) || /^0+\.00$/.test(amountKsh)) {
    read.fail(`${itemsPath}.Amount`, 'expected a positive amount');
  }
  const receipt = read
    .string(byName.get('MpesaReceiptNumber'), `${itemsPath}.MpesaReceiptNumber`)
    .trim();
  if (!/^[A-Za-z0-9]{6,20}$/.test(receipt))
    read.fail(`${itemsPath}.MpesaReceiptNumber`, 'expected an alphanumeric receipt');
  result.receipt = receipt;
  result.amountKsh = amountKsh ?? undefined;

  const date = byName.get('TransactionDate');
  if (date !== undefined && date !== null) {
    const text = digitsOf(date);
    if (text === undefined || !/^\d{14}$/.test(text))
      read.fail(`${itemsPath}.TransactionDate`, 'expected YYYYMMDDHHmmss');
    result.transactionDate = text;
  }
  const phone = byName.get('PhoneNumber');
  if (phone !== undefined && phone !== null) {
    const text = digitsOf(phone);
    if (text === undefined) read.fail(`${itemsPath}.PhoneNumber`, 'expected an MSISDN');
    result.phone = text;
  }
  return result;
};

/**
 * Validates and reads a B2C `Result` posted to `ResultURL` (§1.8). `ResultParameter` may be a
 * list or a single `{Key, Value}`; amounts become Ksh with 2 decimals. A paid result (code 0)
 * must carry `TransactionID` (or `TransactionReceipt`).
 * @throws ProviderCallbackError for any other shape.
 */
export const parseB2cResult = (body: unknown): B2cResult => {
  const read = callbackReader();
  const result = read.record(read.record(body, 'body').Result, 'Result');
  const at = (name: string): string => `Result.${name}`;
  const resultCode = read.code(result.ResultCode, at('ResultCode'));
  const params = new Map<string, unknown>();
  if (result.ResultParameters !== undefined && result.ResultParameters !== null) {
    const raw = read.record(result.ResultParameters, at('ResultParameters')).ResultParameter;
    const list = Array.isArray(raw) ? raw : [raw];
    list.forEach((item, i) => {
      const entry = read.record(item, `${at('ResultParameters.ResultParameter')}[${i}]`);
      params.set(
        read.string(entry.Key, `${at('ResultParameters.ResultParameter')}[${i}].Key`),
        entry.Value,
      );
    });
  }
  const amount = (key: string): string | undefined => {
    const value = params.get(key);
    if (value === undefined || value === null || value === '') return undefined;
    return (
      toDecimalString(value, 2) ?? read.fail(at(`ResultParameters.${key}`), 'expected an amount')
    );
  };
  const text = (key: string): string | undefined => {
    const value = params.get(key);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  };
  const transactionId =
    read.optionalString(result.TransactionID, at('TransactionID'))?.trim() || undefined;
  const parsed: B2cResult = {
    resultType: read.optionalInteger(result.ResultType, at('ResultType')) ?? 0,
    resultCode,
    resultDesc: read.optionalString(result.ResultDesc, at('ResultDesc')) ?? '',
    paid: resultCode === '0',
    originatorConversationId: read.string(
      result.OriginatorConversationID,
      at('OriginatorConversationID'),
    ),
    conversationId: read.string(result.ConversationID, at('ConversationID')),
    transactionId,
    amountKsh: amount('TransactionAmount'),
    receipt: text('TransactionReceipt'),
    receiverPartyPublicName: text('ReceiverPartyPublicName'),
    completedAt: text('TransactionCompletedDateTime'),
    utilityAccountAvailableFundsKsh: amount('B2CUtilityAccountAvailableFunds'),
    recipientIsRegisteredCustomer: text('B2CRecipientIsRegisteredCustomer'),
  };
  if (parsed.paid) {
    parsed.transactionId ??= parsed.receipt;
    if (!parsed.transactionId) read.fail(at('TransactionID'), 'a paid result needs TransactionID');
  }
  for (const key of Object.keys(parsed) as (keyof B2cResult)[])
    if (parsed[key] === undefined) delete parsed[key];
  return parsed;
};

/**
 * Validates and reads a Transaction Status `Result` posted to `ResultURL` (§1.9): the same
 * envelope as B2C (`Result` with `ResultParameters.ResultParameter` as `{Key, Value}` items, a
 * list or a single item). `completed` only when `ResultCode` is 0 and `TransactionStatus` is
 * `Completed`; `Amount` becomes Ksh with 2 decimals.
 * @throws ProviderCallbackError for any other shape.
 */
export const parseTransactionStatusResult = (body: unknown): TransactionStatusResult => {
  const read = callbackReader();
  const result = read.record(read.record(body, 'body').Result, 'Result');
  const at = (name: string): string => `Result.${name}`;
  const resultCode = read.code(result.ResultCode, at('ResultCode'));
  const params = new Map<string, unknown>();
  if (result.ResultParameters !== undefined && result.ResultParameters !== null) {
    const raw = read.record(result.ResultParameters, at('ResultParameters')).ResultParameter;
    (Array.isArray(raw) ? raw : [raw]).forEach((item, i) => {
      const entry = read.record(item, `${at('ResultParameters.ResultParameter')}[${i}]`);
      params.set(
        read.string(entry.Key, `${at('ResultParameters.ResultParameter')}[${i}].Key`),
        entry.Value,
      );
    });
  }
  const text = (key: string): string | undefined => {
    const value = params.get(key);
    return typeof value === 'string' || typeof value === 'number'
      ? String(value).trim() || undefined
      : undefined;
  };
  const amountValue = params.get('Amount');
  const amountKsh =
    amountValue === undefined || amountValue === null || amountValue === ''
      ? undefined
      : (toDecimalString(amountValue, 2) ??
        read.fail(at('ResultParameters.Amount'), 'expected an amount'));
  const transactionStatus = text('TransactionStatus');
  const parsed: TransactionStatusResult = {
    resultCode,
    resultDesc: read.optionalString(result.ResultDesc, at('ResultDesc')) ?? '',
    originatorConversationId: read.string(
      result.OriginatorConversationID,
      at('OriginatorConversationID'),
    ),
    conversationId: read.string(result.ConversationID, at('ConversationID')),
    completed: resultCode === '0' && transactionStatus?.toLowerCase() === 'completed',
    transactionStatus,
    receipt: text('ReceiptNo'),
    amountKsh,
    reasonType: text('ReasonType'),
    debitPartyName: text('DebitPartyName'),
    finalisedAt: digitsOf(params.get('FinalisedTime')),
  };
  if (parsed.completed && !parsed.receipt)
    read.fail(at('ResultParameters.ReceiptNo'), 'a completed transaction needs ReceiptNo');
  for (const key of Object.keys(parsed) as (keyof TransactionStatusResult)[])
    if (parsed[key] === undefined) delete parsed[key];
  return parsed;
};

/**
 * Validates and reads an Account Balance `Result` (§1.12): the B2C envelope; the
 * `AccountBalance` parameter lists accounts joined by `&`, each `name|currency|current|available|…`
 * (amounts become Ksh with 2 decimals, negative allowed).
 * @throws ProviderCallbackError for any other shape.
 */
export const parseAccountBalanceResult = (body: unknown): AccountBalanceResult => {
  const read = callbackReader();
  const result = read.record(read.record(body, 'body').Result, 'Result');
  const at = (name: string): string => `Result.${name}`;
  const params = new Map<string, unknown>();
  if (result.ResultParameters !== undefined && result.ResultParameters !== null) {
    const raw = read.record(result.ResultParameters, at('ResultParameters')).ResultParameter;
    (Array.isArray(raw) ? raw : [raw]).forEach((item, i) => {
      const entry = read.record(item, `${at('ResultParameters.ResultParameter')}[${i}]`);
      params.set(
        read.string(entry.Key, `${at('ResultParameters.ResultParameter')}[${i}].Key`),
        entry.Value,
      );
    });
  }
  const resultCode = read.code(result.ResultCode, at('ResultCode'));
  const accounts: DarajaAccountBalance[] = [];
  const listed = params.get('AccountBalance');
  if (resultCode === '0' && listed !== undefined && listed !== null) {
    const text = read.string(listed, at('ResultParameters.AccountBalance'));
    for (const account of text.split('&').filter((a) => a.trim())) {
      const [name, currency, current, available] = account.split('|').map((f) => f.trim());
      const currentKsh = signedKsh(current);
      const availableKsh = signedKsh(available);
      if (!name || !currency || currentKsh === null || availableKsh === null) {
        read.fail(
          at('ResultParameters.AccountBalance'),
          'expected name|currency|current|available per account',
        );
      }
      accounts.push({
        name,
        currency,
        currentKsh: currentKsh as string,
        availableKsh: availableKsh as string,
      });
    }
  }
  const completedAt = digitsOf(params.get('BOCompletedTime'));
  return {
    resultCode,
    resultDesc: read.optionalString(result.ResultDesc, at('ResultDesc')) ?? '',
    originatorConversationId: read.string(
      result.OriginatorConversationID,
      at('OriginatorConversationID'),
    ),
    conversationId: read.string(result.ConversationID, at('ConversationID')),
    accounts,
    ...(completedAt === undefined ? {} : { completedAt }),
  };
};

// ----- helpers -----

/** `'-220.00'` / `'49217'` → Ksh with 2 decimals (sign kept); null when not an amount. */
const signedKsh = (value: string | undefined): string | null => {
  if (value === undefined || !/^-?\d+(\.\d+)?$/.test(value)) return null;
  const negative = value.startsWith('-');
  const amount = toDecimalString(negative ? value.slice(1) : value, 2);
  return amount === null ? null : `${negative ? '-' : ''}${amount}`;
};

/** Whole Ksh within [min, max] as a JSON-safe integer (whole shillings, never a float). */
const wholeKsh = (value: string | number, field: string, min: bigint, max: bigint): number => {
  const whole = toWholeUnits(value);
  if (whole === null)
    throw new ProviderInputError(PROVIDER, field, 'must be whole Ksh (Daraja takes no cents)');
  if (whole < min || whole > max)
    throw new ProviderInputError(PROVIDER, field, `must be between ${min} and ${max} Ksh`);
  return Number(whole);
};

const checkMsisdn = (value: string, field: string): string => {
  if (!MSISDN.test(value))
    throw new ProviderInputError(PROVIDER, field, 'must be an MSISDN 2547XXXXXXXX or 2541XXXXXXXX');
  return value;
};

const checkUrl = (value: string, field: string): void => {
  if (!/^https?:\/\/\S+$/.test(value))
    throw new ProviderInputError(PROVIDER, field, 'must be an http(s) URL');
};

/** Digits of a JSON number or a digit string (`TransactionDate`, `PhoneNumber`, §1.6). */
const digitsOf = (value: unknown): string | undefined => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return value.trim();
  return undefined;
};

/** The gateway error body (§1.5), when the answer has one. */
const readDarajaError = (
  res: HttpResponse,
): { errorCode: string; errorMessage?: string } | undefined => {
  const body = tryParseJson(res.text);
  if (!isRecord(body) || typeof body.errorCode !== 'string') return undefined;
  return {
    errorCode: body.errorCode,
    errorMessage: typeof body.errorMessage === 'string' ? body.errorMessage : undefined,
  };
};

/** 500.001.1001 messages that are rejections of our set-up, not "being processed" (§1.5). */
const isConfigRejection = (message = ''): boolean =>
  /wrong credentials|merchant does not exist/i.test(message);

/** Token refused: HTTP 401 or errorCode 404.001.03 whatever the status (§1.5 ⚠). */
const isTokenRefused = (res: HttpResponse): boolean =>
  res.status === 401 || readDarajaError(res)?.errorCode === DARAJA_ERROR.INVALID_TOKEN;

/**
 * Worth repeating (idempotent calls only): a 5xx without a Daraja error body (gateway page,
 * proxy error), or `500.003.1001` Internal Server Error / `500.003.02` spike arrest. Not the
 * documented rejections (`500.001.1001`, `500.002.1001`, `500.003.03` quota).
 */
const isRetryableDarajaAnswer = (res: HttpResponse): boolean => {
  if (res.status < 500) return false;
  const code = readDarajaError(res)?.errorCode;
  return (
    code === undefined ||
    code === DARAJA_ERROR.INTERNAL_SERVER_ERROR ||
    code === DARAJA_ERROR.SPIKE_ARREST
  );
};

/**
 * Maps a non-2xx answer to a typed error (§1.5), deciding on `errorCode` rather than the HTTP
 * status. A structured Daraja error is a decision of the gateway (outcome known), except
 * `500.003.1001` Internal Server Error; a 5xx without one (proxy page) leaves the outcome unknown.
 */
const darajaError = (res: HttpResponse): ProviderHttpError => {
  const error = readDarajaError(res);
  const body = tryParseJson(res.text) ?? snippet(res.text, 500);
  const message = error?.errorMessage ?? (snippet(res.text) || `HTTP ${res.status}`);
  const providerCode = error?.errorCode;
  if (
    res.status === 429 ||
    providerCode === DARAJA_ERROR.SPIKE_ARREST ||
    providerCode === DARAJA_ERROR.QUOTA_VIOLATION
  ) {
    return new ProviderRateLimitError(PROVIDER, res.status, body, message, {
      providerCode,
      retryAfterMs: retryAfterMs(res.headers),
    });
  }
  if (res.status === 401 || res.status === 403 || providerCode === DARAJA_ERROR.INVALID_TOKEN) {
    return new ProviderAuthError(PROVIDER, res.status, body, message, {
      providerCode,
      outcomeUnknown: false,
    });
  }
  const outcomeUnknown =
    providerCode === undefined
      ? res.status >= 500
      : providerCode === DARAJA_ERROR.INTERNAL_SERVER_ERROR;
  return new ProviderHttpError(PROVIDER, res.status, body, message, {
    providerCode,
    outcomeUnknown,
  });
};

const responseReader = (res: HttpResponse): ShapeReader =>
  shapeReader((field, message) => {
    throw new ProviderResponseError(PROVIDER, res.status, message, { field });
  });

const callbackReader = (): ShapeReader =>
  shapeReader((field, message) => {
    throw new ProviderCallbackError(PROVIDER, message, field);
  });
