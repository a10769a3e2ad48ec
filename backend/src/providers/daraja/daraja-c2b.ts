import { toDecimalString } from '../../common/decimal/decimal';
import {
  createHttpClient,
  HttpClient,
  isRecord,
  isSuccess,
  jsonBody,
  ProviderCallbackError,
  ProviderHttpError,
  ProviderHttpOptions,
  ProviderInputError,
  ProviderResponseError,
  tryParseJson,
} from '../common/http';

const PROVIDER = 'daraja';

/** Register URL paths, v1 and v2 (docs/PROVIDERS.md "Daraja C2B": Safaricom's pages disagree). */
export const C2B_REGISTER_PATHS = {
  v1: '/mpesa/c2b/v1/registerurl',
  v2: '/mpesa/c2b/v2/registerurl',
} as const;
export type C2bRegisterVersion = keyof typeof C2B_REGISTER_PATHS;

/** What Daraja does with a payment when our ValidationURL does not answer (docs/PROVIDERS.md "Daraja C2B"). */
export type C2bResponseType = 'Completed' | 'Cancelled';

/** The result codes a validation answer may carry (docs/PROVIDERS.md "Daraja C2B"). */
export const C2B_RESULT = {
  ACCEPTED: '0',
  INVALID_MSISDN: 'C2B00011',
  INVALID_ACCOUNT: 'C2B00012',
  INVALID_AMOUNT: 'C2B00013',
  INVALID_KYC: 'C2B00014',
  INVALID_SHORTCODE: 'C2B00015',
  OTHER_ERROR: 'C2B00016',
} as const;
export type C2bResultCode = (typeof C2B_RESULT)[keyof typeof C2B_RESULT];

/** Our answer to a validation request: `{ResultCode: "0", ResultDesc: "Accepted"}` or a rejection. */
export interface C2bValidationAnswer {
  ResultCode: C2bResultCode;
  ResultDesc: string;
}

/** Accepting a validation request. */
export const C2B_ACCEPT: C2bValidationAnswer = {
  ResultCode: C2B_RESULT.ACCEPTED,
  ResultDesc: 'Accepted',
};

/** Refusing one with `code` (`ResultDesc` "Rejected", as Daraja's pages show). */
export const c2bReject = (code: Exclude<C2bResultCode, '0'>): C2bValidationAnswer => ({
  ResultCode: code,
  ResultDesc: 'Rejected',
});

/** What our confirmation endpoint answers (Daraja reads only the HTTP status). */
export const C2B_CONFIRMATION_ACK = { ResultCode: '0', ResultDesc: 'Success' } as const;

/**
 * A C2B validation or confirmation body, read (docs/PROVIDERS.md "Daraja C2B"). `amountKsh` is a
 * decimal string with 2 decimals; `billRefNumber` is trimmed and upper-cased (the buyer types the
 * account number in any case); `msisdn` is whatever Daraja sent (masked or hashed).
 */
export interface C2bPayment {
  transactionType: string;
  transId: string;
  transTime: string;
  amountKsh: string;
  businessShortCode: string;
  billRefNumber: string;
  invoiceNumber: string;
  thirdPartyTransId: string;
  msisdn: string;
  firstName: string;
}

const TRANS_ID = /^[A-Za-z0-9]{6,20}$/;

/**
 * Reads a C2B validation or confirmation body (docs/PROVIDERS.md "Daraja C2B"): `TransID` (6-20
 * letters and digits), `TransAmount` (a positive amount, string or number), `BusinessShortCode`
 * (string or number) and `BillRefNumber` are required; the other fields may be absent, null,
 * strings or numbers.
 * @throws ProviderCallbackError naming the first field that is wrong.
 */
