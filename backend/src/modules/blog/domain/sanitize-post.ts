import sanitizeHtml from 'sanitize-html';

/** Text-level and block elements a post body may use. */
const TEXT_TAGS = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'blockquote',
  'pre',
  'code',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'abbr',
  'cite',
  'q',
  'figure',
  'figcaption',
];
const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const LIST_TAGS = ['ul', 'ol', 'li', 'dl', 'dt', 'dd'];
const TABLE_TAGS = [
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

/** Allowed elements: text, heading, list, link, image and table elements (docs/PRODUCT-RULES.md "Back office"), nothing else. */
export const POST_ALLOWED_TAGS: readonly string[] = [
  ...TEXT_TAGS,
  ...HEADING_TAGS,
  ...LIST_TAGS,
  'a',
  'img',
  ...TABLE_TAGS,
];

/** Link rel forced on every link: no window.opener, no referrer, no SEO vote for outside sites. */
export const POST_LINK_REL = 'nofollow noopener noreferrer';

/**
 * sanitize-html options for post content. No script, style, iframe, object, form or svg; no
 * on* handlers, style or class attributes; links only http(s), mailto, tel or site-relative;
 * images only https or site-relative (no data:, no protocol-relative //host URLs).
 */
const POST_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...POST_ALLOWED_TAGS],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    abbr: ['title'],
    q: ['cite'],
    blockquote: ['cite'],
    ol: ['start', 'reversed', 'type'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text inside these is dropped with the tag (sanitize-html keeps text of other discarded tags).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'head',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs, rel: POST_LINK_REL };
      if (out.target && out.target !== '_blank') delete out.target;
      return { tagName, attribs: out };
    },
  },
  // An <img> whose src was removed (javascript:, data:, http:) shows nothing: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Removes NUL characters (PostgreSQL text cannot hold them). */
const stripNul = (value: string): string => value.replace(/\u0000/g, '');

/**
 * Sanitises the HTML body of a blog post on write (docs/PRODUCT-RULES.md "Back office"): keeps the allowlisted text,
 * heading, list, link, image and table elements and their harmless attributes; removes
 * everything else (scripts and styles with their content, iframes, event handlers, style
 * attributes, javascript:/data:/vbscript: URLs, NUL characters). Idempotent: sanitising twice changes nothing.
 */
export const sanitizePostHtml = (html: string): string =>
  sanitizeHtml(stripNul(html), POST_HTML_OPTIONS).trim();

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * A plain-text field (title, overview, author): markup and NUL characters removed, whitespace
 * collapsed, trimmed.
 * The result is text, not HTML (clients render it escaped), so entities the stripper produced
 * are decoded back: 'Odds &amp; Ends' → 'Odds & Ends'.
 */
export const toPlainText = (value: string): string =>
  sanitizeHtml(stripNul(value), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: POST_HTML_OPTIONS.nonTextTags,
  })
    .replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e])
    .replace(/\s+/g, ' ')
    .trim();

/**
 * True for a thumbnail URL a page may load: an absolute https URL, or a site-relative path
 * ('/media/x.jpg', not '//host/x.jpg'). No javascript:, data:, http: or control characters.
 */
export const isSafeImageUrl = (url: string): boolean => {
  if (!url || /[\u0000-\u001f\u007f\\\s]/.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && !!parsed.hostname;
  } catch {
    return false;
  }
};
