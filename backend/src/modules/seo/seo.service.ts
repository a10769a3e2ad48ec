import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { DataSource } from 'typeorm';
import { AppConfig, REPO_ROOT } from '../../config/app-config';
import { Money } from '../../common/money/money';
import { JACKPOT_COMPANIES, JACKPOT_TYPES, jackpotSlug } from '../jackpot/domain/jackpot-slug';
import { clip, injectHead, PageHead } from './head-tags';
import { renderRobots, renderSitemap, SitemapEntry } from './sitemap';

/** Brand used in titles; the same as the frontend's SITE.brand (frontend/src/lib/site.ts). */
export const SITE_BRAND = 'TipsKE';

/** How long a generated sitemap is reused (ms) and how long clients may cache it (s). */
export const SITEMAP_TTL_MS = 5 * 60_000;

/** At most this many tipster profiles in the sitemap (the busiest ones first). */
export const SITEMAP_MAX_TIPSTERS = 5000;

/** Public list pages of spec §2 that are worth indexing (no forms needing a login or an id). */
export const SITEMAP_STATIC_PATHS: { path: string; changefreq: SitemapEntry['changefreq']; priority: number }[] = [
  { path: '/', changefreq: 'hourly', priority: 1 },
  { path: '/active_tips', changefreq: 'hourly', priority: 0.9 },
  { path: '/finished_tips', changefreq: 'daily', priority: 0.6 },
  { path: '/top_tipsters', changefreq: 'daily', priority: 0.7 },
  { path: '/jackpot', changefreq: 'daily', priority: 0.8 },
  { path: '/subscriptions', changefreq: 'weekly', priority: 0.5 },
];

/** The four jackpot pages of spec §2: /jackpot/{company}-mega-jackpot and /jackpot/{company}-mid-week-jackpot. */
export const JACKPOT_PATHS: string[] = JACKPOT_COMPANIES.flatMap((c) => JACKPOT_TYPES.map((t) => `/jackpot/${jackpotSlug(c, t)}`));

/** Shell sent when no frontend is built (API-only runs, tests): the head tags still reach crawlers. */
const FALLBACK_INDEX = '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

/** What the slip's link preview may say: never the picks (spec §1: picks are what the buyer pays for). */
interface SlipPreviewRow {
  id: number;
  username: string;
  games: number;
  accumulator: string;
  price_ksh: string;
}

