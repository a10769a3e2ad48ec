import { withQuery, type ApiPath, type ApiResponse, type QueryParams } from './client';

/**
 * The page's first data, inlined by the server in the HTML it sends (docs/PERFORMANCE.md, "Slow
 * networks"): `<script type="application/json" id="boot-data">` with
 * `{ country, api: { [url]: body } }`, where each body is exactly what the API answers a visitor
 * for that GET (backend src/modules/seo/page-boot.ts). On a slow network the lists then render
 * as soon as the app runs, without waiting for one more round trip each.
 */

/** The element the server writes (backend BOOT_DATA_ID). */
export const BOOT_DATA_ID = 'boot-data';

interface BootDocument {
  country?: unknown;
  api?: Record<string, unknown>;
}

let boot: BootDocument | null | undefined;

const bootDocument = (): BootDocument | null => {
  if (boot === undefined) {
    try {
      const text =
        typeof document === 'undefined' ? null : document.getElementById(BOOT_DATA_ID)?.textContent;
      const parsed: unknown = text ? JSON.parse(text) : null;
      boot = parsed && typeof parsed === 'object' ? (parsed as BootDocument) : null;
    } catch {
      boot = null;
    }
  }
  return boot;
};

/** Forgets what was read (tests put a new boot script in the document). */
export const resetBootData = (): void => {
  boot = undefined;
};

/** A URL's key in the boot document: path, then the query parameters sorted by name (backend bootKey). */
export const bootKey = (url: string): string => {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = [...new URLSearchParams(url.slice(at + 1))].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return params.length
    ? `${url.slice(0, at)}?${new URLSearchParams(params).toString()}`
    : url.slice(0, at);
};

/**
 * The inlined answer to GET `path` with `query`, once: it is removed when taken, so a query
 * built again later (after its cache entry was dropped) fetches instead of showing old data.
 */
export const takeBootResponse = <T>(path: string, query?: QueryParams): T | undefined => {
  const api = bootDocument()?.api;
  const key = bootKey(withQuery(path, query));
  if (!api || !Object.prototype.hasOwnProperty.call(api, key)) return undefined;
  const body = api[key] as T;
  delete api[key];
  return body;
};

/**
 * TanStack Query options seeding a public GET's query with its inlined answer: shown at once,
 * and marked as fetched at time 0, so it is stale and refetched as soon as the page mounts
 * (the HTML may have come from the browser's cache; the lists change with every sale).
 */
export const bootInitialData = <P extends ApiPath<'get'>>(path: P, query?: QueryParams) => ({
  initialData: () => takeBootResponse<ApiResponse<P>>(path, query),
  initialDataUpdatedAt: 0,
});

/** The visitor's country by IP as the server saw it (a two-letter code), when the HTML carries it. */
export const bootCountry = (): string | undefined => {
  const country = bootDocument()?.country;
  return typeof country === 'string' ? country : undefined;
};
