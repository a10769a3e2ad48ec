import { EMAIL_PATTERN, type RuleResult } from './common';

/** Account settings e-mail change (docs/PRODUCT-RULES.md R133). */
export const EMAIL_CHANGE_MESSAGE = 'Enter valid email';

export const emailChangeError = (email: string): RuleResult =>
  EMAIL_PATTERN.test(email.trim()) ? null : EMAIL_CHANGE_MESSAGE;
