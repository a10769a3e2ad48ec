import {
  countryError,
  emailError,
  MESSAGES,
  newPasswordError,
  normaliseEmail,
  optionalTextError,
  registrationPhoneError,
  requiredTextError,
  usernameError,
} from './account-rules';

describe('usernameError', () => {
  it.each(['abc', 'john_doe', 'J.Doe_99', 'a'.repeat(30), ' padded '])('accepts %j', (v) => {
    expect(usernameError(v)).toBeNull();
  });
  it.each([
    [undefined, MESSAGES.required],
    ['', MESSAGES.required],
    ['   ', MESSAGES.required],
    ['ab', MESSAGES.usernameLength],
    ['a'.repeat(31), MESSAGES.usernameLength],
    ['john doe', MESSAGES.usernameChars],
    ['jöhn', MESSAGES.usernameChars],
    ['john-doe', MESSAGES.usernameChars],
    ['<script>', MESSAGES.usernameChars],
    [42, MESSAGES.usernameChars],
  ])('refuses %j with %s', (v, msg) => {
    expect(usernameError(v)).toBe(msg);
  });
});

describe('emailError', () => {
  it.each(['a@b.co', 'Jane.Doe+tips@example.com', ' x@y.ke '])('accepts %j', (v) =>
    expect(emailError(v)).toBeNull(),
  );
  it.each([
    [undefined, MESSAGES.required],
    ['', MESSAGES.required],
    ['nope', MESSAGES.email],
    ['a@b', MESSAGES.email],
    [`${'a'.repeat(250)}@b.co`, MESSAGES.email],
    [{}, MESSAGES.email],
  ])('refuses %j with %s', (v, msg) => expect(emailError(v)).toBe(msg));
});

describe('registrationPhoneError', () => {
  it('accepts exactly 10 digits', () => expect(registrationPhoneError('0712345678')).toBeNull());
  it.each([
    [undefined, MESSAGES.required],
    ['071234567', MESSAGES.phoneLength],
    ['07123456789', MESSAGES.phoneLength],
    ['07123x5678', MESSAGES.phoneDigits],
    ['+254712345678', MESSAGES.phoneDigits],
    [712345678, MESSAGES.phoneDigits],
  ])('refuses %j with %s', (v, msg) => expect(registrationPhoneError(v)).toBe(msg));
});

describe('newPasswordError', () => {
  it('needs 8 to 256 characters', () => {
    expect(newPasswordError('12345678')).toBeNull();
    expect(newPasswordError('1234567')).toBe('Password should be 8 characters or more');
    expect(newPasswordError('1234567', MESSAGES.resetPasswordShort)).toBe('At least 8 characters');
    expect(newPasswordError('x'.repeat(257))).toBe(MESSAGES.passwordLong);
    expect(newPasswordError(undefined)).toBe(MESSAGES.required);
  });
});

describe('other rules', () => {
  it('checks required text, optional text, countries and normalises e-mails', () => {
    expect(requiredTextError('')).toBe(MESSAGES.required);
    expect(requiredTextError(5)).toBe(MESSAGES.text);
    expect(requiredTextError('x')).toBeNull();
    const name = optionalTextError(60, MESSAGES.nameLong);
    expect(name(undefined)).toBeNull();
    expect(name('x'.repeat(60))).toBeNull();
    expect(name('x'.repeat(61))).toBe(MESSAGES.nameLong);
    expect(countryError('UG')).toBeNull();
    expect(countryError(undefined)).toBeNull();
    expect(countryError('US')).toBe(MESSAGES.country);
    expect(normaliseEmail('  Jane@Example.COM ')).toBe('jane@example.com');
  });
});
