import { MIN_PASSWORD_LENGTH } from '../lib/constants';
import { collectErrors, type FormErrors, type RuleResult } from './common';

/** Password reset form at /change_password/{user_token} (docs/PRODUCT-RULES.md R132). */
export const PASSWORD_RESET_MESSAGES = {
  passwordRequired: 'Fill This',
  passwordLength: 'At least 8 characters',
  confirmRequired: 'Fill this',
  confirmMismatch: 'This should be similar to the password',
} as const;

export interface PasswordResetForm {
  password: string;
  confirmPassword: string;
}

export const resetPasswordError = (password: string): RuleResult => {
  if (!password) return PASSWORD_RESET_MESSAGES.passwordRequired;
  return password.length < MIN_PASSWORD_LENGTH ? PASSWORD_RESET_MESSAGES.passwordLength : null;
};

export const resetConfirmError = (password: string, confirmPassword: string): RuleResult => {
  if (!confirmPassword) return PASSWORD_RESET_MESSAGES.confirmRequired;
  return confirmPassword === password ? null : PASSWORD_RESET_MESSAGES.confirmMismatch;
};

export const validatePasswordReset = (
  form: PasswordResetForm,
): FormErrors<keyof PasswordResetForm> =>
  collectErrors<keyof PasswordResetForm>({
    password: resetPasswordError(form.password),
    confirmPassword: resetConfirmError(form.password, form.confirmPassword),
  });
