import { getToken } from '../lib/auth';

/** A non-2xx answer of the API. `body` is the parsed JSON error (`{ message, ...fields }`) or text. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: unknown,
    /** The server's `message` (or `error`, spec §7 slip create) when it sent one. */
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

const withQuery = (path: string, query: QueryParams | undefined): string => {
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
 * Calls the API at `path` (same origin, e.g. '/api/slip/markets') and resolves with the parsed
 * JSON answer typed as T (undefined for an empty answer). Sends the `token` cookie as
 * `Authorization: Bearer` (spec §6). Throws ApiError on a non-2xx status; network failures reject
 * with the fetch TypeError.
 */
export const apiRequest = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
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
 * What an error screen shows (spec §8): the server's message when the API sent one, else the
 * screen's fallback ('An error occurred', 'Error occurred. Try again', ...).
 */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
