import { formatInTimeZone } from 'date-fns-tz';
import { toScaled, toWholeUnits } from '../../../common/decimal/decimal';
import { isHttpUrl, isObject } from '../../common/provider-answer';
import { B2C_FAILING_RECIPIENTS, STK_REFUSED_MSISDN_PREFIX } from '../../sandbox.constants';

/**
 * Pure rules of the Daraja sandbox (docs/PROVIDERS.md §1): request validation exactly as §1.3/§1.7/§1.8,
 * the gateway error body of §1.5, result codes of §1.4/§1.8 and the callback bodies of §1.6/§1.8.
 * No Nest, no I/O; time and ids are arguments.
 */

const NAIROBI_TZ = 'Africa/Nairobi';
const MSISDN = /^254[17]\d{8}$/;
const SHORTCODE = /^\d{5,7}$/;

/** Result codes and descriptions the sandbox sends (§1.4, §1.8), spelled as Safaricom sends them. */
export const DARAJA_RESULTS = {
  SUCCESS: { code: 0, desc: 'The service request is processed successfully.' },
  INSUFFICIENT_BALANCE: { code: 1, desc: 'The balance is insufficient for the transaction.' },
  BELOW_MINIMUM: {
    code: 2,
    desc: 'Declined due to limit rule: less than the minimum transaction amount.',
  },
  ABOVE_MAXIMUM: {
    code: 3,
    desc: 'Declined due to limit rule: greater than the maximum transaction amount.',
  },
  DEBIT_PARTY_INVALID: { code: 11, desc: 'The DebitParty is in an invalid state.' },
  CANCELLED: { code: 1032, desc: 'Request cancelled by user' },
  TIMEOUT: { code: 1037, desc: 'DS timeout user cannot be reached' },
  WRONG_PIN: { code: 2001, desc: 'The initiator information is invalid.' },
  INITIATOR_INVALID: { code: 2001, desc: 'The initiator information is invalid.' },
  UNREGISTERED_CUSTOMER: {
    code: 2040,
    desc: "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
  },
} as const;

/** How an STK prompt ended (`sandbox_stk_request.status`). */
export type StkResolution = 'accepted' | 'declined' | 'wrong_pin' | 'timed_out';

/** ResultCode/ResultDesc of an STK resolution (§1.4). */
export const stkResult = (resolution: StkResolution): { code: number; desc: string } =>
  ({
    accepted: DARAJA_RESULTS.SUCCESS,
    declined: DARAJA_RESULTS.CANCELLED,
    wrong_pin: DARAJA_RESULTS.WRONG_PIN,
    timed_out: DARAJA_RESULTS.TIMEOUT,
  })[resolution];

/** Gateway error body (§1.5). */
export interface DarajaErrorBody {
  requestId: string;
  errorCode: string;
  errorMessage: string;
}

/** A rejected request: HTTP status plus the §1.5 code and message. */
export interface DarajaRejection {
  status: number;
  errorCode: string;
  errorMessage: string;
}

/** Documented rejections (§1.5, §1.7, §1.8). */
export const DARAJA_REJECTIONS = {
  invalid: (field: string): DarajaRejection => ({
    status: 400,
    errorCode: '400.002.02',
    errorMessage: `Bad Request - Invalid ${field}`,
  }),
  invalidToken: { status: 404, errorCode: '404.001.03', errorMessage: 'Invalid Access Token' },
  invalidGrantType: {
    status: 400,
    errorCode: '400.008.02',
    errorMessage: 'Invalid grant type passed',
  },
  invalidAuthentication: {
    status: 400,
    errorCode: '400.008.01',
    errorMessage: 'Invalid Authentication passed',
  },
  merchantDoesNotExist: {
    status: 500,
    errorCode: '500.001.1001',
    errorMessage: 'Merchant does not exist',
  },
  wrongCredentials: { status: 500, errorCode: '500.001.1001', errorMessage: 'Wrong credentials' },
  beingProcessed: {
    status: 500,
    errorCode: '500.001.1001',
    errorMessage: 'The transaction is being processed',
  },
  duplicateOriginator: {
    status: 500,
    errorCode: '500.002.1001',
    errorMessage: 'Duplicate OriginatorConversationID.',
  },
  internal: { status: 500, errorCode: '500.003.1001', errorMessage: 'Internal Server Error' },
  spikeArrest: {
    status: 500,
    errorCode: '500.003.02',
    errorMessage: 'Error Occurred: Spike Arrest Violation',
  },
} satisfies Record<string, DarajaRejection | ((field: string) => DarajaRejection)>;

