import {
  createHttpClient,
  formBody,
  HttpClient,
  HttpResponse,
  isRecord,
  isSuccess,
  parseJsonResponse,
  ProviderAuthError,
  ProviderCallbackError,
  ProviderHttpError,
  ProviderInputError,
  ProviderResponseError,
  snippet,
  tryParseJson,
} from '../common/http';
import { ShapeReader, shapeReader } from '../common/shape';
import {
  AfricasTalkingClientOptions,
  SendSmsInput,
  SendSmsResult,
  SmsDeliveryReport,
  SmsRecipient,
  SmsRecipientOutcome,
} from './africastalking.types';

const PROVIDER = 'africastalking';
const RETRYABLE_CODES = new Set([405, 407, 409, 500, 501]);
const FINAL_STATUSES = new Set(['Success', 'Rejected', 'Failed']);

/** Path of the bulk SMS API below the base URL (docs/PROVIDERS.md §3.1, §3.2). */
export const AT_MESSAGING_PATH = '/version1/messaging';

/** What a per-recipient `statusCode` means for retrying (§3.2 table). */
export const smsRecipientOutcome = (statusCode: number): SmsRecipientOutcome =>
  statusCode >= 100 && statusCode <= 102
    ? 'accepted'
    : RETRYABLE_CODES.has(statusCode)
      ? 'retryable'
      : 'permanent';

/**
 * Africa's Talking bulk SMS client (docs/PROVIDERS.md §3): form-encoded `POST /version1/messaging`
 * with the `apiKey` header and `Accept: application/json`. Sending is not idempotent (a repeat
 * sends and bills the SMS twice), so it is repeated only when the request never left; the sms
 * outbox retries per recipient outcome instead.
 */
export class AfricasTalkingClient {
  private readonly http: HttpClient;

  constructor(private readonly options: AfricasTalkingClientOptions) {
    if (!options.username) throw new ProviderInputError(PROVIDER, 'username', 'is required');
    if (!options.apiKey) throw new ProviderInputError(PROVIDER, 'apiKey', 'is required');
    this.http = createHttpClient(PROVIDER, options, { timeoutMs: 15_000 });
  }

  /**
   * Sends one text to one or more recipients (§3.2) and returns each recipient's status. A
   * recipient `accepted` is not yet delivered: delivery comes by report (`parseDeliveryReport`).
   * @throws ProviderInputError for a bad number or an empty message.
   * @throws ProviderAuthError (401, bad username/key), ProviderHttpError (e.g. 409 Nigerian DND),
   *   ProviderResponseError, timeout and network errors.
   */
  async sendSms(input: SendSmsInput): Promise<SendSmsResult> {
    const numbers = (Array.isArray(input.to) ? input.to : [input.to]).map((n) => n.trim());
    if (!numbers.length) throw new ProviderInputError(PROVIDER, 'to', 'needs at least one number');
    for (const number of numbers) {
      if (!/^\+?\d{9,15}$/.test(number))
        throw new ProviderInputError(PROVIDER, 'to', `not an international number: ${number}`);
    }
    if (!input.message) throw new ProviderInputError(PROVIDER, 'message', 'is required');
    const res = await this.http.request({
      method: 'POST',
      path: AT_MESSAGING_PATH,
      headers: { apiKey: this.options.apiKey, Accept: 'application/json' },
      body: formBody({
        username: this.options.username,
        to: numbers.map((n) => (n.startsWith('+') ? n : `+${n}`)).join(','),
        message: input.message,
        from: input.from ?? this.options.senderId,
        enqueue: input.enqueue ? '1' : undefined,
      }),
      retry: 'unsent-only',
    });
    if (!isSuccess(res)) throw atError(res);
    return parseSendAnswer(res);
  }
}

/**
 * Reads a delivery report (§3.3), posted form-encoded: pass the raw body text, `URLSearchParams`
 * or the object a form parser produced. `id`, `status` and `phoneNumber` are required.
 * @throws ProviderCallbackError for any other shape.
 */
