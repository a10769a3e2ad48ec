import { FALLBACK_SLUG, MAX_SLUG_BASE_LENGTH } from '../blog.constants';

/** Letters NFKD does not decompose into ASCII, and what they read as in a URL. */
const LETTER_MAP: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ł: 'l',
  Ł: 'l',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŋ: 'ng',
  Ŋ: 'ng',
};

/**
 * The URL slug of a blog post title (docs/PRODUCT-RULES.md R106): transliterated to ASCII (accents
 * dropped, ß → ss, æ → ae, ...), '&' read as 'and', apostrophes dropped, lower-cased, every other
 * run of characters turned into one dash, no dash at either end, at most MAX_SLUG_BASE_LENGTH
 * characters (cut at a dash when possible). A title with nothing usable gives 'post'.
 * Example: "Punter's Guide: Odds & Accumulators in Kenya!" → 'punters-guide-odds-and-accumulators-in-kenya'.
 */
export const slugify = (title: string): string => {
  const ascii = title
    .replace(/[^\u0000-\u007f]/g, (ch) => LETTER_MAP[ch] ?? ch)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!ascii) return FALLBACK_SLUG;
  if (ascii.length <= MAX_SLUG_BASE_LENGTH) return ascii;
  const cut = ascii.slice(0, MAX_SLUG_BASE_LENGTH);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash >= MAX_SLUG_BASE_LENGTH / 2 ? cut.slice(0, lastDash) : cut).replace(/-+$/, '');
};

/**
 * `base` itself when no post holds it, else the first free of `base-2`, `base-3`, ...
 * `taken` holds the slugs already in use (the caller loads those equal to `base` or `base-<n>`).
 * Example: uniqueSlug('reading-odds', ['reading-odds', 'reading-odds-2']) = 'reading-odds-3'.
 */
export const uniqueSlug = (base: string, taken: Iterable<string>): string => {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
};
