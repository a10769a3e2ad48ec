import { redirect } from 'react-router';
import { getCookie, removeCookie, setCookie } from './cookies';

/** Cookie names holding the credentials (spec §3, Credentials). Not HttpOnly: the SPA reads them. */
export const TOKEN_COOKIE = 'token';
export const REFRESH_COOKIE = 'refresh';
const CREDENTIAL_DAYS = 30;

/** Bearer token from the token cookie, or null. */
export const getToken = (): string | null => getCookie(TOKEN_COOKIE);

/** True while a token cookie exists (spec §2: what login-protected routes check). */
export const isLoggedIn = (): boolean => !!getToken();

/** Stores the access and refresh tokens after login or registration (spec §4, Login). */
export const storeCredentials = (access: string, refresh: string | undefined): void => {
  setCookie(TOKEN_COOKIE, access, CREDENTIAL_DAYS);
  if (refresh) setCookie(REFRESH_COOKIE, refresh, CREDENTIAL_DAYS);
};

/** Removes the token cookie (a profile call answering 401, spec §4 and §8). */
export const clearToken = (): void => {
  removeCookie(TOKEN_COOKIE);
};

/** Logout: removes the token and the refresh token (spec §4, Logout). */
export const clearCredentials = (): void => {
  removeCookie(TOKEN_COOKIE);
  removeCookie(REFRESH_COOKIE);
};

/** Route loader: login-protected routes redirect to / without a token cookie (spec §2). */
export const requireTokenLoader = (): null => {
  if (!isLoggedIn()) throw redirect('/');
  return null;
};
