/** Longest slug base taken from a title (cut at a word boundary); suffixes like -2 come on top. */
export const MAX_SLUG_BASE_LENGTH = 80;
/** Slug used when a title has no letter or digit that transliterates to a-z/0-9. */
export const FALLBACK_SLUG = 'post';
/** Posts per page of the public list without ?slug (GET /v2/api/manage/post/?page=N). */
export const BLOG_PAGE_SIZE = 10;
/** Field limits (characters). */
export const MAX_TITLE_LENGTH = 200;
export const MAX_OVERVIEW_LENGTH = 1000;
export const MAX_AUTHOR_LENGTH = 100;
export const MAX_CONTENT_LENGTH = 200_000;
export const MAX_URL_LENGTH = 2000;
