import { ProviderHttpOptions } from '../common/http';

/**
 * Options of `DarajaClient` (docs/PROVIDERS.md §1.1–§1.3, §1.8): HTTP options plus our credentials and
 * shortcode set-up, flat so a Nest factory can fill them from `AppConfig.mpesa`.
 */
export interface DarajaClientOptions extends ProviderHttpOptions {
  consumerKey: string;
  consumerSecret: string;
  /**
   * `BusinessShortCode` of STK push/query (5–7 digits): PayBill number, or the store number of a
   * Till.
   */
  shortcode: string;
  /** Lipa na M-Pesa passkey issued for `shortcode`. */
  passkey: string;
  /** Default `CustomerPayBillOnline`; `CustomerBuyGoodsOnline` for a Till (then set `partyB`). */
  transactionType?: DarajaTransactionType;
  /** STK `PartyB`: the PayBill (default = `shortcode`) or, for Buy Goods, the Till number. */
  partyB?: string;
  /** B2C `PartyA`: our B2C shortcode. Needed only for `b2cPayment`. */
  b2cShortcode?: string;
  /** B2C `InitiatorName` (§1.8). Needed only for `b2cPayment`. */
  initiatorName?: string;
  /**
   * B2C `SecurityCredential`: initiator password RSA-encrypted with Safaricom's certificate, base64
   * (§1.8).
   */
  securityCredential?: string;
  /**
   * Renew the OAuth token this many milliseconds before it expires (§1.2: ~60 s). Default 60 000.
   */
  tokenRefreshMarginMs?: number;
  /** Clock for token expiry and the STK `Timestamp`. Defaults to `() => new Date()`. */
  now?: () => Date;
}

/** STK `TransactionType` values (§1.3). */
export type DarajaTransactionType = 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';

/** Token answer (§1.2); `expires_in` is a string in the sandbox, a number on the 3.0 page. */
export interface DarajaTokenWire {
  access_token: string;
  expires_in: string | number;
}

/** Gateway error body of every Daraja API (§1.5). */
export interface DarajaErrorWire {
  requestId?: string;
  errorCode: string;
  errorMessage?: string;
}

/** Daraja `errorCode`s the client acts on (§1.5, §1.7, §1.8). */
export const DARAJA_ERROR = {
  /** Token expired/wrong; sent with HTTP 404 per docs, 401 per integrators. */
  INVALID_TOKEN: '404.001.03',
  INVALID_GRANT_TYPE: '400.008.02',
  INVALID_AUTH_TYPE: '400.008.01',
  /**
   * "The transaction is being processed" (query), also "Wrong credentials", "Merchant does not
   * exist", "Unable to lock subscriber".
   */
  GENERIC_REJECTION: '500.001.1001',
  DUPLICATE_ORIGINATOR_CONVERSATION_ID: '500.002.1001',
  SPIKE_ARREST: '500.003.02',
  QUOTA_VIOLATION: '500.003.03',
  INTERNAL_SERVER_ERROR: '500.003.1001',
} as const;

/** STK push request body, field names as on the wire (§1.3). */
export interface StkPushWire {
  BusinessShortCode: number;
  Password: string;
  Timestamp: string;
  TransactionType: DarajaTransactionType;
  Amount: number;
  PartyA: number;
  PartyB: number;
  PhoneNumber: number;
  CallBackURL: string;
  AccountReference: string;
  TransactionDesc?: string;
}

/** Input of `DarajaClient.stkPush` (§1.3). */
export interface StkPushInput {
  /**
   * Ksh, whole shillings 1…250,000: a decimal string (`'200.00'`) or a safe integer. A fraction is
   * refused.
   */
  amountKsh: string | number;
  /** Paying MSISDN `2547XXXXXXXX` / `2541XXXXXXXX` (no +); sent as `PartyA` and `PhoneNumber`. */
  msisdn: string;
  /** `AccountReference`: alphanumeric, 1–12 chars; shown in the prompt. */
  accountReference: string;
  /** `TransactionDesc`: 1–13 chars; optional on Daraja's side. */
  transactionDesc?: string;
  /** `CallBackURL`: public URL receiving the callback (§1.6); HTTPS in production. */
  callbackUrl: string;
}

