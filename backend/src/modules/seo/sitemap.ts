/**
 * sitemap.xml rendering (sitemaps.org protocol 0.9; docs/PRODUCT-RULES.md "Public web app", SEO). Pure: no framework, no I/O.
 */

/** One <url> of the sitemap. */
export interface SitemapEntry {
  /** Site path starting with '/', e.g. '/blog/how-accumulators-work'. */
  path: string;
  /** Last change; written as a W3C date-time in UTC. */
  lastmod: Date;
  changefreq?: 'hourly' | 'daily' | 'weekly' | 'monthly';
  /** 0.0-1.0. */
  priority?: number;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe inside XML character data and attribute values. */
export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/**
 * The sitemap document for `entries` under `baseUrl` (PUBLIC_URL, no trailing slash needed).
 * Each path segment is percent-encoded (encodeURIComponent), then XML-escaped; duplicate paths are kept once.
 */
export const renderSitemap = (baseUrl: string, entries: SitemapEntry[]): string => {
  const base = baseUrl.replace(/\/+$/, '');
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const e of entries) {
    if (seen.has(e.path)) continue;
    seen.add(e.path);
    const parts = [
      `<loc>${escapeXml(base + e.path.split('/').map(encodeURIComponent).join('/'))}</loc>`,
      `<lastmod>${e.lastmod.toISOString().replace(/\.\d{3}Z$/, 'Z')}</lastmod>`,
    ];
    if (e.changefreq) parts.push(`<changefreq>${e.changefreq}</changefreq>`);
    if (e.priority !== undefined) parts.push(`<priority>${e.priority.toFixed(1)}</priority>`);
    urls.push(`  <url>${parts.join('')}</url>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
};

/** robots.txt: everything public may be crawled except the back office and the API; points to the sitemap. */
export const renderRobots = (baseUrl: string): string =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /api/',
    'Disallow: /v2/',
    'Disallow: /admin',
    'Disallow: /sandbox',
    '',
    `Sitemap: ${baseUrl.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
