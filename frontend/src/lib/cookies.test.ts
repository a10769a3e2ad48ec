import { describe, expect, it } from 'vitest';
import { getCookie, removeCookie, setCookie } from './cookies';

describe('cookies', () => {
  it('sets, reads and removes a cookie', () => {
    setCookie('consent', 'yes', 150);
    expect(getCookie('consent')).toBe('yes');
    removeCookie('consent');
    expect(getCookie('consent')).toBeNull();
  });

  it('encodes names and values', () => {
    setCookie('token', 'a b;c=d');
    expect(getCookie('token')).toBe('a b;c=d');
  });

  it('does not confuse cookies whose names share a prefix', () => {
    setCookie('token_old', 'x');
    expect(getCookie('token')).toBeNull();
    setCookie('token', 'y');
    expect(getCookie('token')).toBe('y');
  });
});
