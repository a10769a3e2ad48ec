import { defineErrors, DomainError } from '../../common/errors/domain-error';
import { INVALID_PHONE_MESSAGE_LOWER } from '../../common/msisdn/msisdn';

export enum ProcessorErrorCode {
  INVALID_PHONE = 'INVALID_PHONE',
  PAYMENT_REQUEST_FAILED = 'PAYMENT_REQUEST_FAILED',
  CARD_PAYMENT_REQUEST_FAILED = 'CARD_PAYMENT_REQUEST_FAILED',
  /** An STK prompt for the same phone and slip (or subscription) is still open: no second push. */
  PROMPT_ALREADY_OPEN = 'PROMPT_ALREADY_OPEN',
  /** The buyer already paid for this slip: no second payment (docs/PRODUCT-RULES.md R284). */
  ALREADY_BOUGHT = 'ALREADY_BOUGHT',
  /** Voucher refusals (docs/PRODUCT-RULES.md R246, R247): nothing is spent. */
  VOUCHER_MALFORMED = 'VOUCHER_MALFORMED',
  VOUCHER_UNKNOWN = 'VOUCHER_UNKNOWN',
  VOUCHER_OTHER_PHONE = 'VOUCHER_OTHER_PHONE',
  VOUCHER_MALFORMED_EMAIL = 'VOUCHER_MALFORMED_EMAIL',
  VOUCHER_UNKNOWN_EMAIL = 'VOUCHER_UNKNOWN_EMAIL',
  VOUCHER_OTHER_EMAIL = 'VOUCHER_OTHER_EMAIL',
  VOUCHER_REDEEMED = 'VOUCHER_REDEEMED',
  VOUCHER_EXPIRED = 'VOUCHER_EXPIRED',
  VOUCHER_TOO_SMALL = 'VOUCHER_TOO_SMALL',
  VOUCHER_LOCKED = 'VOUCHER_LOCKED',
}

/** Purchase failures: the screen shows the server's message (docs/PRODUCT-RULES.md R69, R70). */
export const PROCESSOR_ERRORS = defineErrors<ProcessorErrorCode>({
  [ProcessorErrorCode.INVALID_PHONE]: { status: 400, message: INVALID_PHONE_MESSAGE_LOWER },
  [ProcessorErrorCode.PAYMENT_REQUEST_FAILED]: {
    status: 502,
    message: 'M-Pesa request failed. Try again',
  },
  [ProcessorErrorCode.CARD_PAYMENT_REQUEST_FAILED]: {
    status: 502,
    message: 'Payment request failed. Try again',
  },
  [ProcessorErrorCode.PROMPT_ALREADY_OPEN]: {
    status: 409,
    message:
      'A payment request is already waiting on this phone. Enter your M-Pesa PIN there, or try again in 2 minutes.',
  },
  [ProcessorErrorCode.ALREADY_BOUGHT]: {
    status: 409,
    message:
      'You have already bought this slip, so you were not charged again. Its picks are in the message we sent you.',
  },
  [ProcessorErrorCode.VOUCHER_MALFORMED]: {
    status: 400,
    message: 'Enter the 12-digit voucher code from your SMS',
  },
  [ProcessorErrorCode.VOUCHER_UNKNOWN]: {
    status: 400,
    message: 'This voucher code is wrong. Check the SMS and try again.',
  },
  [ProcessorErrorCode.VOUCHER_OTHER_PHONE]: {
    status: 403,
    message: 'This voucher belongs to another phone number',
  },
  // An e-mail holder's voucher came by e-mail (docs/PRODUCT-RULES.md R283).
  [ProcessorErrorCode.VOUCHER_MALFORMED_EMAIL]: {
    status: 400,
    message: 'Enter the 12-digit voucher code from your e-mail',
  },
  [ProcessorErrorCode.VOUCHER_UNKNOWN_EMAIL]: {
    status: 400,
    message: 'This voucher code is wrong. Check the e-mail and try again.',
  },
  [ProcessorErrorCode.VOUCHER_OTHER_EMAIL]: {
    status: 403,
    message: 'This voucher belongs to another e-mail address',
  },
  [ProcessorErrorCode.VOUCHER_REDEEMED]: {
    status: 409,
    message: 'This voucher has already been used',
  },
  [ProcessorErrorCode.VOUCHER_EXPIRED]: { status: 410, message: 'This voucher has expired' },
  [ProcessorErrorCode.VOUCHER_TOO_SMALL]: {
    status: 400,
    message:
      'This voucher does not cover the price of this slip. Choose a slip it covers, or pay by M-Pesa.',
  },
  [ProcessorErrorCode.VOUCHER_LOCKED]: {
    status: 429,
    message: 'Too many wrong voucher codes. Try again in an hour.',
  },
});

export class ProcessorError extends DomainError<ProcessorErrorCode> {
  constructor(code: ProcessorErrorCode, extra: Record<string, unknown> = {}) {
    super(code, PROCESSOR_ERRORS[code], extra);
  }
}

/** A callback for a purchase not (yet) visible: thrown so the job is retried with backoff. */
export class PurchaseNotFoundYetError extends Error {}

/**
 * A Flutterwave webhook whose verify (§2.4) found no transaction, or one still pending: thrown so
 * the job is retried with backoff (and a re-delivered webhook is applied, not taken as done).
 */
export class PaymentNotVerifiedYetError extends Error {}