/** Synchronous STK push answer: prompt sent, **not** paid (§1.3). */
export interface StkPushResult {
  merchantRequestId: string;
  /** Key of the purchase: query, callback matching, idempotency. */
  checkoutRequestId: string;
  /** Always `"0"` here (anything else is thrown). */
  responseCode: string;
  responseDescription: string;
  /** Text safe to show the buyer. */
  customerMessage: string;
  /** `YYYYMMDDHHmmss`, Africa/Nairobi time, used in `Password` and `Timestamp`. */
  timestamp: string;
}

/**
 * What a `ResultCode` means for us (§1.4): only 0 is paid; 1032 and 1037 are kept apart for the UI.
 */
export type StkOutcome = 'paid' | 'cancelled' | 'timeout' | 'failed';

/** STK query result (§1.7): `pending` while Daraja answers "The transaction is being processed". */
export type StkQueryResult =
  | { status: 'pending'; errorMessage: string }
  | {
      status: 'done';
      /** `String(ResultCode)`: the query sends a string, the callback a number (§1.7). */
      resultCode: string;
      resultDesc: string;
      outcome: StkOutcome;
      merchantRequestId?: string;
      checkoutRequestId: string;
    };

/** Parsed STK callback (§1.6). Only `outcome === 'paid'` carries the metadata fields. */
export interface StkCallbackResult {
  merchantRequestId: string;
  checkoutRequestId: string;
  /** `String(ResultCode)`, e.g. `"0"`, `"1032"`, `"SFC_IC0003"` (§1.4). */
  resultCode: string;
  resultDesc: string;
  outcome: StkOutcome;
  /** `MpesaReceiptNumber`, e.g. `TKE4H7Q2ZP` (paid only). */
  receipt?: string;
  /** `Amount` in Ksh with 2 decimals, e.g. `'100.00'` (paid only). */
  amountKsh?: string;
  /**
   * `PhoneNumber` as digits, normally the 12-digit MSISDN `2547XXXXXXXX` (paid only, when sent).
   */
  phone?: string;
  /**
   * `TransactionDate`, `YYYYMMDDHHmmss` in Kenyan local time, as a 14-digit string (paid only, when
   * sent).
   */
  transactionDate?: string;
}

/** B2C `CommandID` values (§1.8). */
export type B2cCommandId = 'BusinessPayment' | 'SalaryPayment' | 'PromotionPayment';

/** Input of `DarajaClient.b2cPayment` (§1.8). */
export interface B2cPaymentInput {
  /**
   * Our unique id per payout (use the withdrawal id): Daraja refuses a repeat, so retries cannot
   * pay twice.
   */
  originatorConversationId: string;
  /** Ksh, whole shillings 10…250,000: a decimal string (`'1250.00'`) or a safe integer. */
  amountKsh: string | number;
  /** Recipient `2547XXXXXXXX` / `2541XXXXXXXX` (`PartyB`). */
  msisdn: string;
  /** `Remarks`, 2–100 chars. */
  remarks: string;
  /** Optional, 1–100 chars; sent as `Occassion` (sic, v3). */
  occasion?: string;
  /** `ResultURL`: receives the final `Result` (parse with `parseB2cResult`). */
  resultUrl: string;
  /** `QueueTimeOutURL`: outcome unknown when called; query, never repay. */
  queueTimeoutUrl: string;
  /** Default `BusinessPayment`. */
  commandId?: B2cCommandId;
}

/**
 * Synchronous B2C answer. `accepted`: queued for processing, not paid yet (§1.8). `duplicate`:
 * Daraja already holds a request with this `OriginatorConversationID` (`500.002.1001`), e.g. an
 * earlier attempt whose answer was lost: do not submit again; wait for the result or query (§1.9).
 */
export type B2cPaymentResult =
  | {
      status: 'accepted';
      conversationId: string;
      originatorConversationId: string;
      responseDescription: string;
    }
  | { status: 'duplicate'; originatorConversationId: string; errorMessage: string };

/** Parsed B2C `Result` posted to `ResultURL` (§1.8). */
export interface B2cResult {
  resultType: number;
  /** `String(ResultCode)` (documented as string, sampled as number): `"0"` = paid. */
  resultCode: string;
  resultDesc: string;
  paid: boolean;
  originatorConversationId: string;
  conversationId: string;
  /** M-Pesa receipt of the payout; unique key of the payout (required when paid). */
  transactionId?: string;
  /** `TransactionAmount`, Ksh with 2 decimals. */
  amountKsh?: string;
  /** `TransactionReceipt`. */
  receipt?: string;
  /** `ReceiverPartyPublicName`: `"<MSISDN> - <NAME>"`. */
  receiverPartyPublicName?: string;
  /** `TransactionCompletedDateTime`: `dd.MM.yyyy HH:mm:ss`, Kenyan time, as sent. */
  completedAt?: string;
  /** `B2CUtilityAccountAvailableFunds`, Ksh with 2 decimals (keep the utility account funded). */
  utilityAccountAvailableFundsKsh?: string;
  /** `B2CRecipientIsRegisteredCustomer`: `'Y'` / `'N'`. */
  recipientIsRegisteredCustomer?: string;
}