/** An injected fault (POST /sandbox/api/faults) as a Daraja gateway answer. */
export const faultRejection = (status: number): DarajaRejection =>
  status === 429
    ? { ...DARAJA_REJECTIONS.spikeArrest, status }
    : status >= 500
      ? { ...DARAJA_REJECTIONS.internal, status }
      : { status, errorCode: '400.002.02', errorMessage: 'Bad Request' };

type Checked<T> = { ok: true; value: T } | { ok: false; rejection: DarajaRejection };
const reject = (rejection: DarajaRejection): { ok: false; rejection: DarajaRejection } => ({
  ok: false,
  rejection,
});

/** Digits of a JSON number or digit string (Daraja sends numbers, accepts strings in practice). */
const digitsOf = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return value.trim();
  return null;
};

/** Whole Ksh from a number or decimal string; null when fractional or not a number. */
const wholeKsh = (value: unknown): bigint | null => {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return Number.isSafeInteger(value) ? BigInt(value) : null;
  }
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()))
    return toWholeUnits(value.trim());
  return null;
};

/** A valid `YYYYMMDDHHmmss` calendar time. */
const isDarajaTimestamp = (value: unknown): value is string => {
  if (typeof value !== 'string' || !/^\d{14}$/.test(value)) return false;
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((i, k) =>
    Number(value.slice(i, i + (k === 0 ? 4 : 2))),
  );
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60
  );
};

/** `base64(shortcode + passkey + timestamp)` (§1.3). */
export const expectedPassword = (shortcode: string, passkey: string, timestamp: string): string =>
  Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');

/** What the sandbox checks STK requests against: our shortcode and its passkey. */
export interface StkCredentials {
  shortcode: string;
  passkey: string;
}

/** A valid STK push (§1.3), normalised. */
export interface StkPushRequest {
  businessShortCode: string;
  transactionType: string;
  /** Whole Ksh as `'200.00'`. */
  amountKsh: string;
  partyA: string;
  partyB: string;
  phoneNumber: string;
  callbackUrl: string;
  accountReference: string;
  transactionDesc: string | null;
}

const checkShortcodeAndPassword = (
  body: Record<string, unknown>,
  creds: StkCredentials,
): Checked<string> => {
  const shortcode = digitsOf(body.BusinessShortCode);
  if (!shortcode || !SHORTCODE.test(shortcode))
    return reject(DARAJA_REJECTIONS.invalid('BusinessShortCode'));
  if (typeof body.Password !== 'string' || !body.Password)
    return reject(DARAJA_REJECTIONS.invalid('Password'));
  if (!isDarajaTimestamp(body.Timestamp)) return reject(DARAJA_REJECTIONS.invalid('Timestamp'));
  if (shortcode !== creds.shortcode) return reject(DARAJA_REJECTIONS.merchantDoesNotExist);
  if (body.Password !== expectedPassword(shortcode, creds.passkey, body.Timestamp)) {
    return reject(DARAJA_REJECTIONS.wrongCredentials);
  }
  return { ok: true, value: shortcode };
};

/**
 * Validates an STK push body (§1.3, §1.11): field formats first (400 `Bad Request - Invalid X`),
 * then the shortcode (500 Merchant does not exist) and the Password (500 Wrong credentials). A
 * recipient under STK_REFUSED_MSISDN_PREFIX is refused like a malformed PhoneNumber.
 */
