import { clip, escapeHtml, injectHead } from './head-tags';
import { renderSitemap } from './sitemap';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Default description."
    />
    <title>TipsKE - Football Tips Marketplace</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('head tags (SEO)', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it("replaces index.html's title and multi-line description, keeping the rest", () => {
    const html = injectHead(INDEX, {
      title: 'Post | TipsKE',
      description: 'About "odds"',
      og: {
        type: 'article',
        url: 'https://tips.example/blog/post',
        image: 'https://tips.example/a.jpg',
        siteName: 'TipsKE',
      },
    });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('Default description.');
    expect(html).toContain('<meta name="description" content="About &quot;odds&quot;" />');
    expect(html).toContain('<meta property="og:image" content="https://tips.example/a.jpg" />');
    expect(html).toContain('<meta charset="UTF-8" />');
    expect(html.indexOf('og:type')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div>');
  });

  it('leaves out og:image when the page has none, and all Open Graph without og', () => {
    const withOg = injectHead(INDEX, {
      title: 'T',
      description: 'D',
      og: { type: 'website', url: 'u', siteName: 'S' },
    });
    expect(withOg).not.toContain('og:image');
    expect(withOg).toContain('name="twitter:card" content="summary"');
    expect(injectHead(INDEX, { title: 'T', description: 'D' })).not.toContain('og:');
  });

  it('clips a description on a word boundary with an ellipsis', () => {
    expect(clip('a  b\nc')).toBe('a b c');
    const long = clip('word '.repeat(60), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith('word…')).toBe(true);
  });
});

describe('sitemap rendering', () => {
  it('percent-encodes path segments, escapes XML, drops duplicates, writes W3C dates', () => {
    const xml = renderSitemap('https://tips.example/', [
      { path: '/profile/a&b', lastmod: new Date('2026-11-23T09:00:00.123Z') },
      { path: '/profile/a&b', lastmod: new Date('2026-11-24T09:00:00Z') },
      { path: '/', lastmod: new Date('2026-11-23T09:00:00Z'), changefreq: 'hourly', priority: 1 },
    ]);
    expect(xml).toContain(
      '<loc>https://tips.example/profile/a%26b</loc><lastmod>2026-11-23T09:00:00Z</lastmod>',
    );
    expect(xml).toContain(
      '<loc>https://tips.example/</loc><lastmod>2026-11-23T09:00:00Z</lastmod><changefreq>hourly</changefreq><priority>1.0</priority>',
    );
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });
});