export const parseDeliveryReport = (body: unknown): SmsDeliveryReport => {
  const read = callbackReader();
  const fields = formFields(body);
  const status = read.string(fields.status, 'status').trim();
  const report: SmsDeliveryReport = {
    id: read.string(fields.id, 'id').trim(),
    status,
    final: FINAL_STATUSES.has(status),
    delivered: status === 'Success',
    phoneNumber: read.string(fields.phoneNumber, 'phoneNumber').trim(),
  };
  const networkCode = read.optionalString(fields.networkCode, 'networkCode');
  if (networkCode) report.networkCode = networkCode;
  const failureReason = read.optionalString(fields.failureReason, 'failureReason');
  if (failureReason) report.failureReason = failureReason;
  const retryCount =
    fields.retryCount === '' ? undefined : read.optionalInteger(fields.retryCount, 'retryCount');
  if (retryCount !== undefined) report.retryCount = retryCount;
  return report;
};

// ----- helpers -----

const parseSendAnswer = (res: HttpResponse): SendSmsResult => {
  const read = responseReader(res);
  const data = read.record(
    read.record(parseJsonResponse(PROVIDER, res), 'body').SMSMessageData,
    'SMSMessageData',
  );
  const recipients = read
    .array(data.Recipients ?? [], 'SMSMessageData.Recipients')
    .map((item, i): SmsRecipient => {
      const at = `SMSMessageData.Recipients[${i}]`;
      const r = read.record(item, at);
      const statusCode = read.integer(r.statusCode, `${at}.statusCode`);
      const messageId = read.optionalString(r.messageId, `${at}.messageId`);
      const cost =
        typeof r.cost === 'number'
          ? String(r.cost)
          : (read.optionalString(r.cost, `${at}.cost`) ?? '');
      const recipient: SmsRecipient = {
        number: read.string(r.number, `${at}.number`),
        status: read.string(r.status, `${at}.status`),
        statusCode,
        outcome: smsRecipientOutcome(statusCode),
        messageId: messageId && messageId !== 'None' ? messageId : null,
        cost,
      };
      const match = /^(?:([A-Z]{3})\s+)?(\d+(?:\.\d+)?)$/.exec(cost.trim());
      if (match) {
        if (match[1]) recipient.costCurrency = match[1];
        recipient.costAmount = match[2];
      }
      const parts = read.optionalInteger(r.messageParts, `${at}.messageParts`);
      if (parts !== undefined) recipient.messageParts = parts;
      if (recipient.outcome === 'accepted' && !recipient.messageId) {
        throw new ProviderResponseError(
          PROVIDER,
          res.status,
          'an accepted recipient needs a messageId',
          {
            field: `${at}.messageId`,
          },
        );
      }
      return recipient;
    });
  return { message: read.optionalString(data.Message, 'SMSMessageData.Message') ?? '', recipients };
};

/** 401 (plain text `The supplied authentication is invalid`, §3.2) → auth error; others as sent. */
const atError = (res: HttpResponse): ProviderHttpError => {
  const body = tryParseJson(res.text) ?? snippet(res.text, 500);
  const message = snippet(res.text) || `HTTP ${res.status}`;
  if (res.status === 401 || res.status === 403) {
    return new ProviderAuthError(PROVIDER, res.status, body, message, { outcomeUnknown: false });
  }
  const providerCode = res.status === 409 ? 'DoNotDisturbRejection' : undefined;
  return new ProviderHttpError(PROVIDER, res.status, body, message, { providerCode });
};

/** Form fields of a report as `{name: value}` (first value wins). */
const formFields = (body: unknown): Record<string, unknown> => {
  if (typeof body === 'string') return Object.fromEntries(new URLSearchParams(body));
  if (body instanceof URLSearchParams) return Object.fromEntries(body);
  if (isRecord(body)) {
    return Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
    );
  }
  throw new ProviderCallbackError(PROVIDER, 'expected a form body', 'body');
};

const responseReader = (res: HttpResponse): ShapeReader =>
  shapeReader((field, message) => {
    throw new ProviderResponseError(PROVIDER, res.status, message, { field });
  });

const callbackReader = (): ShapeReader =>
  shapeReader((field, message) => {
    throw new ProviderCallbackError(PROVIDER, message, field);
  });
