import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../test-utils';
import { decodeJwtPayload, isJwtExpired } from './jwt';

describe('decodeJwtPayload', () => {
  it('reads the claims of a JWT, including non-ASCII text', () => {
    expect(decodeJwtPayload(fakeJwt({ sub: 7, role: 'admin', exp: 2_000_000_000 }))).toEqual({
      sub: 7,
      role: 'admin',
      exp: 2_000_000_000,
    });
    const name = 'Wanjikũ';
    const bytes = new TextEncoder().encode(JSON.stringify({ name }));
    const payload = btoa(String.fromCharCode(...bytes))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(decodeJwtPayload(`h.${payload}.s`)).toEqual({ name });
  });

  it('returns null for anything else', () => {
    expect(decodeJwtPayload('')).toBeNull();
    expect(decodeJwtPayload('abc')).toBeNull();
    expect(decodeJwtPayload('a.!!!.c')).toBeNull();
    expect(decodeJwtPayload(`a.${btoa('[1,2]')}.c`)).toBeNull();
    expect(decodeJwtPayload(`a.${btoa('null')}.c`)).toBeNull();
  });
});

describe('isJwtExpired', () => {
  it('compares exp (seconds) with now (ms)', () => {
    expect(isJwtExpired({ exp: 100 }, 99_999)).toBe(false);
    expect(isJwtExpired({ exp: 100 }, 100_000)).toBe(true);
    expect(isJwtExpired({}, Date.now())).toBe(false);
  });
});
