import { redirect } from 'react-router';
import { getCookie, removeCookie, setCookie } from './cookies';

/**
 * Cookie names holding the credentials (docs/PRODUCT-RULES.md R121). Not HttpOnly: the SPA reads
 * them.
 */
export const TOKEN_COOKIE = 'token';
export const REFRESH_COOKIE = 'refresh';
const CREDENTIAL_DAYS = 30;

/** Bearer token from the token cookie, or null. */
export const getToken = (): string | null => getCookie(TOKEN_COOKIE);

/**
 * True while a token cookie exists (docs/PRODUCT-RULES.md R96: what login-protected routes check).
 */
export const isLoggedIn = (): boolean => !!getToken();

/**
 * Stores the access and refresh tokens after login or registration (docs/PRODUCT-RULES.md R124).
 */
export const storeCredentials = (access: string, refresh: string | undefined): void => {
  setCookie(TOKEN_COOKIE, access, CREDENTIAL_DAYS);
  if (refresh) setCookie(REFRESH_COOKIE, refresh, CREDENTIAL_DAYS);
};

/** Removes the token cookie (a profile call answering 401: docs/PRODUCT-RULES.md R124, R71). */
export const clearToken = (): void => {
  removeCookie(TOKEN_COOKIE);
};

/** Logout: removes the token and the refresh token (docs/PRODUCT-RULES.md R124). */
export const clearCredentials = (): void => {
  removeCookie(TOKEN_COOKIE);
  removeCookie(REFRESH_COOKIE);
};

/**
 * Route loader: login-protected routes redirect to / without a token cookie
 * (docs/PRODUCT-RULES.md R96).
 */
export const requireTokenLoader = (): null => {
  if (!isLoggedIn()) throw redirect('/');
  return null;
};
