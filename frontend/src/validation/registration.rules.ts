import { MIN_PASSWORD_LENGTH, REGISTRATION_PHONE_LENGTH } from '../lib/constants';
import { collectErrors, EMAIL_PATTERN, isBlank, type FormErrors, type RuleResult } from './common';

/**
 * Registration dialog rules (docs/PRODUCT-RULES.md R130). The spec fixes only the confirmation
 * message; the other wordings are ours and kept short for small screens.
 */
export const REGISTRATION_MESSAGES = {
  required: 'This field is required',
  invalidEmail: 'Enter valid email',
  phoneLength: 'Phone number should have 10 digits',
  passwordLength: 'Password should be 8 characters or more',
  confirmMismatch: 'Must be similar to password',
  ageConfirmation: 'Confirm that you are 18 years or older',
} as const;

export interface RegistrationForm {
  username: string;
  email: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
  /** Responsible gambling: the visitor confirms being 18+ (docs/PRODUCT-RULES.md, Messages). */
  isAdult: boolean;
}

export type RegistrationField = keyof RegistrationForm;

export const usernameError = (username: string): RuleResult =>
  isBlank(username) ? REGISTRATION_MESSAGES.required : null;

export const registrationEmailError = (email: string): RuleResult => {
  if (isBlank(email)) return REGISTRATION_MESSAGES.required;
  return EMAIL_PATTERN.test(email.trim()) ? null : REGISTRATION_MESSAGES.invalidEmail;
};

/**
 * Required and exactly 10 digits (docs/PRODUCT-RULES.md R56, R130: phone at registration exactly 10
 * digits).
 */
export const registrationPhoneError = (phoneNumber: string): RuleResult => {
  if (isBlank(phoneNumber)) return REGISTRATION_MESSAGES.required;
  const pattern = new RegExp(`^\\d{${REGISTRATION_PHONE_LENGTH}}$`);
  return pattern.test(phoneNumber.trim()) ? null : REGISTRATION_MESSAGES.phoneLength;
};

/** Required, at least 8 characters. */
export const registrationPasswordError = (password: string): RuleResult => {
  if (!password) return REGISTRATION_MESSAGES.required;
  return password.length < MIN_PASSWORD_LENGTH ? REGISTRATION_MESSAGES.passwordLength : null;
};

/** Required, at least 8 characters, equal to the password ('Must be similar to password'). */
export const registrationConfirmError = (password: string, confirmPassword: string): RuleResult => {
  if (!confirmPassword) return REGISTRATION_MESSAGES.required;
  if (confirmPassword.length < MIN_PASSWORD_LENGTH) return REGISTRATION_MESSAGES.passwordLength;
  return confirmPassword === password ? null : REGISTRATION_MESSAGES.confirmMismatch;
};

export const ageConfirmationError = (isAdult: boolean): RuleResult =>
  isAdult ? null : REGISTRATION_MESSAGES.ageConfirmation;

export const validateRegistration = (form: RegistrationForm): FormErrors<RegistrationField> =>
  collectErrors<RegistrationField>({
    username: usernameError(form.username),
    email: registrationEmailError(form.email),
    phoneNumber: registrationPhoneError(form.phoneNumber),
    password: registrationPasswordError(form.password),
    confirmPassword: registrationConfirmError(form.password, form.confirmPassword),
    isAdult: ageConfirmationError(form.isAdult),
  });
