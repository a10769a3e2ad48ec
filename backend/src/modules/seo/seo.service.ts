import { Inject, Injectable } from '@nestjs/common';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { AppConfig, REPO_ROOT } from '../../config/app-config';
import { CLOCK, type Clock, freshAt } from '../../common/clock/clock';
import { Money } from '../../common/money/money';
import { AccountService } from '../account/account.service';
import { BlogService } from '../blog/blog.service';
import { SlipPreviewsRepository } from '../slip/slip-previews.repository';
import { JACKPOT_COMPANIES, JACKPOT_TYPES, jackpotSlug } from '../jackpot/domain/jackpot-slug';
import { clip, injectHead, PageHead } from './head-tags';
import { renderRobots, renderSitemap, SitemapEntry } from './sitemap';

/** Brand used in titles; the same as the frontend's SITE.brand (frontend/src/lib/site.ts). */
export const SITE_BRAND = 'TipsKE';

/** How long a generated sitemap is reused (ms) and how long clients may cache it (s). */
export const SITEMAP_TTL_MS = 5 * 60_000;

/** At most this many tipster profiles in the sitemap (the busiest ones first). */
export const SITEMAP_MAX_TIPSTERS = 5000;

/**
 * Public list pages of docs/PRODUCT-RULES.md R95 that are worth indexing (no forms needing a login
 * or an id).
 */
export const SITEMAP_STATIC_PATHS: {
  path: string;
  changefreq: SitemapEntry['changefreq'];
  priority: number;
}[] = [
  { path: '/', changefreq: 'hourly', priority: 1 },
  { path: '/active_tips', changefreq: 'hourly', priority: 0.9 },
  { path: '/finished_tips', changefreq: 'daily', priority: 0.6 },
  { path: '/top_tipsters', changefreq: 'daily', priority: 0.7 },
  { path: '/jackpot', changefreq: 'daily', priority: 0.8 },
  { path: '/subscriptions', changefreq: 'weekly', priority: 0.5 },
  { path: '/jackpot-history', changefreq: 'weekly', priority: 0.5 },
  { path: '/how-ratings-work', changefreq: 'monthly', priority: 0.4 },
  { path: '/verify', changefreq: 'monthly', priority: 0.3 },
  { path: '/responsible-gambling', changefreq: 'monthly', priority: 0.4 },
];

/**
 * The four jackpot pages of docs/PRODUCT-RULES.md R102: /jackpot/{company}-mega-jackpot and
 * /jackpot/{company}-mid-week-jackpot.
 */
export const JACKPOT_PATHS: string[] = JACKPOT_COMPANIES.flatMap((c) =>
  JACKPOT_TYPES.map((t) => `/jackpot/${jackpotSlug(c, t)}`),
);

/** Shell sent when no frontend is built (API-only runs, tests): the head tags still reach crawlers. */
const FALLBACK_INDEX =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

/** 'Ksh. 1,500.00' from a numeric(12,2) string, without float arithmetic. */
const formatKsh = (decimal: string): string => {
  const [units, cents] = Money.parse(decimal).toDecimal().split('.');
  return `Ksh. ${units.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};

/**
 * Server-side SEO (docs/PRODUCT-RULES.md "Public web app"): the index.html of blog posts and slips
 * with their own title, description and Open Graph tags (crawlers do not run the app's JavaScript),
 * sitemap.xml and robots.txt. Reads published posts, slips and tipsters through their owners
 * (blog's BlogService, slip's SlipPreviewsRepository, account's AccountService;
 * docs/ARCHITECTURE.md "Table ownership").
 */
@Injectable()
export class SeoService {
  private indexHtml: string | null = null;
  private sitemapCache: { xml: string; expires: number } | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly blog: BlogService,
    private readonly slips: SlipPreviewsRepository,
    private readonly accounts: AccountService,
    @Inject(CLOCK) private readonly clock: Clock,
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
    return /^https?:\/\//i.test(pathOrUrl)
      ? pathOrUrl
      : `${this.config.publicUrl.replace(/\/+$/, '')}${pathOrUrl}`;
  }

  /**
   * index.html for /blog/{slug} with the post's title, overview (or the start of its text) and
   * Open Graph tags (type article, thumbnail as image); null when no published post has `slug`.
   */
  async blogPostPage(slug: string): Promise<string | null> {
    const post = await this.blog.findPublishedBySlug(slug);
    if (!post) return null;
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
    const slip = await this.slips.preview(Number(slipId));
    if (!slip) return null;
    const [tipster] = await this.accounts.findSummaries([slip.userId]);
    if (!tipster) return null;
    const head: PageHead = {
      title: `Buy Tip #${slip.id} | ${SITE_BRAND}`,
      description:
        `${slip.games}-game accumulator by ${tipster.username}: total odds ${slip.accumulator}, price ${formatKsh(slip.priceKsh)}. ` +
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
  async sitemap(now: Date = this.clock.now()): Promise<string> {
    if (this.sitemapCache && freshAt(now.getTime(), this.sitemapCache.expires, SITEMAP_TTL_MS))
      return this.sitemapCache.xml;
    const [posts, activity, newest] = await Promise.all([
      this.blog.publishedSlugs(),
      this.slips.tipsterActivity(),
      this.slips.newestAt(),
    ]);
    const names = await this.accounts.activeUsernames(activity.map((a) => a.userId));
    // The busiest tipsters (most slips; ties by username), banned accounts left out.
    const tipsters = activity
      .flatMap((a) => {
        const username = names.get(a.userId);
        return username === undefined ? [] : [{ username, slips: a.slips, last: a.last }];
      })
      .sort(
        (a, b) =>
          b.slips - a.slips || (a.username < b.username ? -1 : a.username > b.username ? 1 : 0),
      )
      .slice(0, SITEMAP_MAX_TIPSTERS);
    const listsChanged = newest ?? now;
    const entries: SitemapEntry[] = [
      ...SITEMAP_STATIC_PATHS.map((p) => ({ ...p, lastmod: listsChanged })),
      ...JACKPOT_PATHS.map((path) => ({
        path,
        lastmod: listsChanged,
        changefreq: 'daily' as const,
        priority: 0.8,
      })),
      ...posts.map((p) => ({
        path: `/blog/${p.slug}`,
        lastmod: p.updatedAt,
        changefreq: 'weekly' as const,
        priority: 0.6,
      })),
      ...tipsters.map((t) => ({
        path: `/profile/${t.username}`,
        lastmod: t.last,
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
