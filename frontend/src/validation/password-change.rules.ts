import { MIN_PASSWORD_LENGTH } from '../lib/constants';
import { collectErrors, type FormErrors, type RuleResult } from './common';

/** Account settings password change (docs/PRODUCT-RULES.md R131). */
export const PASSWORD_CHANGE_MESSAGES = {
  oldPasswordRequired: 'Fill this',
  newPasswordLength: 'Password should be 8 characters or more',
  confirmMismatch: 'Confirm password is not equal',
} as const;

export interface PasswordChangeForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const oldPasswordError = (oldPassword: string): RuleResult =>
  oldPassword ? null : PASSWORD_CHANGE_MESSAGES.oldPasswordRequired;

export const newPasswordError = (newPassword: string): RuleResult =>
  newPassword.length < MIN_PASSWORD_LENGTH ? PASSWORD_CHANGE_MESSAGES.newPasswordLength : null;

export const passwordChangeConfirmError = (
  newPassword: string,
  confirmPassword: string,
): RuleResult =>
  confirmPassword === newPassword ? null : PASSWORD_CHANGE_MESSAGES.confirmMismatch;

export const validatePasswordChange = (
  form: PasswordChangeForm,
): FormErrors<keyof PasswordChangeForm> =>
  collectErrors<keyof PasswordChangeForm>({
    oldPassword: oldPasswordError(form.oldPassword),
    newPassword: newPasswordError(form.newPassword),
    confirmPassword: passwordChangeConfirmError(form.newPassword, form.confirmPassword),
  });
