import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_MESSAGES as M,
  registrationConfirmError,
  registrationEmailError,
  registrationPasswordError,
  registrationPhoneError,
  usernameError,
  validateRegistration,
  type RegistrationForm,
} from './registration.rules';

const valid: RegistrationForm = {
  username: 'kipchoge',
  email: 'kip@example.com',
  phoneNumber: '0712345678',
  password: 'secret123',
  confirmPassword: 'secret123',
  isAdult: true,
};

describe('registration rules (docs/PRODUCT-RULES.md R130)', () => {
  it('accepts a complete form', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it('requires every field and the 18+ confirmation', () => {
    expect(
      validateRegistration({
        username: ' ',
        email: '',
        phoneNumber: '',
        password: '',
        confirmPassword: '',
        isAdult: false,
      }),
    ).toEqual({
      username: M.required,
      email: M.required,
      phoneNumber: M.required,
      password: M.required,
      confirmPassword: M.required,
      isAdult: M.ageConfirmation,
    });
    expect(usernameError('kip')).toBeNull();
  });

  it('checks the e-mail format', () => {
    expect(registrationEmailError('kip@example')).toBe(M.invalidEmail);
    expect(registrationEmailError(' kip@example.com ')).toBeNull();
  });

  it('needs exactly 10 digits for the phone', () => {
    expect(registrationPhoneError('071234567')).toBe(M.phoneLength);
    expect(registrationPhoneError('07123456789')).toBe(M.phoneLength);
    expect(registrationPhoneError('07123a5678')).toBe(M.phoneLength);
    expect(registrationPhoneError('0712345678')).toBeNull();
  });

  it('needs 8 characters for the password and its confirmation', () => {
    expect(registrationPasswordError('1234567')).toBe(M.passwordLength);
    expect(registrationPasswordError('12345678')).toBeNull();
    expect(registrationConfirmError('1234567', '1234567')).toBe(M.passwordLength);
  });

  it("says 'Must be similar to password' when the confirmation differs", () => {
    expect(M.confirmMismatch).toBe('Must be similar to password');
    expect(registrationConfirmError('secret123', 'secret124')).toBe('Must be similar to password');
    expect(registrationConfirmError('secret123', 'secret123')).toBeNull();
  });
});
