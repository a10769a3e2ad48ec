import { DomainError, ErrorSpec } from '../../../common/errors/domain-error';

/** Error codes of marketing consent (docs/CONTRIBUTING.md §6; docs/PRODUCT-RULES.md R230-R236). */
export enum ConsentErrorCode {
  INVALID_RECIPIENT = 'INVALID_RECIPIENT',
  INVALID_CONSENT_TEXT = 'INVALID_CONSENT_TEXT',
  UNKNOWN_CONSENT_TEXT = 'UNKNOWN_CONSENT_TEXT',
  NO_MARKETING_CONSENT = 'NO_MARKETING_CONSENT',
  MARKETING_TOUT_WORD = 'MARKETING_TOUT_WORD',
  INVALID_UNSUBSCRIBE_TOKEN = 'INVALID_UNSUBSCRIBE_TOKEN',
  INVALID_INBOUND_SMS = 'INVALID_INBOUND_SMS',
}

/** Code → HTTP status and message. */
export const CONSENT_ERRORS: Record<ConsentErrorCode, ErrorSpec> = {
  [ConsentErrorCode.INVALID_RECIPIENT]: {
    status: 400,
    message: 'Enter a valid phone number or e-mail address',
  },
  [ConsentErrorCode.INVALID_CONSENT_TEXT]: {
    status: 400,
    message: 'The consent text shown is required',
  },
  [ConsentErrorCode.UNKNOWN_CONSENT_TEXT]: {
    status: 400,
    message: 'marketing_sms_consent must be the consent text the form shows',
  },
  [ConsentErrorCode.NO_MARKETING_CONSENT]: {
    status: 409,
    message: 'This recipient has not opted in to marketing messages',
  },
  [ConsentErrorCode.MARKETING_TOUT_WORD]: {
    status: 400,
    message: 'A marketing message must not promise wins, income or returns',
  },
  [ConsentErrorCode.INVALID_UNSUBSCRIBE_TOKEN]: {
    status: 400,
    message: 'This unsubscribe link is not valid',
  },
  [ConsentErrorCode.INVALID_INBOUND_SMS]: {
    status: 400,
    message: 'Not an incoming SMS notification',
  },
};

/** The marketing-consent error. */
export class ConsentError extends DomainError<ConsentErrorCode> {
  constructor(code: ConsentErrorCode, message?: string) {
    super(code, message ? { ...CONSENT_ERRORS[code], message } : CONSENT_ERRORS[code]);
  }
}
