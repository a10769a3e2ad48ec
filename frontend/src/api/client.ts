import type { paths } from './openapi';
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
 * JSON answer (undefined for an empty answer), untyped: callers use `api`, typed by the OpenAPI
 * document. Sends the `token` cookie as `Authorization: Bearer` (docs/PRODUCT-RULES.md R54); an
 * expired token is refreshed once with the refresh cookie and the call repeated. Throws ApiError on
 * a non-2xx status; network failures reject with the fetch TypeError.
 */
export const apiRequest = async (path: string, options: RequestOptions = {}): Promise<unknown> =>
  send(path, options, true);

const send = async (
  path: string,
  options: RequestOptions,
  mayRefresh: boolean,
): Promise<unknown> => {
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
    return send(path, options, false);
  }
  const parsed = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, parsed, messageOf(parsed));
  return parsed;
};

/** The HTTP methods the API's routes answer (the operation keys of openapi.d.ts `paths`). */
export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** The document's paths (templates such as '/api/slip/get/{id}') that answer `M`. */
export type ApiPath<M extends HttpMethod = 'get'> = {
  [P in keyof paths]: paths[P][M] extends undefined ? never : P;
}[keyof paths];

/** The document's operation for `M` on `P`. */
export type ApiOperation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][M]>;

type SuccessStatus = 200 | 201 | 202 | 204;
type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type Responses<O> = O extends { responses: infer R } ? R : never;

/**
 * The JSON answer of `M` on `P` as the OpenAPI document declares it (its 2xx response; undefined
 * when it declares no body), e.g. `ApiResponse<'/api/slip/get/{id}'>` is the slip.
 */
export type ApiResponse<P extends ApiPath<M>, M extends HttpMethod = 'get'> = JsonContent<
  Responses<ApiOperation<P, M>>[Extract<keyof Responses<ApiOperation<P, M>>, SuccessStatus>]
>;

/** Options of one typed call: the path's `{name}` values when its template has any. */
export interface CallOptions extends Omit<RequestOptions, 'method' | 'body'> {
  /**
   * A link the server sent for this path (a `next` page URL, made same-origin): requested as is
   * instead of the template; the answer has the path's type.
   */
  href?: string;
}

type CallArgs<O> = O extends { parameters: { path: infer Params } }
  ? [options: CallOptions & { path: Params }]
  : [options?: CallOptions & { path?: undefined }];

type CallArgsAny = [options?: CallOptions & { path?: unknown }];

/** `template` with each `{name}` replaced by its value, URL-encoded. */
export const fillPath = (
  template: string,
  params: Record<string, string | number> | undefined,
): string =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${template}`);
    return encodeURIComponent(String(value));
  });

const call = (
  method: RequestOptions['method'],
  path: string,
  body: unknown,
  options: CallArgsAny[0],
): Promise<unknown> => {
  const { path: params, href, ...rest } = options ?? {};
  return apiRequest(href ?? fillPath(path, params as Record<string, string | number> | undefined), {
    ...rest,
    method,
    body,
  });
};

/**
 * The API's routes typed by path from the OpenAPI document (openapi.d.ts, `npm run api:types`;
 * docs/CONTRIBUTING.md "API types"): `api.get('/api/slip/get/{id}', { path: { id } })` resolves
 * with `ApiResponse<'/api/slip/get/{id}'>`. No caller writes a response type: a wrong shape is
 * fixed in the backend's DTO. Request bodies are sent as given (JSON, or FormData as multipart):
 * many of the document's request schemas are still loose.
 */
export const api = {
  get: <P extends ApiPath<'get'>>(path: P, ...args: CallArgs<ApiOperation<P, 'get'>>) =>
    call('GET', path, undefined, args[0]) as Promise<ApiResponse<P, 'get'>>,
  post: <P extends ApiPath<'post'>>(
    path: P,
    body?: unknown,
    ...args: CallArgs<ApiOperation<P, 'post'>>
  ) => call('POST', path, body, args[0]) as Promise<ApiResponse<P, 'post'>>,
  put: <P extends ApiPath<'put'>>(
    path: P,
    body?: unknown,
    ...args: CallArgs<ApiOperation<P, 'put'>>
  ) => call('PUT', path, body, args[0]) as Promise<ApiResponse<P, 'put'>>,
  patch: <P extends ApiPath<'patch'>>(
    path: P,
    body?: unknown,
    ...args: CallArgs<ApiOperation<P, 'patch'>>
  ) => call('PATCH', path, body, args[0]) as Promise<ApiResponse<P, 'patch'>>,
  /** `body` is sent as JSON when given (DELETE /api/account takes the password). */
  delete: <P extends ApiPath<'delete'>>(
    path: P,
    body?: unknown,
    ...args: CallArgs<ApiOperation<P, 'delete'>>
  ) => call('DELETE', path, body, args[0]) as Promise<ApiResponse<P, 'delete'>>,
};

/**
 * What an error screen shows (docs/PRODUCT-RULES.md R69, R70): the server's message when the API
 * sent one, else the screen's fallback ('An error occurred', 'Error occurred. Try again', ...).
 */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
