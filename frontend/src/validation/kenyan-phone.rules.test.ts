import { describe, expect, it } from 'vitest';
import {
  isKenyanPhone,
  purchasePhoneError,
  subscriptionPhoneError,
  toKenyanMsisdn,
} from './kenyan-phone.rules';

describe('Kenyan phone rules (docs/PRODUCT-RULES.md R136)', () => {
  it('accepts 9 or 10 digits', () => {
    expect(isKenyanPhone('712345678')).toBe(true);
    expect(isKenyanPhone('0712345678')).toBe(true);
    expect(isKenyanPhone('0712 345 678')).toBe(true);
  });

  it('refuses other lengths and non-digits', () => {
    expect(isKenyanPhone('71234567')).toBe(false);
    expect(isKenyanPhone('254712345678')).toBe(false);
    expect(isKenyanPhone('07123a5678')).toBe(false);
    expect(isKenyanPhone('')).toBe(false);
  });

  it("says 'Enter Valid Phone Number' on subscription, find tip and the subscriber panel", () => {
    expect(subscriptionPhoneError('123')).toBe('Enter Valid Phone Number');
    expect(subscriptionPhoneError('0712345678')).toBeNull();
  });

  it("says 'Enter a valid phone number' on buy and withdrawal", () => {
    expect(purchasePhoneError('123')).toBe('Enter a valid phone number');
    expect(purchasePhoneError('712345678')).toBeNull();
  });

  it('replaces the leading digit of 10 digits by 254 and prefixes 9 digits with 254', () => {
    expect(toKenyanMsisdn('0712345678')).toBe('254712345678');
    expect(toKenyanMsisdn('712345678')).toBe('254712345678');
    expect(toKenyanMsisdn(' 0112 345 678 ')).toBe('254112345678');
  });
});
