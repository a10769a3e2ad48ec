import { DomainError } from '../../common/errors/domain-error';
import { ACCOUNT_ERRORS, AccountError, AccountErrorCode } from './account.errors';

describe(AccountError.name, () => {
  it("maps every code to a 4xx status and a message, except the storage outage (503, not the client's fault)", () => {
    for (const code of Object.values(AccountErrorCode)) {
      const spec = ACCOUNT_ERRORS[code];
      expect(spec.status).toBeGreaterThanOrEqual(400);
      expect(spec.status).toBeLessThan(code === AccountErrorCode.STORAGE_UNAVAILABLE ? 504 : 500);
      expect(spec.message.length).toBeGreaterThan(0);
    }
    expect(ACCOUNT_ERRORS[AccountErrorCode.STORAGE_UNAVAILABLE].status).toBe(503);
  });

  it('uses the account messages of docs/PRODUCT-RULES.md R69, "Accounts"', () => {
    expect(new AccountError(AccountErrorCode.INVALID_CREDENTIALS)).toMatchObject({
      status: 401,
      message: 'Invalid email or password',
      extra: {},
    });
    expect(new AccountError(AccountErrorCode.WRONG_PASSWORD).extra).toEqual({
      old_password: ['Wrong password'],
    });
    expect(new AccountError(AccountErrorCode.RESET_TOKEN_INVALID).extra).toEqual({
      token: ['Invalid token'],
    });
  });

  it('carries field lists and is a DomainError', () => {
    const err = new AccountError(AccountErrorCode.REGISTRATION_INVALID, { email: ['taken'] });
    expect(err).toBeInstanceOf(DomainError);
    expect(err.extra).toEqual({ email: ['taken'] });
    expect(err.status).toBe(400);
  });
});
