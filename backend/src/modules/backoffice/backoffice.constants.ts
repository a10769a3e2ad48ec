/** Most rows one list request may ask for (`range=[0,499]`); a wider range → 400. */
export const MAX_LIST_RANGE = 500;
/** Range used when a request sends none (react-admin's getMany sends only `filter={"id":[...]}`). */
export const DEFAULT_LIST_RANGE: readonly [number, number] = [0, MAX_LIST_RANGE - 1];
/** Largest `start` of a range (OFFSET); deeper pages are not a back-office use. */
export const MAX_LIST_START = 10_000_000;
/** Most values in one `in` filter (`{"id":[...]}`). */
export const MAX_IN_VALUES = 1000;
/** Most words in a `q` search, and the longest text filter value. */
export const MAX_SEARCH_TERMS = 10;
export const MAX_FILTER_TEXT_LENGTH = 500;
/** Injection token of the list of resource definitions (backoffice.module.ts). */
export const BACKOFFICE_RESOURCES = 'BACKOFFICE_RESOURCES';
