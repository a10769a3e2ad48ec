import { describe, expect, it } from 'vitest';
import { validatePasswordChange } from './password-change.rules';

describe('password change rules (docs/PRODUCT-RULES.md R131)', () => {
  it('accepts a valid change', () => {
    expect(
      validatePasswordChange({
        oldPassword: 'old',
        newPassword: 'newpass1',
        confirmPassword: 'newpass1',
      }),
    ).toEqual({});
  });

  it('gives the exact spec messages', () => {
    expect(
      validatePasswordChange({ oldPassword: '', newPassword: 'short', confirmPassword: 'other' }),
    ).toEqual({
      oldPassword: 'Fill this',
      newPassword: 'Password should be 8 characters or more',
      confirmPassword: 'Confirm password is not equal',
    });
  });

  it('counts exactly 8 characters as long enough', () => {
    expect(
      validatePasswordChange({
        oldPassword: 'x',
        newPassword: '12345678',
        confirmPassword: '12345678',
      }).newPassword,
    ).toBeUndefined();
  });
});
