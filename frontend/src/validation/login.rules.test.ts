import { describe, expect, it } from 'vitest';
import { requiredError, validateLogin } from './login.rules';

describe('login rules', () => {
  it('requires the e-mail and the password', () => {
    expect(validateLogin({ email: ' ', password: '' })).toEqual({
      email: 'This field is required',
      password: 'This field is required',
    });
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toEqual({});
    expect(requiredError('a')).toBeNull();
  });
});
