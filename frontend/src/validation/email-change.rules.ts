import { EMAIL_PATTERN, type RuleResult } from './common';

/** Account settings e-mail change (spec §5, E-mail change). */
export const EMAIL_CHANGE_MESSAGE = 'Enter valid email';

export const emailChangeError = (email: string): RuleResult =>
  EMAIL_PATTERN.test(email.trim()) ? null : EMAIL_CHANGE_MESSAGE;
