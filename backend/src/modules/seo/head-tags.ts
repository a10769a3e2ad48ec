/**
 * Route-specific <head> tags in the HTML the server sends (docs/PRODUCT-RULES.md "Public web app", SEO): crawlers and link
 * previews (WhatsApp, Facebook, X, Telegram) read the first HTML response and do not run the
 * single-page app's JavaScript. Pure: no framework, no I/O.
 */

/** What one page tells search engines and link previews. All text is plain (escaped here). */
export interface PageHead {
  /** Full document title, e.g. 'Buy Tip #12 | TipsKE'. */
  title: string;
  description: string;
  /** Open Graph (https://ogp.me): only pages meant to be shared (blog posts, slips) carry it. */
  og?: {
    type: 'website' | 'article';
    /** Absolute URL of the page. */
    url: string;
    /** Absolute image URL, when the page has one. */
    image?: string | null;
    siteName: string;
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside an HTML text node or a double- or single-quoted attribute value. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** The <title>, meta description and Open Graph tags of `head`, every value escaped. */
export const renderHeadTags = (head: PageHead): string => {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
  ];
  if (head.og) {
    tags.push(
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
      meta('property', 'og:type', head.og.type),
      meta('property', 'og:url', head.og.url),
      meta('property', 'og:site_name', head.og.siteName),
    );
    if (head.og.image) tags.push(meta('property', 'og:image', head.og.image));
    tags.push(meta('name', 'twitter:card', head.og.image ? 'summary_large_image' : 'summary'));
  }
  return tags.join('\n    ');
};

/** index.html's own <title> and meta description, which a page's tags replace. */
const DEFAULT_TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DEFAULT_DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;

/**
 * `indexHtml` (the built frontend/dist/index.html) with its title and meta description replaced
 * by `head`'s tags, inserted just before </head> (or prepended when the document has no head).
 */
export const injectHead = (indexHtml: string, head: PageHead): string => {
  const tags = renderHeadTags(head);
  const stripped = indexHtml.replace(DEFAULT_TITLE, '').replace(DEFAULT_DESCRIPTION, '');
  const at = stripped.search(/<\/head>/i);
  return at < 0
    ? `${tags}\n${stripped}`
    : `${stripped.slice(0, at)}  ${tags}\n  ${stripped.slice(at)}`;
};

/** `text` cut to at most `max` characters on a word boundary, with '…' when cut (descriptions ~160). */
export const clip = (text: string, max = 160): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
};
