import { describe, expect, it } from 'vitest';
import {
  resetConfirmError,
  resetPasswordError,
  validatePasswordReset,
} from './password-reset.rules';

describe('password reset rules (docs/PRODUCT-RULES.md R132)', () => {
  it('accepts matching passwords of 8 or more characters', () => {
    expect(validatePasswordReset({ password: '12345678', confirmPassword: '12345678' })).toEqual(
      {},
    );
  });

  it('requires both fields', () => {
    expect(validatePasswordReset({ password: '', confirmPassword: '' })).toEqual({
      password: 'Fill This',
      confirmPassword: 'Fill this',
    });
  });

  it('needs at least 8 characters', () => {
    expect(resetPasswordError('1234567')).toBe('At least 8 characters');
  });

  it('needs the confirmation to equal the password', () => {
    expect(resetConfirmError('12345678', '12345679')).toBe(
      'This should be similar to the password',
    );
    expect(resetConfirmError('12345678', '12345678')).toBeNull();
  });
});
