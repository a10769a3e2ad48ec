import { isEmailAddress } from '../../../common/validation/email-address';
import {
  CITY_MAX,
  COUNTRIES,
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REGISTRATION_PHONE_PATTERN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../account.constants';

/**
 * Field rules of the account forms (docs/PRODUCT-RULES.md "Accounts", R130, R131, R132, R133) as
 * pure functions: each returns the message to show under the field, or null when the value is fine.
 * DTOs and the create-admin CLI share them, so the server answers the same text everywhere.
 */
export const MESSAGES = {
  required: 'This field is required.',
  usernameLength: `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters`,
  usernameChars: 'Username may only contain letters, digits, _ and .',
  usernameTaken: 'A user with that username already exists.',
  email: 'Enter a valid email address',
  emailTaken: 'A user with that email already exists.',
  /** Phone change (docs/PRODUCT-RULES.md R133). */
  phoneDigits: 'Only digits allowed',
  phoneLength: 'Phone number should have 10 digits',
  /** Password change (docs/PRODUCT-RULES.md R131). */
  passwordShort: 'Password should be 8 characters or more',
  /** Password reset (docs/PRODUCT-RULES.md R132). */
  resetPasswordShort: 'At least 8 characters',
  passwordLong: `Password should be at most ${PASSWORD_MAX} characters`,
  nameLong: `Name should be at most ${NAME_MAX} characters`,
  cityLong: `City should be at most ${CITY_MAX} characters`,
  country: `Select a valid country: ${COUNTRIES.join(', ')}`,
  text: 'Enter text',
} as const;

const blank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Username: required, 3-30 of letters, digits, '_' and '.'. */
export const usernameError = (v: unknown): string | null => {
  if (blank(v)) return MESSAGES.required;
  if (typeof v !== 'string') return MESSAGES.usernameChars;
  const s = v.trim();
  if (s.length < USERNAME_MIN || s.length > USERNAME_MAX) return MESSAGES.usernameLength;
  return USERNAME_PATTERN.test(s) ? null : MESSAGES.usernameChars;
};

/** E-mail: required and a valid address of at most 254 characters. */
export const emailError = (v: unknown): string | null => {
  if (blank(v)) return MESSAGES.required;
  if (typeof v !== 'string') return MESSAGES.email;
  const s = v.trim();
  return s.length <= EMAIL_MAX && isEmailAddress(s) ? null : MESSAGES.email;
};

/** Registration phone: required, exactly 10 digits (docs/PRODUCT-RULES.md R56, R130). */
export const registrationPhoneError = (v: unknown): string | null => {
  if (blank(v)) return MESSAGES.required;
  if (typeof v !== 'string') return MESSAGES.phoneDigits;
  const s = v.trim();
  if (/\D/.test(s)) return MESSAGES.phoneDigits;
  return REGISTRATION_PHONE_PATTERN.test(s) ? null : MESSAGES.phoneLength;
};

/** A new password: required, 8 to 256 characters. `shortMessage` is the form's wording. */
export const newPasswordError = (
  v: unknown,
  shortMessage: string = MESSAGES.passwordShort,
): string | null => {
  if (v === undefined || v === null || v === '') return MESSAGES.required;
  if (typeof v !== 'string') return shortMessage;
  if (v.length < PASSWORD_MIN) return shortMessage;
  return v.length > PASSWORD_MAX ? MESSAGES.passwordLong : null;
};

/** Any required string (login fields, the old password, tokens). */
export const requiredTextError = (v: unknown): string | null => {
  if (v === undefined || v === null || v === '') return MESSAGES.required;
  return typeof v === 'string' ? null : MESSAGES.text;
};

/** An optional text of at most `max` characters. */
export const optionalTextError =
  (max: number, longMessage: string) =>
  (v: unknown): string | null => {
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') return MESSAGES.text;
    return v.trim().length > max ? longMessage : null;
  };

/** Country: optional, one of KE, NG, UG, TZ. */
export const countryError = (v: unknown): string | null =>
  v === undefined || v === null || v === '' || (COUNTRIES as readonly unknown[]).includes(v)
    ? null
    : MESSAGES.country;

/** Lower-cased, trimmed e-mail: the form in which e-mails are stored and compared. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
