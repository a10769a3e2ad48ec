import { ProviderHttpOptions } from '../common/http';

/**
 * Options of `FlutterwaveClient` (docs/PROVIDERS.md §2.1): HTTP options plus the secret key (Bearer).
 */
export interface FlutterwaveClientOptions extends ProviderHttpOptions {
  /** `FLWSECK_TEST-…-X` (test) or `FLWSECK-…-X` (live); never sent to a browser. */
  secretKey: string;
  /**
   * Timeout of `POST /v3/payments` in milliseconds; default 35 000 (Flutterwave answers 503 after
   * ~28 s, §2.2).
   */
  createPaymentTimeoutMs?: number;
}

/** Input of `FlutterwaveClient.createPayment` (§2.2). */
export interface CreatePaymentInput {
  /** Our reference, unique per transaction; key of the purchase. */
  txRef: string;
  /**
   * Decimal string in the currency's major unit (`'2500'`, `'2500.50'`), never a float; at most
   * 2 decimals, none for UGX (no minor unit). Sent as a JSON number literal built from the digits.
   */
  amount: string;
  /** ISO code, always sent: `NGN` (Nigeria), `UGX` (Uganda). */
  currency: string;
  /** Where the browser goes after paying/cancelling (§2.3): our /find_tip_ng. */
  redirectUrl: string;
  customer: {
    email: string;
    /** Sent as `phonenumber` (§2.2 ⚠). */
    phonenumber?: string;
    name?: string;
  };
  /** Comma list, e.g. `card,banktransfer,ussd` (NG), `mobilemoneyuganda,card` (UG). */
  paymentOptions?: string;
  customizations?: { title?: string; description?: string; logo?: string };
  /** Free key/values echoed back in verify/webhook `meta`. */
  meta?: Record<string, string | number>;
  /** `configurations.session_duration`: minutes the link stays valid, 1–1440. */
  sessionDurationMinutes?: number;
  /** `configurations.max_retry_attempt`. */
  maxRetryAttempt?: number;
}

/** `POST /v3/payments` answer: the hosted checkout link (§2.2). */
export interface CreatePaymentResult {
  link: string;
}

/** A transaction as returned by the verify calls (§2.4), narrowed to what we use. */
export interface FlutterwaveTransaction {
  /** Flutterwave's numeric transaction id (= redirect `transaction_id`, webhook `data.id`). */
  id: number;
  txRef: string;
  flwRef?: string;
  /** What we asked, major unit, 2 decimals (`'2500.00'`). */
  amount: string;
  /** What the customer paid incl. fees he bears, major unit, 2 decimals. */
  chargedAmount?: string;
  currency: string;
  /** Lower case: `successful`, `failed`, `pending` (others possible). */
  status: string;
  /** `card`, `account`, `banktransfer`, `ussd`, `mobilemoneyug`, `mpesa`, … */
  paymentType?: string;
  createdAt?: string;
  customer: { email?: string; name?: string; phoneNumber?: string };
  meta?: Record<string, unknown>;
}

/** What we expected of a payment, for `checkVerifiedPayment` (§2.4). */
export interface ExpectedPayment {
  txRef: string;
  currency: string;
  /** Major unit decimal string. */
  amount: string;
}

/** Result of the four documented checks of §2.4. */
export type PaymentCheck =
  | {
      ok: true;
      /** Paid more than asked: give value, refund the difference (§2.4). */ overpaid: boolean;
    }
  | { ok: false; reason: 'status' | 'tx_ref' | 'currency' | 'amount' };

/**
 * A parsed webhook (§2.5). `charge`: a charge event (v3 `charge.completed` or the legacy flat
 * shape) — a hint only: verify by id before giving value. `other`: any other event or unknown
 * shape, answered 200 and ignored.
 */
export type FlutterwaveWebhook =
  | {
      kind: 'charge';
      shape: 'v3' | 'legacy';
      /** `event` (v3) or `event.type` (legacy), as sent. */
      event: string;
      transactionId: number;
      txRef: string;
      /** Lower case, when sent. */
      status?: string;
      /** Major unit, 2 decimals, when sent. */
      amount?: string;
      currency?: string;
      flwRef?: string;
      customerEmail?: string;
    }
  | { kind: 'other'; event?: string };