/** 'Ksh. 1,500.00' from a numeric(12,2) string, without float arithmetic. */
const formatKsh = (decimal: string): string => {
  const [units, cents] = Money.parse(decimal).toDecimal().split('.');
  return `Ksh. ${units.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};

/**
 * Server-side SEO (docs/PRODUCT-RULES.md "Public web app"): the index.html of blog posts and slips with their own title,
 * description and Open Graph tags (crawlers do not run the app's JavaScript), sitemap.xml and
 * robots.txt. Reads published posts, slips and tipsters straight from their tables.
 */
@Injectable()
export class SeoService {
  private indexHtml: string | null = null;
  private sitemapCache: { xml: string; expires: number } | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** The built frontend/dist/index.html (read once), or a bare shell when the frontend is not built. */
  spaIndex(): string {
    if (this.indexHtml === null) {
      const file = join(REPO_ROOT, 'frontend', 'dist', 'index.html');
      this.indexHtml = existsSync(file) ? readFileSync(file, 'utf8') : FALLBACK_INDEX;
    }
    return this.indexHtml;
  }

  /** Absolute URL of a site path or a site-relative image; absolute URLs are kept. */
  absoluteUrl(pathOrUrl: string): string {
    return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${this.config.publicUrl.replace(/\/+$/, '')}${pathOrUrl}`;
  }

  /**
   * index.html for /blog/{slug} with the post's title, overview (or the start of its text) and
   * Open Graph tags (type article, thumbnail as image); null when no published post has `slug`.
   */
  async blogPostPage(slug: string): Promise<string | null> {
    const rows: { title: string; overview: string; content: string; thumbnail: string | null }[] = await this.ds.query(
      `SELECT title, overview, content, thumbnail FROM post WHERE slug = $1 AND published LIMIT 1`,
      [slug],
    );
    if (!rows.length) return null;
    const post = rows[0];
    const text = post.overview || post.content.replace(/<[^>]*>/g, ' ');
    return injectHead(this.spaIndex(), {
      title: `${post.title} | ${SITE_BRAND}`,
      description: clip(text),
      og: {
        type: 'article',
        url: this.absoluteUrl(`/blog/${encodeURIComponent(slug)}`),
        image: post.thumbnail ? this.absoluteUrl(post.thumbnail) : null,
        siteName: SITE_BRAND,
      },
    });
  }

  /**
   * index.html for /buy_tip/{slipId}: the link preview names the tipster, the number of games,
   * the total odds and the price (Ksh), never a pick. Null when `slipId` is not a slip's id.
   */
  async slipPage(slipId: string): Promise<string | null> {
    if (!/^\d{1,9}$/.test(slipId)) return null;
    const rows: SlipPreviewRow[] = await this.ds.query(
      `SELECT s.id, u.username, s.accumulator::text AS accumulator, s.price_ksh::text AS price_ksh,
              (SELECT count(*)::int FROM tip t WHERE t.slip_id = s.id) AS games
         FROM slip s JOIN app_user u ON u.id = s.user_id
        WHERE s.id = $1`,
      [Number(slipId)],
    );
    if (!rows.length) return null;
    const slip = rows[0];
    const head: PageHead = {
      title: `Buy Tip #${slip.id} | ${SITE_BRAND}`,
      description:
        `${slip.games}-game accumulator by ${slip.username}: total odds ${slip.accumulator}, price ${formatKsh(slip.price_ksh)}. ` +
        'Pay with M-Pesa and get the picks by SMS.',
      og: { type: 'website', url: this.absoluteUrl(`/buy_tip/${slip.id}`), siteName: SITE_BRAND },
    };
    return injectHead(this.spaIndex(), head);
  }

  /**
   * sitemap.xml: the public list pages, the four jackpot pages, every published blog post
   * (lastmod = last edit) and the profiles of tipsters who published slips (lastmod = newest
   * slip). Generated at most once per SITEMAP_TTL_MS per process.
   */
  async sitemap(now = new Date()): Promise<string> {
    if (this.sitemapCache && this.sitemapCache.expires > now.getTime()) return this.sitemapCache.xml;
    const [posts, tipsters, newest]: [
      { slug: string; updated_at: Date }[],
      { username: string; last: Date }[],
      { last: Date | null }[],
    ] = await Promise.all([
      this.ds.query(`SELECT slug, updated_at FROM post WHERE published ORDER BY date_created DESC, id DESC`),
      this.ds.query(
        `SELECT u.username, max(s.date_created) AS last
           FROM slip s JOIN app_user u ON u.id = s.user_id
          WHERE u.banned_at IS NULL
          GROUP BY u.username ORDER BY count(*) DESC, u.username LIMIT $1`,
        [SITEMAP_MAX_TIPSTERS],
      ),
      this.ds.query(`SELECT max(date_created) AS last FROM slip`),
    ]);
    const listsChanged = newest[0]?.last ? new Date(newest[0].last) : now;
    const entries: SitemapEntry[] = [
      ...SITEMAP_STATIC_PATHS.map((p) => ({ ...p, lastmod: listsChanged })),
      ...JACKPOT_PATHS.map((path) => ({ path, lastmod: listsChanged, changefreq: 'daily' as const, priority: 0.8 })),
      ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: new Date(p.updated_at), changefreq: 'weekly' as const, priority: 0.6 })),
      ...tipsters.map((t) => ({
        path: `/profile/${t.username}`,
        lastmod: new Date(t.last),
        changefreq: 'daily' as const,
        priority: 0.5,
      })),
    ];
    const xml = renderSitemap(this.config.publicUrl, entries);
    this.sitemapCache = { xml, expires: now.getTime() + SITEMAP_TTL_MS };
    return xml;
  }

  /** robots.txt pointing to the sitemap. */
  robots(): string {
    return renderRobots(this.config.publicUrl);
  }
}
