import { describe, expect, it } from 'vitest';
import {
  encodeTransactionId,
  findTipNgEmailError,
  normaliseTransactionCode,
  transactionCodeError,
  transactionIdError,
  validateFindTip,
  validateFindTipNg,
} from './find-tip.rules';

describe('find tip, Kenya (docs/PRODUCT-RULES.md R137)', () => {
  it('uses only the first word, trimmed and upper-cased', () => {
    expect(normaliseTransactionCode('  sjk7abc123 Confirmed. Ksh100 ')).toBe('SJK7ABC123');
    expect(normaliseTransactionCode('')).toBe('');
  });

  it("needs at least 8 characters, else 'Invalid transaction code'", () => {
    expect(transactionCodeError('abc1234')).toBe('Invalid transaction code');
    expect(transactionCodeError('abcd1234')).toBeNull();
    expect(transactionCodeError('abc 12345678')).toBe('Invalid transaction code');
  });

  it('checks the phone with the subscription message', () => {
    expect(validateFindTip({ phone: '12', code: 'x' })).toEqual({
      phone: 'Enter Valid Phone Number',
      code: 'Invalid transaction code',
    });
    expect(validateFindTip({ phone: '0712345678', code: 'SJK7ABC123' })).toEqual({});
  });
});

describe('find tip, Nigeria (docs/PRODUCT-RULES.md R137)', () => {
  it("says 'Invalid Email' and 'Invalid transaction id'", () => {
    expect(findTipNgEmailError('ada@')).toBe('Invalid Email');
    expect(findTipNgEmailError('ada@example.ng')).toBeNull();
    expect(transactionIdError('12')).toBe('Invalid transaction id');
    expect(transactionIdError('123')).toBeNull();
    expect(validateFindTipNg({ email: '', transactionId: ' ' })).toEqual({
      email: 'Invalid Email',
      transactionId: 'Invalid transaction id',
    });
  });

  it('sends the id base64-encoded', () => {
    expect(encodeTransactionId(' 1234567 ')).toBe(btoa('1234567'));
    expect(encodeTransactionId('tips-42-abc')).toBe('dGlwcy00Mi1hYmM=');
  });
});
