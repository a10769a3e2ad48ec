import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * docs/PRODUCT-RULES.md "Public web app", SEO: per-route titles and descriptions, Open Graph in the HTML the server sends for
 * blog posts and slips (crawlers and link previews do not run JavaScript), sitemap.xml and
 * robots.txt. Runs against the seeded app (blog posts, open slips, four jackpots).
 */

const getJson = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
};

/** The content attribute of `<meta name|property="key">` in server HTML (as sent, entities kept). */
const metaIn = (html: string, key: string): string | undefined =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(
    html,
  )?.[1];

const JACKPOT_PAGES = [
  '/jackpot/sportpesa-mega-jackpot',
  '/jackpot/sportpesa-mid-week-jackpot',
  '/jackpot/betika-mega-jackpot',
  '/jackpot/betika-mid-week-jackpot',
];

test('sitemap.xml lists the public pages, the four jackpot pages and every published blog post', async ({
  request,
  baseURL,
}) => {
  const posts = await getJson<{ count: number; results: { slug: string }[] }>(
    request,
    '/v2/api/manage/post/',
  );
  expect(posts.results.length, 'the seed has blog posts').toBeGreaterThan(0);
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await response.text();
  expect(xml).toMatch(
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
  );
  const locs = [
    ...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/g),
  ].map((m) => new URL(m[1]).pathname);
  expect(locs.length).toBe((xml.match(/<url>/g) ?? []).length);
  expect(locs).toEqual(
    expect.arrayContaining([
      '/',
      '/active_tips',
      '/top_tipsters',
      ...JACKPOT_PAGES,
      ...posts.results.map((p) => `/blog/${p.slug}`),
    ]),
  );
  expect(new URL(xml.match(/<loc>([^<]+)<\/loc>/)![1]).origin).toBe(new URL(baseURL!).origin);

  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain(`Sitemap: ${new URL(baseURL!).origin}/sitemap.xml`);
});

test('a blog post is sent with its title, description and Open Graph tags, and the app keeps one of each', async ({
  page,
  request,
}) => {
  const posts = await getJson<{ results: { slug: string; title: string; overview: string }[] }>(
    request,
    '/v2/api/manage/post/',
  );
  const post = posts.results[0];
  const html = await (await request.get(`/blog/${post.slug}`)).text();
  expect(html).toContain('<div id="root">');
  expect(metaIn(html, 'og:type')).toBe('article');
  expect(metaIn(html, 'og:url')).toMatch(new RegExp(`/blog/${post.slug}$`));
  expect(html).toMatch(/<title>[^<]+ \| TipsKE<\/title>/);
  expect(metaIn(html, 'og:title')).toBeTruthy();
  expect(metaIn(html, 'description')).toBeTruthy();

  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page).toHaveTitle(`${post.title} | TipsKE`);
  await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `${post.title} | TipsKE`,
  );
});

test('a slip link preview names the tipster, games, total odds and price, and no game', async ({
  request,
}) => {
  const page1 = await getJson<{
    results: {
      id: number;
      accumulator: string;
      user: { username: string };
      tips: { home_team: string; away_team: string }[];
    }[];
  }>(request, '/v2/api/slip/data/');
  const slip = page1.results[0];
  expect(slip, 'the seed has open slips').toBeTruthy();
  const html = await (await request.get(`/buy_tip/${slip.id}`)).text();
  expect(html).toContain(`<title>Buy Tip #${slip.id} | TipsKE</title>`);
  const description = metaIn(html, 'og:description') ?? '';
  expect(description).toContain(`${slip.tips.length}-game accumulator by ${slip.user.username}`);
  expect(description).toContain(`total odds ${slip.accumulator}`);
  expect(description).toMatch(/price Ksh\. [\d,]+\.\d\d/);
  for (const tip of slip.tips) {
    expect(html).not.toContain(tip.home_team);
    expect(html).not.toContain(tip.away_team);
  }
});

const ROUTES = [
  '/',
  '/active_tips',
  '/finished_tips',
  '/top_tipsters',
  '/jackpot',
  JACKPOT_PAGES[0],
  '/subscriptions',
  '/find_tip',
];

test('every public page has its own title and a meta description', async ({ page }) => {
  const titles = new Map<string, string>();
  for (const path of ROUTES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.title(), { message: `${path} sets its title` }).toMatch(/TipsKE/);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0, `${path} has a meta description`).toBeGreaterThan(30);
    titles.set(path, title);
  }
  // The route titles differ (the jackpot page of one company is not the jackpot list).
  expect(new Set(titles.values()).size, JSON.stringify(Object.fromEntries(titles), null, 1)).toBe(
    ROUTES.length,
  );
});
