import { accountStatus, accountTombstone, erasedUsernameHash } from './account-erasure';

describe('account erasure', () => {
  it('hashes a username ignoring case and spaces', () => {
    expect(erasedUsernameHash(' Alice ')).toBe(erasedUsernameHash('alice'));
    expect(erasedUsernameHash('alice')).toMatch(/^[0-9a-f]{64}$/);
    expect(erasedUsernameHash('alice')).not.toBe(erasedUsernameHash('alice2'));
  });

  it('keeps nothing personal in the tombstone', () => {
    const t = accountTombstone(42);
    expect(t).toEqual({
      username: 'deleted tipster',
      email: 'erased-42@erased.invalid',
      phoneNumber: null,
      msisdn: null,
      passwordHash: '!erased',
      name: '',
      city: '',
      avatarFile: null,
    });
  });

  it.each([
    [null, null, 'active'],
    [new Date('2026-12-01T00:00:00Z'), null, 'banned'],
    [null, new Date('2026-12-02T00:00:00Z'), 'erased'],
    [new Date('2026-12-01T00:00:00Z'), new Date('2026-12-02T00:00:00Z'), 'erased'],
  ])(
    'shows an account banned at %s and erased at %s as %s (R281)',
    (bannedAt, erasedAt, status) => {
      expect(accountStatus({ bannedAt, erasedAt })).toBe(status);
    },
  );
});
