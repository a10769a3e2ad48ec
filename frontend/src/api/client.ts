import { getToken, REFRESH_COOKIE, storeCredentials } from '../lib/auth';
import { getCookie, removeCookie } from '../lib/cookies';

/** A non-2xx answer of the API. `body` is the parsed JSON error (`{ message, ...fields }`) or text. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: unknown,
    /**
     * The server's `message` (or `error` of slip create, docs/PRODUCT-RULES.md R141) when it sent
     * one.
     */
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
  }
}

/** Query string values; undefined and null are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when a FormData (avatar upload). */
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /** Send the token cookie as a bearer token when present (default true). */
  auth?: boolean;
}

const messageOf = (body: unknown): string | null => {
  if (body === null || typeof body !== 'object') return null;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  if (typeof error === 'string' && error !== '') return error;
  return null;
};

/** `path` with `query` appended as a query string (undefined and null values left out): the URL a GET requests. */
export const withQuery = (path: string, query: QueryParams | undefined): string => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * The token refresh route (docs/PRODUCT-RULES.md "Accounts"): `{ refresh }` -> `{ access, refresh
 * }`, rotating the refresh token.
 */
export const TOKEN_REFRESH_PATH = '/api/account/token/refresh';

let refreshing: Promise<boolean> | null = null;

/**
 * Trades the refresh cookie for a new token pair (the access token lives 15 minutes). One call at
 * a time: the server rotates refresh tokens and treats a reused one as theft. A refused refresh
 * token is removed; resolves true when a new access token was stored.
 */
const refreshAccessToken = (): Promise<boolean> => {
  refreshing ??= (async () => {
    const refresh = getCookie(REFRESH_COOKIE);
    if (!refresh) return false;
    try {
      const response = await fetch(TOKEN_REFRESH_PATH, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh }),
      });
      if (!response.ok) {
        if (response.status >= 400 && response.status < 500) removeCookie(REFRESH_COOKIE);
        return false;
      }
      const pair = (await readBody(response)) as { access?: string; refresh?: string } | undefined;
      if (!pair?.access) return false;
      storeCredentials(pair.access, pair.refresh);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
};

/**
 * Calls the API at `path` (same origin, e.g. '/api/slip/markets') and resolves with the parsed
 * JSON answer typed as T (undefined for an empty answer). Sends the `token` cookie as
 * `Authorization: Bearer` (docs/PRODUCT-RULES.md R54); an expired token is refreshed once with the
 * refresh cookie and the call repeated. Throws ApiError on a non-2xx status; network failures
 * reject with the fetch TypeError.
 */
export const apiRequest = async <T>(path: string, options: RequestOptions = {}): Promise<T> =>
  send<T>(path, options, true);

const send = async <T>(path: string, options: RequestOptions, mayRefresh: boolean): Promise<T> => {
  const { method = 'GET', body, query, signal, auth = true } = options;
  const headers = new Headers({ Accept: 'application/json' });
  const token = auth ? getToken() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const response = await fetch(withQuery(path, query), { method, headers, body: payload, signal });
  if (response.status === 401 && token && mayRefresh && (await refreshAccessToken())) {
    return send<T>(path, options, false);
  }
  const parsed = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, parsed, messageOf(parsed));
  return parsed as T;
};

/** Shorthands over apiRequest. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * What an error screen shows (docs/PRODUCT-RULES.md R69, R70): the server's message when the API
 * sent one, else the screen's fallback ('An error occurred', 'Error occurred. Try again', ...).
 */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
