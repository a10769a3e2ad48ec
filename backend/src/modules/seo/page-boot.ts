/**
 * The first data of a page, inlined in the HTML the server sends (docs/PERFORMANCE.md, "Slow
 * networks"): a `<script type="application/json" id="boot-data">` the app reads before its first
 * request, so a phone on a slow network shows slips as soon as the JavaScript has run, without
 * one more round trip per list. Pure: no framework, no I/O.
 */

/** The element id the frontend reads (frontend/src/api/boot-data.ts). */
export const BOOT_DATA_ID = 'boot-data';

/** What the app finds in the boot script. */
export interface BootDocument {
  /** The visitor's sale country by IP (KE, NG or UG). */
  country: string;
  /**
   * Visitors' answers of public API GETs, keyed by bootKey(url): `[key, JSON text]` pairs, each
   * the exact body the API sends a visitor for that URL (same mapper, same cache).
   */
  api: readonly (readonly [string, string])[];
}

/**
 * A URL's key in the boot document: path, then the query parameters sorted by name (the app
 * builds the same key from the URL it would request).
 */
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

const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON text safe between `<script>` and `</script>`: '<', '>' and '&' (which only occur inside
 * JSON strings) and the line separators U+2028/U+2029 written as \u escapes, so no string a
 * tipster controls (username, team names) can close the script (`</script>`) or open a comment
 * (`<!--`). The result parses to the same value.
 */
export const scriptSafeJson = (json: string): string =>
  json.replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]);

/** The boot `<script>` element for `doc` (its JSON built from the API's own bytes, then made script-safe). */
export const renderBootScript = (doc: BootDocument): string => {
  const api = doc.api.map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',');
  const json = `{"country":${JSON.stringify(doc.country)},"api":{${api}}}`;
  return `<script type="application/json" id="${BOOT_DATA_ID}">${scriptSafeJson(json)}</script>`;
};

/** `html` with `script` inserted just before </body> (appended when there is no body end tag). */
export const injectBootScript = (html: string, script: string): string => {
  const at = html.search(/<\/body>/i);
  return at < 0 ? `${html}${script}` : `${html.slice(0, at)}${script}\n  ${html.slice(at)}`;
};

/** The page's `p` (a positive integer), else 1; mirrors the app's pageParam (frontend/src/lib/search-params.ts). */
const pageOf = (params: URLSearchParams): number => {
  const page = Number(params.get('p'));
  return Number.isInteger(page) && page > 0 && page <= 1_000_000 ? page : 1;
};

/**
 * The public API GETs whose visitor answers page `pathname` (with `search`, e.g. '?p=2') shows
 * first, as the app requests them (frontend/src/api/slips.ts):
 * - `/`: top games, free tips and the Popular tab (12 active slips);
 * - `/active_tips` (optionally `?type=top` and `?p=`): that page of active slips.
 * Empty for every other page (the app then fetches as usual).
 */
export const bootApiUrls = (pathname: string, search: string): string[] => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return ['/api/home/top-games', '/api/slip/free', '/v2/api/slip/data/?home=1'];
  if (path === '/active_tips') {
    const params = new URLSearchParams(search);
    if (params.get('tips') === '1') return [];
    const query = new URLSearchParams();
    const page = pageOf(params);
    if (page > 1) query.set('p', String(page));
    if (params.get('type') === 'top') query.set('top', '1');
    const q = query.toString();
    return [`/v2/api/slip/data/${q ? `?${q}` : ''}`];
  }
  return [];
};
