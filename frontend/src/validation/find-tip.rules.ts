import { collectErrors, EMAIL_PATTERN, type FormErrors, type RuleResult } from './common';
import { subscriptionPhoneError } from './kenyan-phone.rules';

/** Find tip forms (docs/PRODUCT-RULES.md R137). */
export const FIND_TIP_MESSAGES = {
  transactionCode: 'Invalid transaction code',
  email: 'Invalid Email',
  transactionId: 'Invalid transaction id',
} as const;

const MIN_TRANSACTION_CODE_LENGTH = 8;
const MIN_TRANSACTION_ID_LENGTH = 3;

/**
 * The code sent to the API: only the first word, trimmed and upper-cased
 * (' sjk7abc123 Confirmed.' -> 'SJK7ABC123').
 */
export const normaliseTransactionCode = (code: string): string =>
  (code.trim().split(/\s+/)[0] ?? '').toUpperCase();

/** At least 8 characters (of the first word), else 'Invalid transaction code'. */
export const transactionCodeError = (code: string): RuleResult =>
  normaliseTransactionCode(code).length >= MIN_TRANSACTION_CODE_LENGTH
    ? null
    : FIND_TIP_MESSAGES.transactionCode;

export interface FindTipForm {
  phone: string;
  code: string;
}

export const validateFindTip = (form: FindTipForm): FormErrors<keyof FindTipForm> =>
  collectErrors<keyof FindTipForm>({
    phone: subscriptionPhoneError(form.phone),
    code: transactionCodeError(form.code),
  });

export const findTipNgEmailError = (email: string): RuleResult =>
  EMAIL_PATTERN.test(email.trim()) ? null : FIND_TIP_MESSAGES.email;

export const transactionIdError = (transactionId: string): RuleResult =>
  transactionId.trim().length >= MIN_TRANSACTION_ID_LENGTH ? null : FIND_TIP_MESSAGES.transactionId;

export interface FindTipNgForm {
  email: string;
  transactionId: string;
}

export const validateFindTipNg = (form: FindTipNgForm): FormErrors<keyof FindTipNgForm> =>
  collectErrors<keyof FindTipNgForm>({
    email: findTipNgEmailError(form.email),
    transactionId: transactionIdError(form.transactionId),
  });

/**
 * The transaction id as the API takes it: base64 of the trimmed id (docs/PRODUCT-RULES.md R137).
 */
export const encodeTransactionId = (transactionId: string): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(transactionId.trim())));