/**
 * Input of `DarajaClient.transactionStatus` (§1.9): the status of an M-Pesa transaction we hold a
 * receipt for (an STK payment whose callback we acknowledged but whose result we could not apply).
 */
export interface TransactionStatusInput {
  /** `TransactionID`: the M-Pesa receipt asked about, e.g. `TKE4H7Q2ZP`. */
  transactionId: string;
  /** Our id for this question, sent as `OriginatorConversationID` and echoed in the Result. */
  originatorConversationId: string;
  /** `ResultURL`: receives the `Result` (parse with `parseTransactionStatusResult`). */
  resultUrl: string;
  /** `QueueTimeOutURL`: no answer in time; ask again later. */
  queueTimeoutUrl: string;
  /** `Remarks`, 2–100 chars. */
  remarks: string;
  /** `Occasion`, 1–100 chars, optional. */
  occasion?: string;
}

/** Synchronous Transaction Status answer: the question is queued, the answer comes by `Result` (§1.9). */
export interface TransactionStatusAccepted {
  conversationId: string;
  originatorConversationId: string;
  responseDescription: string;
}

/**
 * Parsed Transaction Status `Result` (§1.9). `ResultCode` 0 means the question was answered, not
 * that the money moved: that is `TransactionStatus` (`Completed`), hence `completed`.
 */
export interface TransactionStatusResult {
  /** `String(ResultCode)` of the question. */
  resultCode: string;
  resultDesc: string;
  originatorConversationId: string;
  conversationId: string;
  /** True only for ResultCode 0 with `TransactionStatus` `Completed`. */
  completed: boolean;
  /** `TransactionStatus` as sent, e.g. `Completed`, `Failed`, `Cancelled`, `Expired`. */
  transactionStatus?: string;
  /** `ReceiptNo`: the M-Pesa receipt of the transaction. */
  receipt?: string;
  /** `Amount`, Ksh with 2 decimals. */
  amountKsh?: string;
  /** `ReasonType`, e.g. `Pay Bill Online` for an STK payment to a PayBill. */
  reasonType?: string;
  /** `DebitPartyName`: `"<MSISDN> - <NAME>"` of the payer. */
  debitPartyName?: string;
  /** `FinalisedTime`, `YYYYMMDDHHmmss` Kenyan time, as digits. */
  finalisedAt?: string;
}

/** Input of `DarajaClient.accountBalance` (§1.12): where Daraja posts the `Result`. */
export interface AccountBalanceInput {
  /** `ResultURL`: receives the `Result` (parse with `parseAccountBalanceResult`). */
  resultUrl: string;
  /** `QueueTimeOutURL`: no answer in time; ask again later. */
  queueTimeoutUrl: string;
  /** `Remarks`, 2–100 chars. */
  remarks: string;
}

/** Synchronous Account Balance answer: queued; the balances come by `Result` (§1.12). */
export interface AccountBalanceAccepted {
  conversationId: string;
  originatorConversationId: string;
}

/** One account of the `AccountBalance` parameter (§1.12): `name|currency|current|available|…`. */
export interface DarajaAccountBalance {
  /** e.g. `Utility Account` (B2C pays from it), `Working Account`, `Charges Paid Account`. */
  name: string;
  currency: string;
  /** Ksh with 2 decimals, may be negative. */
  currentKsh: string;
  /** Ksh with 2 decimals, may be negative. */
  availableKsh: string;
}

/** Parsed Account Balance `Result` (§1.12). */
export interface AccountBalanceResult {
  /** `String(ResultCode)`: `"0"` = the balances are given. */
  resultCode: string;
  resultDesc: string;
  originatorConversationId: string;
  conversationId: string;
  /** Every account listed (empty unless ResultCode 0). */
  accounts: DarajaAccountBalance[];
  /** `BOCompletedTime`, `YYYYMMDDHHmmss` Kenyan time, as digits. */
  completedAt?: string;
}
