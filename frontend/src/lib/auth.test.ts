import { describe, expect, it } from 'vitest';
import {
  clearCredentials,
  clearToken,
  getToken,
  isLoggedIn,
  requireTokenLoader,
  storeCredentials,
} from './auth';
import { getCookie } from './cookies';

describe('auth cookies', () => {
  it('stores the access token as the token cookie and the refresh token beside it', () => {
    storeCredentials('ACCESS', 'REFRESH');
    expect(getToken()).toBe('ACCESS');
    expect(getCookie('refresh')).toBe('REFRESH');
    expect(isLoggedIn()).toBe(true);
  });

  it('clearToken removes only the token; clearCredentials removes both', () => {
    storeCredentials('ACCESS', 'REFRESH');
    clearToken();
    expect(isLoggedIn()).toBe(false);
    expect(getCookie('refresh')).toBe('REFRESH');
    storeCredentials('ACCESS', 'REFRESH');
    clearCredentials();
    expect(getToken()).toBeNull();
    expect(getCookie('refresh')).toBeNull();
  });
});

describe('requireTokenLoader', () => {
  it('redirects to / without a token cookie (docs/PRODUCT-RULES.md R96)', () => {
    let thrown: unknown;
    try {
      requireTokenLoader();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toBe('/');
  });

  it('lets the route load with a token cookie', () => {
    storeCredentials('ACCESS', undefined);
    expect(requireTokenLoader()).toBeNull();
  });
});
