import type { AuthProvider } from 'react-admin';
import { api, errorMessage } from '../api/client';
import { clearCredentials, getToken, storeCredentials } from '../lib/auth';
import { decodeJwtPayload, isJwtExpired, type AccessTokenClaims } from '../lib/jwt';
import { PATHS } from '../lib/paths';
import { accessOf, canAccessResource } from './access';

/** What react-admin's login form sends; our login is by e-mail (`username` accepted as the e-mail). */
export interface BackofficeLoginParams {
  email?: string;
  username?: string;
  password: string;
}

/** Role claim of the back office's administrators (docs/PRODUCT-RULES.md, Roles). */
export const ADMIN_ROLE = 'admin';

/**
 * Login-protected routes send a visitor without a valid token to / (docs/PRODUCT-RULES.md R96),
 * silently.
 */
const NOT_LOGGED_IN = { redirectTo: PATHS.home, message: false } as const;

/** Claims of the token cookie while it decodes and has not expired, else null. */
const currentClaims = (): AccessTokenClaims | null => {
  const token = getToken();
  const claims = token ? decodeJwtPayload(token) : null;
  return claims && !isJwtExpired(claims) ? claims : null;
};

/**
 * react-admin auth provider over the token cookie (docs/PRODUCT-RULES.md R121, R124): login stores
 * the tokens, logout removes them and returns to /, 401/403 answers log out, permissions are the
 * JWT `role`.
 */
export const authProvider: AuthProvider = {
  login: async ({ email, username, password }: BackofficeLoginParams) => {
    try {
      const { access, refresh } = await api.post(
        '/api/account/email-login',
        { email: email ?? username, password },
        { auth: false },
      );
      storeCredentials(access, refresh);
    } catch (error) {
      throw new Error(errorMessage(error, 'An error occurred'), { cause: error });
    }
  },
  logout: async () => {
    clearCredentials();
    return PATHS.home;
  },
  checkAuth: async () => {
    // react-admin's contract: checkAuth rejects with { redirectTo, message }, not an Error.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!currentClaims()) throw NOT_LOGGED_IN;
  },
  checkError: async (error: { status?: number } | null | undefined) => {
    const status = error?.status;
    // react-admin's contract: checkError rejects with { redirectTo, message }, not an Error.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (status === 401 || status === 403) throw NOT_LOGGED_IN;
  },
  getPermissions: async () => currentClaims()?.role ?? null,
  /**
   * By the access table (access.ts): admin everything the backend serves, a tipster list/show of
   * their resources (slips, earnings, withdrawals) and only the verbs granted to them; anything
   * not in the table is an administrator's. Display only: the server checks every call.
   */
  canAccess: async ({ action, resource }) => {
    const role = currentClaims()?.role ?? null;
    const access = accessOf(resource);
    return access ? canAccessResource(access, role, action) : role === ADMIN_ROLE;
  },
};
