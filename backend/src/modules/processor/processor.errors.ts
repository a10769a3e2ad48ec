import { defineErrors, DomainError } from '../../common/errors/domain-error';
import { INVALID_PHONE_MESSAGE_LOWER } from '../../common/msisdn/msisdn';

export enum ProcessorErrorCode {
  INVALID_PHONE = 'INVALID_PHONE',
  PAYMENT_REQUEST_FAILED = 'PAYMENT_REQUEST_FAILED',
  CARD_PAYMENT_REQUEST_FAILED = 'CARD_PAYMENT_REQUEST_FAILED',
  /** An STK prompt for the same phone and slip (or subscription) is still open: no second push. */
  PROMPT_ALREADY_OPEN = 'PROMPT_ALREADY_OPEN',
}

/** Purchase failures: the screen shows the server's message (docs/PRODUCT-RULES.md R69, R70). */
export const PROCESSOR_ERRORS = defineErrors<ProcessorErrorCode>({
  [ProcessorErrorCode.INVALID_PHONE]: { status: 400, message: INVALID_PHONE_MESSAGE_LOWER },
  [ProcessorErrorCode.PAYMENT_REQUEST_FAILED]: { status: 502, message: 'M-Pesa request failed. Try again' },
  [ProcessorErrorCode.CARD_PAYMENT_REQUEST_FAILED]: { status: 502, message: 'Payment request failed. Try again' },
  [ProcessorErrorCode.PROMPT_ALREADY_OPEN]: {
    status: 409,
    message: 'A payment request is already waiting on this phone. Enter your M-Pesa PIN there, or try again in 2 minutes.',
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
