import { DomainError, ErrorSpec } from '../../common/errors/domain-error';

/** Error codes of the notifications module (docs/CONTRIBUTING.md §6). */
export enum NotificationsErrorCode {
  SMS_NOT_FOUND = 'SMS_NOT_FOUND',
  /** Resend of a delivered SMS without `force` (back office `sms-messages`). */
  SMS_ALREADY_DELIVERED = 'SMS_ALREADY_DELIVERED',
  /** The `sms` queue (Redis) did not take the job; nothing was changed. */
  SMS_QUEUE_UNAVAILABLE = 'SMS_QUEUE_UNAVAILABLE',
  /** Resend of a row whose text was erased at the end of its retention period (docs/PRODUCT-RULES.md R270). */
  SMS_BODY_ERASED = 'SMS_BODY_ERASED',
}

/** Code → HTTP status and message. */
export const NOTIFICATIONS_ERRORS: Record<NotificationsErrorCode, ErrorSpec> = {
  [NotificationsErrorCode.SMS_NOT_FOUND]: { status: 404, message: 'SMS not found' },
  [NotificationsErrorCode.SMS_ALREADY_DELIVERED]: {
    status: 400,
    message:
      'This SMS was already delivered; send { "resend": true, "force": true } to send it again',
  },
  [NotificationsErrorCode.SMS_QUEUE_UNAVAILABLE]: {
    status: 503,
    message: 'The SMS queue is unavailable. Try again later.',
  },
  [NotificationsErrorCode.SMS_BODY_ERASED]: {
    status: 400,
    message:
      'The text of this SMS was erased at the end of its retention period; it cannot be sent again',
  },
};

/** The notifications module's error. */
export class NotificationsError extends DomainError<NotificationsErrorCode> {
  constructor(code: NotificationsErrorCode) {
    super(code, NOTIFICATIONS_ERRORS[code]);
  }
}
