import { ProviderHttpOptions } from '../common/http';

/**
 * Options of `AfricasTalkingClient` (docs/PROVIDERS.md §3.1): HTTP options plus the app username, its
 * API key (sent in the `apiKey` header) and the default sender ID (`from`).
 */
export interface AfricasTalkingClientOptions extends ProviderHttpOptions {
  /** App username; `sandbox` in Africa's Talking's sandbox. */
  username: string;
  apiKey: string;
  /**
   * Registered alphanumeric sender ID or shortcode used when a message names none (e.g. `TIPSKE`).
   */
  senderId?: string;
}

/** Input of `AfricasTalkingClient.sendSms` (§3.2, bulk SMS). */
export interface SendSmsInput {
  /** One or more recipients: `+2547XXXXXXXX` or MSISDN `2547XXXXXXXX` (a `+` is added). */
  to: string | string[];
  /**
   * Text; long texts are split and billed per part (160 GSM-7 chars, 153 per concatenated part).
   */
  message: string;
  /** Sender ID; defaults to the client's `senderId`, then to Africa's Talking's default. */
  from?: string;
  /** `enqueue=1`: accept now, send asynchronously (recommended for batches). */
  enqueue?: boolean;
}

/**
 * What a recipient's `statusCode` means for the sms outbox (§3.2 table): `accepted` (100–102:
 * accepted by Africa's Talking, **not** delivered), `retryable` (405 balance, 407 routing, 409 DND
 * window, 500/501 server), `permanent` (401 risk hold, 402 sender ID, 403 number, 404 number type,
 * 406 blacklisted, 502 rejected, anything unknown).
 */
export type SmsRecipientOutcome = 'accepted' | 'retryable' | 'permanent';

/** One entry of `SMSMessageData.Recipients` (§3.2). */
export interface SmsRecipient {
  /** Recipient as sent. */
  number: string;
  /** `Success` on acceptance, else the error name (`InvalidPhoneNumber`, `UserInBlacklist`, …). */
  status: string;
  statusCode: number;
  outcome: SmsRecipientOutcome;
  /** `ATXid_…`, the `id` of later delivery reports; null when not sent (`"None"`). */
  messageId: string | null;
  /** `cost` as sent: `"KES 0.8000"` or `"0"`. */
  cost: string;
  /** ISO currency of `cost`, when it has one. */
  costCurrency?: string;
  /** Decimal amount of `cost` as a string (`'0.8000'`, `'0'`); never a float. */
  costAmount?: string;
  /** Number of parts, in newer answers (§3.2 ⚠). */
  messageParts?: number;
}

/** The send answer (`SMSMessageData`, §3.2). */
export interface SendSmsResult {
  /** Summary, e.g. `Sent to 1/2 Total Cost: KES 0.8000`. */
  message: string;
  recipients: SmsRecipient[];
}

/** Delivery report statuses (§3.3); others may appear and are kept as sent. */
export type SmsDeliveryStatus =
  | 'Sent'
  | 'Submitted'
  | 'Buffered'
  | 'Rejected'
  | 'Success'
  | 'Failed'
  | 'AbsentSubscriber'
  | 'Expired';

/** A parsed delivery report (§3.3). */
export interface SmsDeliveryReport {
  /** = `messageId` of the send answer. */
  id: string;
  status: SmsDeliveryStatus | string;
  /** `Success`, `Rejected` and `Failed` are final: never move the outbox row back from them. */
  final: boolean;
  /** True only for `Success` (delivered to the handset). */
  delivered: boolean;
  phoneNumber: string;
  /** Operator code, e.g. `63902` Safaricom; `99999` sandbox. */
  networkCode?: string;
  /**
   * Only with `Rejected`/`Failed`, when the telco sends one (`DeliveryFailure`, `UserInBlackList`,
   * …).
   */
  failureReason?: string;
  /** Premium messages only. */
  retryCount?: number;
}
