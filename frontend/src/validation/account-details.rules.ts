import { collectErrors, type FormErrors, type RuleResult } from './common';

/** Account data card: name and city (docs/PRODUCT-RULES.md "Accounts": each at most 60 characters). */
export const ACCOUNT_DETAILS_MESSAGES = {
  tooLong: 'At most 60 characters',
} as const;

export const MAX_DETAIL_LENGTH = 60;

export interface AccountDetailsForm {
  name: string;
  city: string;
}

const lengthError = (value: string): RuleResult =>
  value.trim().length > MAX_DETAIL_LENGTH ? ACCOUNT_DETAILS_MESSAGES.tooLong : null;

export const validateAccountDetails = (
  form: AccountDetailsForm,
): FormErrors<keyof AccountDetailsForm> =>
  collectErrors<keyof AccountDetailsForm>({
    name: lengthError(form.name),
    city: lengthError(form.city),
  });