export const validateStkPush = (body: unknown, creds: StkCredentials): Checked<StkPushRequest> => {
  if (!isObject(body)) return reject(DARAJA_REJECTIONS.invalid('BusinessShortCode'));
  const type = body.TransactionType;
  if (type !== 'CustomerPayBillOnline' && type !== 'CustomerBuyGoodsOnline') {
    return reject(DARAJA_REJECTIONS.invalid('TransactionType'));
  }
  const amount = wholeKsh(body.Amount);
  if (amount === null || amount < 1n || amount > 250_000n)
    return reject(DARAJA_REJECTIONS.invalid('Amount'));
  const partyA = digitsOf(body.PartyA);
  if (!partyA || !MSISDN.test(partyA)) return reject(DARAJA_REJECTIONS.invalid('PartyA'));
  const partyB = digitsOf(body.PartyB);
  if (!partyB || !SHORTCODE.test(partyB)) return reject(DARAJA_REJECTIONS.invalid('PartyB'));
  const phone = digitsOf(body.PhoneNumber);
  if (!phone || !MSISDN.test(phone)) return reject(DARAJA_REJECTIONS.invalid('PhoneNumber'));
  if (phone.startsWith(STK_REFUSED_MSISDN_PREFIX))
    return reject(DARAJA_REJECTIONS.invalid('PhoneNumber'));
  if (!isHttpUrl(body.CallBackURL)) return reject(DARAJA_REJECTIONS.invalid('CallBackURL'));
  const ref = body.AccountReference;
  if (typeof ref !== 'string' || !/^[A-Za-z0-9 _-]{1,12}$/.test(ref))
    return reject(DARAJA_REJECTIONS.invalid('AccountReference'));
  const desc = body.TransactionDesc;
  if (desc !== undefined && desc !== null && (typeof desc !== 'string' || [...desc].length > 13)) {
    return reject(DARAJA_REJECTIONS.invalid('TransactionDesc'));
  }
  const credentials = checkShortcodeAndPassword(body, creds);
  if (!credentials.ok) return credentials;
  return {
    ok: true,
    value: {
      businessShortCode: credentials.value,
      transactionType: type,
      amountKsh: `${amount}.00`,
      partyA,
      partyB,
      phoneNumber: phone,
      callbackUrl: body.CallBackURL,
      accountReference: ref,
      transactionDesc: typeof desc === 'string' ? desc : null,
    },
  };
};

/** Validates an STK query body (§1.7) and returns its CheckoutRequestID. */
export const validateStkQuery = (body: unknown, creds: StkCredentials): Checked<string> => {
  if (!isObject(body)) return reject(DARAJA_REJECTIONS.invalid('BusinessShortCode'));
  const id = body.CheckoutRequestID;
  if (typeof id !== 'string' || !id.trim())
    return reject(DARAJA_REJECTIONS.invalid('CheckoutRequestID'));
  const credentials = checkShortcodeAndPassword(body, creds);
  if (!credentials.ok) return credentials;
  return { ok: true, value: id.trim() };
};

/** A valid B2C payment request (§1.8), normalised. */
export interface B2cRequest {
  originatorConversationId: string | null;
  initiatorName: string;
  securityCredential: string;
  commandId: string;
  /** Whole Ksh as a bigint (limits are checked at result time, like Daraja). */
  amount: bigint;
  partyA: string;
  partyB: string;
  remarks: string;
  occasion: string | null;
  resultUrl: string;
  queueTimeoutUrl: string;
}

/**
 * Validates a B2C payment request (§1.8). v3 requires `OriginatorConversationID`; v1 has none
 * (the sandbox makes one up). `Occassion` (v3) and `Occasion` (v1) are both read.
 */
