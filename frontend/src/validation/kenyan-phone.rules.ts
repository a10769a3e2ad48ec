import { KENYA_COUNTRY_CODE } from '../lib/constants';
import type { RuleResult } from './common';

/**
 * Kenyan mobile-money number rules (docs/PRODUCT-RULES.md R136): 9 or 10 digits. The subscription
 * form, find tip and the subscriber panel say 'Enter Valid Phone Number'; withdrawal and buy say
 * 'Enter a valid phone number'.
 */
export const KENYAN_PHONE_MESSAGES = {
  subscription: 'Enter Valid Phone Number',
  purchase: 'Enter a valid phone number',
} as const;

/** Digits typed by the user, spaces removed. */
const compact = (phone: string): string => phone.replace(/\s+/g, '');

/** True for 9 or 10 digits (e.g. '712345678', '0712345678'). */
export const isKenyanPhone = (phone: string): boolean => /^\d{9,10}$/.test(compact(phone));

/** Subscription, find tip and subscriber panel: 'Enter Valid Phone Number'. */
export const subscriptionPhoneError = (phone: string): RuleResult =>
  isKenyanPhone(phone) ? null : KENYAN_PHONE_MESSAGES.subscription;

/** Buy and withdrawal: 'Enter a valid phone number'. */
export const purchasePhoneError = (phone: string): RuleResult =>
  isKenyanPhone(phone) ? null : KENYAN_PHONE_MESSAGES.purchase;

/**
 * MSISDN sent to the API (docs/PRODUCT-RULES.md R136): a 10-digit number has its leading digit
 * replaced by 254 ('0712345678' -> '254712345678'); a 9-digit number gets 254 prepended. Call after
 * validating.
 */
export const toKenyanMsisdn = (phone: string): string => {
  const digits = compact(phone);
  return digits.length === 10
    ? `${KENYA_COUNTRY_CODE}${digits.slice(1)}`
    : `${KENYA_COUNTRY_CODE}${digits}`;
};