export const parseC2bPayment = (body: unknown): C2bPayment => {
  const fail = (field: string, message: string): never => {
    throw new ProviderCallbackError(PROVIDER, message, field);
  };
  if (!isRecord(body)) return fail('body', 'expected a JSON object');
  const text = (field: string, required: boolean): string => {
    const v = body[field];
    if (v === undefined || v === null || v === '')
      return required ? fail(field, 'is required') : '';
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    if (typeof v !== 'string') return fail(field, 'expected a string');
    if (v.length > 200) return fail(field, 'is too long');
    return v.trim();
  };
  const transId = text('TransID', true);
  if (!TRANS_ID.test(transId)) fail('TransID', 'expected 6-20 letters or digits');
  const amountKsh = toDecimalString(body.TransAmount, 2);
  if (amountKsh === null || !/^\d{1,10}\.\d{2}$/.test(amountKsh) || /^0+\.00$/.test(amountKsh)) {
    fail('TransAmount', 'expected a positive amount');
  }
  const businessShortCode = text('BusinessShortCode', true);
  if (!/^\d{5,7}$/.test(businessShortCode)) fail('BusinessShortCode', 'expected 5-7 digits');
  const billRefNumber = text('BillRefNumber', true).toUpperCase();
  return {
    transactionType: text('TransactionType', false),
    transId,
    transTime: text('TransTime', false),
    amountKsh: amountKsh as string,
    businessShortCode,
    billRefNumber,
    invoiceNumber: text('InvoiceNumber', false),
    thirdPartyTransId: text('ThirdPartyTransID', false),
    msisdn: text('MSISDN', false),
    firstName: text('FirstName', false),
  };
};

/** Options of DarajaC2bClient: the HTTP options and where the OAuth token comes from (DarajaClient). */
export interface DarajaC2bClientOptions extends ProviderHttpOptions {
  /** A valid bearer token (DarajaClient.getAccessToken). */
  accessToken: () => Promise<string>;
}

/** A Register URL request (docs/PROVIDERS.md "Daraja C2B"). */
export interface C2bRegisterInput {
  shortCode: string;
  responseType: C2bResponseType;
  confirmationUrl: string;
  validationUrl: string;
  version: C2bRegisterVersion;
}

/** Words Daraja refuses in a registered URL (docs/PROVIDERS.md §1.10). */
const BANNED_URL_WORDS = /m-?pesa|safaricom|exe|exec|cmd|sql|query/i;

/**
 * Daraja's C2B Register URL call (docs/PROVIDERS.md "Daraja C2B"): tells Daraja where to send the
 * validation and confirmation requests of a paybill. Used by the `c2b:register` CLI only.
 */
export class DarajaC2bClient {
  private readonly http: HttpClient;

  constructor(private readonly options: DarajaC2bClientOptions) {
    this.http = createHttpClient(PROVIDER, options, { timeoutMs: 15_000 });
  }

  /**
   * Registers the two URLs for `shortCode`.
   * @returns Daraja's answer (`ResponseCode` "0" and its description).
   * @throws ProviderInputError when an input breaks the documented rules (a banned word in a URL);
   *   ProviderHttpError when Daraja refuses; ProviderResponseError on an unreadable answer.
   */
  async registerUrls(
    input: C2bRegisterInput,
  ): Promise<{ responseCode: string; responseDescription: string }> {
    if (!/^\d{5,7}$/.test(input.shortCode))
      throw new ProviderInputError(PROVIDER, 'ShortCode', 'must be 5-7 digits');
    for (const [field, url] of [
      ['ConfirmationURL', input.confirmationUrl],
      ['ValidationURL', input.validationUrl],
    ] as const) {
      if (!/^https?:\/\/\S+$/.test(url))
        throw new ProviderInputError(PROVIDER, field, 'must be an http(s) URL');
      if (BANNED_URL_WORDS.test(new URL(url).pathname)) {
        throw new ProviderInputError(
          PROVIDER,
          field,
          'must not contain mpesa, safaricom, exe, cmd, sql or query',
        );
      }
    }
    const token = await this.options.accessToken();
    const res = await this.http.request({
      method: 'POST',
      path: C2B_REGISTER_PATHS[input.version],
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      body: jsonBody({
        ShortCode: input.shortCode,
        ResponseType: input.responseType,
        ConfirmationURL: input.confirmationUrl,
        ValidationURL: input.validationUrl,
      }),
      retry: 'idempotent',
    });
    const answer = tryParseJson(res.text);
    if (!isSuccess(res)) {
      const message =
        isRecord(answer) && typeof answer.errorMessage === 'string'
          ? answer.errorMessage
          : `HTTP ${res.status}`;
      throw new ProviderHttpError(PROVIDER, res.status, answer, message, { outcomeUnknown: false });
    }
    if (!isRecord(answer) || answer.ResponseCode === undefined) {
      throw new ProviderResponseError(PROVIDER, res.status, 'expected ResponseCode', {
        field: 'ResponseCode',
      });
    }
    return {
      responseCode: String(answer.ResponseCode),
      responseDescription:
        typeof answer.ResponseDescription === 'string' ? answer.ResponseDescription : '',
    };
  }
}