export const validateB2c = (body: unknown, version: 'v1' | 'v3'): Checked<B2cRequest> => {
  if (!isObject(body)) return reject(DARAJA_REJECTIONS.invalid('InitiatorName'));
  const originator = body.OriginatorConversationID;
  if (version === 'v3' || originator !== undefined) {
    if (typeof originator !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(originator)) {
      return reject(DARAJA_REJECTIONS.invalid('OriginatorConversationID'));
    }
  }
  const text = (v: unknown, min: number, max: number): string | null =>
    typeof v === 'string' && [...v].length >= min && [...v].length <= max ? v : null;
  const initiator = text(body.InitiatorName, 1, 100);
  if (!initiator) return reject(DARAJA_REJECTIONS.invalid('InitiatorName'));
  const credential = text(body.SecurityCredential, 1, 4096);
  if (!credential) return reject(DARAJA_REJECTIONS.invalid('SecurityCredential'));
  const command = body.CommandID;
  if (
    command !== 'BusinessPayment' &&
    command !== 'SalaryPayment' &&
    command !== 'PromotionPayment'
  ) {
    return reject(DARAJA_REJECTIONS.invalid('CommandID'));
  }
  const amount = wholeKsh(body.Amount);
  if (amount === null || amount < 1n) return reject(DARAJA_REJECTIONS.invalid('Amount'));
  const partyA = digitsOf(body.PartyA);
  if (!partyA || !SHORTCODE.test(partyA)) return reject(DARAJA_REJECTIONS.invalid('PartyA'));
  const partyB = digitsOf(body.PartyB);
  if (!partyB || !MSISDN.test(partyB)) return reject(DARAJA_REJECTIONS.invalid('PartyB'));
  const remarks = text(body.Remarks, 2, 100);
  if (!remarks) return reject(DARAJA_REJECTIONS.invalid('Remarks'));
  if (!isHttpUrl(body.QueueTimeOutURL)) return reject(DARAJA_REJECTIONS.invalid('QueueTimeOutURL'));
  if (!isHttpUrl(body.ResultURL)) return reject(DARAJA_REJECTIONS.invalid('ResultURL'));
  const rawOccasion = body.Occassion ?? body.Occasion;
  const occasion =
    rawOccasion === undefined || rawOccasion === null || rawOccasion === ''
      ? null
      : text(rawOccasion, 1, 100);
  if (
    rawOccasion !== undefined &&
    rawOccasion !== null &&
    rawOccasion !== '' &&
    occasion === null
  ) {
    return reject(DARAJA_REJECTIONS.invalid('Occassion'));
  }
  return {
    ok: true,
    value: {
      originatorConversationId: typeof originator === 'string' ? originator : null,
      initiatorName: initiator,
      securityCredential: credential,
      commandId: command,
      amount,
      partyA,
      partyB,
      remarks,
      occasion,
      resultUrl: body.ResultURL,
      queueTimeoutUrl: body.QueueTimeOutURL,
    },
  };
};

/**
 * The outcome of a B2C payout (§1.8 result codes), by the sandbox's documented triggers
 * (sandbox.constants.ts): wrong initiator credentials → 2001; amount under 10 → 2; over
 * 250,000 → 3; whole shillings ending in 99 → 1; listed recipients → their code; else success.
 */
export const b2cOutcome = (input: {
  amount: bigint;
  partyB: string;
  initiatorValid: boolean;
}): { code: number; desc: string } => {
  if (!input.initiatorValid) return DARAJA_RESULTS.INITIATOR_INVALID;
  if (input.amount < 10n) return DARAJA_RESULTS.BELOW_MINIMUM;
  if (input.amount > 250_000n) return DARAJA_RESULTS.ABOVE_MAXIMUM;
  if (input.amount % 100n === 99n) return DARAJA_RESULTS.INSUFFICIENT_BALANCE;
  const listed = B2C_FAILING_RECIPIENTS[input.partyB];
  if (listed === 2040) return DARAJA_RESULTS.UNREGISTERED_CUSTOMER;
  if (listed === 11) return DARAJA_RESULTS.DEBIT_PARTY_INVALID;
  return DARAJA_RESULTS.SUCCESS;
};

/** What an STK callback needs to know about a resolved prompt. */
export interface ResolvedStk {
  merchantRequestId: string;
  checkoutRequestId: string;
  resolution: StkResolution;
  amountKsh: string;
  receipt: string | null;
  transactionDate: string | null;
  msisdn: string;
}

/** The STK callback body (§1.6): numbers as numbers; `CallbackMetadata` only on success. */
export const stkCallbackBody = (stk: ResolvedStk): Record<string, unknown> => {
  const result = stkResult(stk.resolution);
  const callback: Record<string, unknown> = {
    MerchantRequestID: stk.merchantRequestId,
    CheckoutRequestID: stk.checkoutRequestId,
    ResultCode: result.code,
    ResultDesc: result.desc,
  };
  if (stk.resolution === 'accepted') {
    callback.CallbackMetadata = {
      Item: [
        { Name: 'Amount', Value: wholeNumber(stk.amountKsh) },
        { Name: 'MpesaReceiptNumber', Value: stk.receipt },
        { Name: 'Balance' },
        { Name: 'TransactionDate', Value: Number(stk.transactionDate) },
        { Name: 'PhoneNumber', Value: Number(stk.msisdn) },
      ],
    };
  }
  return { Body: { stkCallback: callback } };
};

