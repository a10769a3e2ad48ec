import type { RuleResult } from './common';

/** Account settings phone change (docs/PRODUCT-RULES.md R133). */
export const PHONE_CHANGE_MESSAGES = {
  length: 'Phone number should have 10 digits',
  digitsOnly: 'Only digits allowed',
} as const;

/**
 * Exactly 10 characters, all digits. Length is checked first (as a form library checks
 * length before pattern), so '07a' reports the length and '07123a5678' the digits.
 */
export const phoneChangeError = (phone: string): RuleResult => {
  const value = phone.trim();
  if (value.length !== 10) return PHONE_CHANGE_MESSAGES.length;
  return /^\d+$/.test(value) ? null : PHONE_CHANGE_MESSAGES.digitsOnly;
};