/** The STK query answer once the prompt is resolved (§1.7): `ResultCode` as a string. */
export const stkQueryBody = (stk: {
  merchantRequestId: string;
  checkoutRequestId: string;
  resolution: StkResolution;
}): Record<string, string> => {
  const result = stkResult(stk.resolution);
  return {
    ResponseCode: '0',
    ResponseDescription: 'The service request has been accepted successsfully',
    MerchantRequestID: stk.merchantRequestId,
    CheckoutRequestID: stk.checkoutRequestId,
    ResultCode: String(result.code),
    ResultDesc: result.desc,
  };
};

/** What a B2C result callback needs. */
export interface CompletedB2c {
  originatorConversationId: string;
  conversationId: string;
  transactionId: string;
  resultCode: number;
  resultDesc: string;
  amountKsh: string;
  partyB: string;
  completedAt: Date;
}

/** The B2C `Result` posted to ResultURL (§1.8); `ResultParameters` only on success. */
export const b2cResultBody = (b2c: CompletedB2c): Record<string, unknown> => {
  const result: Record<string, unknown> = {
    ResultType: 0,
    ResultCode: b2c.resultCode,
    ResultDesc: b2c.resultDesc,
    OriginatorConversationID: b2c.originatorConversationId,
    ConversationID: b2c.conversationId,
    TransactionID: b2c.transactionId,
  };
  if (b2c.resultCode === 0) {
    result.ResultParameters = {
      ResultParameter: [
        { Key: 'TransactionAmount', Value: wholeNumber(b2c.amountKsh) },
        { Key: 'TransactionReceipt', Value: b2c.transactionId },
        { Key: 'ReceiverPartyPublicName', Value: `${b2c.partyB} - SANDBOX CUSTOMER` },
        {
          Key: 'TransactionCompletedDateTime',
          Value: formatInTimeZone(b2c.completedAt, NAIROBI_TZ, 'dd.MM.yyyy HH:mm:ss'),
        },
        { Key: 'B2CUtilityAccountAvailableFunds', Value: 1_000_000 },
        { Key: 'B2CWorkingAccountAvailableFunds', Value: 0 },
        { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
        { Key: 'B2CChargesPaidAccountAvailableFunds', Value: 0 },
      ],
    };
  }
  result.ReferenceData = {
    ReferenceItem: {
      Key: 'QueueTimeoutURL',
      Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit',
    },
  };
  return { Result: result };
};

/** `'200.00'` → 200 (the sandbox deals in whole Ksh only, so this is exact). */
const wholeNumber = (amountKsh: string): number => {
  const scaled = toScaled(amountKsh, 2);
  if (scaled === null || scaled % 100n !== 0n) throw new RangeError(`not whole Ksh: ${amountKsh}`);
  return Number(scaled / 100n);
};

/** `Ksh1,250.00` as M-Pesa writes amounts. */
const ksh = (amountKsh: string): string => {
  const [whole, fraction = '00'] = amountKsh.split('.');
  return `Ksh${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0').slice(0, 2)}`;
};

const smsTime = (at: Date): string => formatInTimeZone(at, NAIROBI_TZ, "d/M/yy 'at' h:mm a");

/**
 * The buyer's M-Pesa confirmation SMS after an accepted STK push; starts `<receipt> Confirmed.`
 * (docs/ARCHITECTURE.md "Providers and sandboxes"), worded like Safaricom's PayBill confirmations.
 */
export const stkConfirmationSms = (input: {
  receipt: string;
  amountKsh: string;
  merchant: string;
  accountReference: string;
  at: Date;
}): string =>
  `${input.receipt} Confirmed. ${ksh(input.amountKsh)} sent to ${input.merchant} for account ${input.accountReference} ` +
  `on ${smsTime(input.at)}. Transaction cost, Ksh0.00.`;

/** The recipient's M-Pesa SMS after a successful B2C payout. */
export const b2cConfirmationSms = (input: {
  receipt: string;
  amountKsh: string;
  merchant: string;
  at: Date;
}): string =>
  `${input.receipt} Confirmed. You have received ${ksh(input.amountKsh)} from ${input.merchant} on ${smsTime(input.at)}.`;

/** The text of the SIM toolkit prompt shown on the sandbox phone. */
export const stkPromptText = (input: {
  amountKsh: string;
  merchant: string;
  accountReference: string;
}): string =>
  `Do you want to pay ${ksh(input.amountKsh)} to ${input.merchant} account no. ${input.accountReference}? Enter M-PESA PIN:`;

/** `YYYYMMDDHHmmss` in Nairobi time (`TransactionDate`, §1.6). */
export const transactionDate = (at: Date): string =>
  formatInTimeZone(at, NAIROBI_TZ, 'yyyyMMddHHmmss');

/** A valid Transaction Status question (§1.9), normalised. */
export interface TransactionStatusRequest {
  /** The M-Pesa receipt asked about. */
  transactionId: string;
  originatorConversationId: string | null;
  initiatorName: string;
  securityCredential: string;
  resultUrl: string;
}

/** Validates a Transaction Status body (§1.9): CommandID, TransactionID, the URLs and the initiator fields. */
export const validateTransactionStatus = (body: unknown): Checked<TransactionStatusRequest> => {
  if (!isObject(body)) return reject(DARAJA_REJECTIONS.invalid('Initiator'));
  if (body.CommandID !== 'TransactionStatusQuery')
    return reject(DARAJA_REJECTIONS.invalid('CommandID'));
  const id = body.TransactionID;
  if (typeof id !== 'string' || !/^[A-Za-z0-9]{6,20}$/.test(id.trim()))
    return reject(DARAJA_REJECTIONS.invalid('TransactionID'));
  for (const field of ['Initiator', 'SecurityCredential'] as const) {
    if (typeof body[field] !== 'string' || !(body[field] as string).trim())
      return reject(DARAJA_REJECTIONS.invalid(field));
  }
  for (const field of ['ResultURL', 'QueueTimeOutURL'] as const) {
    if (typeof body[field] !== 'string' || !/^https?:\/\/\S+$/.test(body[field] as string))
      return reject(DARAJA_REJECTIONS.invalid(field));
  }
  const originator =
    typeof body.OriginatorConversationID === 'string' && body.OriginatorConversationID.trim()
      ? body.OriginatorConversationID.trim()
      : null;
  return {
    ok: true,
    value: {
      transactionId: id.trim(),
      originatorConversationId: originator,
      initiatorName: body.Initiator as string,
      securityCredential: body.SecurityCredential as string,
      resultUrl: body.ResultURL as string,
    },
  };
};

/**
 * The Transaction Status `Result` (§1.9) about an accepted STK payment the sandbox holds: status
 * `Completed` with its receipt, amount and payer; with a wrong initiator, ResultCode 2001 and no
 * parameters, as B2C answers.
 */
export const transactionStatusResultBody = (q: {
  originatorConversationId: string;
  conversationId: string;
  initiatorValid: boolean;
  stk: {
    receipt: string;
    amountKsh: string;
    msisdn: string;
    shortcode: string;
    transactionDate: string | null;
  };
  at: Date;
}): Record<string, unknown> => {
  const result: Record<string, unknown> = {
    ResultType: 0,
    ResultCode: q.initiatorValid ? 0 : 2001,
    ResultDesc: q.initiatorValid
      ? DARAJA_RESULTS.SUCCESS.desc
      : 'The initiator information is invalid.',
    OriginatorConversationID: q.originatorConversationId,
    ConversationID: q.conversationId,
    TransactionID: q.stk.receipt,
  };
  if (q.initiatorValid) {
    const finalised = Number(
      q.stk.transactionDate ?? formatInTimeZone(q.at, NAIROBI_TZ, 'yyyyMMddHHmmss'),
    );
    result.ResultParameters = {
      ResultParameter: [
        { Key: 'DebitPartyName', Value: `${q.stk.msisdn} - SANDBOX CUSTOMER` },
        { Key: 'CreditPartyName', Value: `${q.stk.shortcode} - TIPSKE MARKETPLACE` },
        { Key: 'OriginatorConversationID', Value: q.originatorConversationId },
        { Key: 'InitiatedTime', Value: finalised },
        { Key: 'DebitAccountType', Value: 'MMF Account For Customer' },
        { Key: 'DebitPartyCharges' },
        { Key: 'TransactionReason' },
        { Key: 'ReasonType', Value: 'Pay Bill Online' },
        { Key: 'TransactionStatus', Value: 'Completed' },
        { Key: 'FinalisedTime', Value: finalised },
        { Key: 'Amount', Value: wholeNumber(q.stk.amountKsh) },
        { Key: 'ConversationID', Value: q.conversationId },
        { Key: 'ReceiptNo', Value: q.stk.receipt },
      ],
    };
  }
  result.ReferenceData = { ReferenceItem: { Key: 'Occasion' } };
  return { Result: result };
};

/** A valid Account Balance question (§1.12), normalised. */
export interface AccountBalanceRequest {
  initiatorName: string;
  securityCredential: string;
  resultUrl: string;
}

/** Validates an Account Balance body (§1.12): CommandID, the initiator fields and the URLs. */
export const validateAccountBalance = (body: unknown): Checked<AccountBalanceRequest> => {
  if (!isObject(body)) return reject(DARAJA_REJECTIONS.invalid('Initiator'));
  if (body.CommandID !== 'AccountBalance') return reject(DARAJA_REJECTIONS.invalid('CommandID'));
  for (const field of ['Initiator', 'SecurityCredential'] as const) {
    if (typeof body[field] !== 'string' || !(body[field] as string).trim())
      return reject(DARAJA_REJECTIONS.invalid(field));
  }
  for (const field of ['ResultURL', 'QueueTimeOutURL'] as const) {
    if (typeof body[field] !== 'string' || !/^https?:\/\/\S+$/.test(body[field] as string))
      return reject(DARAJA_REJECTIONS.invalid(field));
  }
  return {
    ok: true,
    value: {
      initiatorName: body.Initiator as string,
      securityCredential: body.SecurityCredential as string,
      resultUrl: body.ResultURL as string,
    },
  };
};

/**
 * The Account Balance `Result` (§1.12): the accounts of the shortcode as
 * `name|KES|current|available|0.00|0.00` joined by `&`, the Utility Account holding `utilityKsh`
 * (whole Ksh); with a wrong initiator, ResultCode 2001 and no parameters.
 */
export const accountBalanceResultBody = (q: {
  originatorConversationId: string;
  conversationId: string;
  initiatorValid: boolean;
  utilityKsh: number;
  at: Date;
}): Record<string, unknown> => {
  const result: Record<string, unknown> = {
    ResultType: 0,
    ResultCode: q.initiatorValid ? 0 : 2001,
    ResultDesc: q.initiatorValid
      ? DARAJA_RESULTS.SUCCESS.desc
      : 'The initiator information is invalid.',
    OriginatorConversationID: q.originatorConversationId,
    ConversationID: q.conversationId,
    TransactionID: 'OAR0000000',
  };
  if (q.initiatorValid) {
    const account = (name: string, ksh: string) => `${name}|KES|${ksh}|${ksh}|0.00|0.00`;
    result.ResultParameters = {
      ResultParameter: [
        {
          Key: 'AccountBalance',
          Value: [
            account('Working Account', '0.00'),
            account('Float Account', '0.00'),
            account('Utility Account', `${q.utilityKsh}.00`),
            account('Charges Paid Account', '0.00'),
            account('Organization Settlement Account', '0.00'),
          ].join('&'),
        },
        {
          Key: 'BOCompletedTime',
          Value: Number(formatInTimeZone(q.at, NAIROBI_TZ, 'yyyyMMddHHmmss')),
        },
      ],
    };
  }
  result.ReferenceData = {
    ReferenceItem: {
      Key: 'QueueTimeoutURL',
      Value: 'https://internalsandbox.safaricom.co.ke/mpesa/abresults/v1/submit',
    },
  };
  return { Result: result };
};
