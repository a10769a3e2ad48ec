import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(120_000);

/** Inserts a post behind the blog service's back (so hostile text reaches the page as stored). */
const insertPost = async (
  t: TestContext,
  p: {
    title: string;
    slug: string;
    overview?: string;
    thumbnail?: string | null;
    published: boolean;
    content?: string;
  },
): Promise<void> => {
  await t.ds.query(
    `INSERT INTO post (title, slug, content, overview, thumbnail, author, published, date_created)
     VALUES ($1, $2, $3, $4, $5, 'Tips Desk', $6, now())`,
    [
      p.title,
      p.slug,
      p.content ?? '<p>Body text.</p>',
      p.overview ?? '',
      p.thumbnail ?? null,
      p.published,
    ],
  );
};

/** The content of `<meta property|name="key" content="...">` in `html` (entities left as sent), or undefined. */
const metaContent = (html: string, key: string): string | undefined =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(
    html,
  )?.[1];

/** Minimal well-formedness check: declaration, balanced elements, no stray '&' or '<' in text. */
const assertWellFormedXml = (xml: string): void => {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const stack: string[] = [];
  const body = xml.replace(/^<\?xml[^>]*\?>/, '');
  const re = /<(\/?)([a-zA-Z][\w:-]*)([^>]*?)(\/?)>|([^<]+)/g;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    if (m[5] !== undefined) {
      expect(m[5]).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
      continue;
    }
    if (m[4]) continue;
    if (m[1]) expect(stack.pop()).toBe(m[2]);
    else stack.push(m[2]);
  }
  expect(stack).toEqual([]);
};

describe('SEO: sitemap.xml, robots.txt and head tags of blog posts and slips', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, '2026-11-23T12:00:00+03:00', '2026-11-23');
    await importFixtures(t);
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  describe('GET /sitemap.xml', () => {
    let xml: string;
    let tipsterName: string;

    beforeAll(async () => {
      await insertPost(t, {
        title: 'Weekend Acca Guide',
        slug: 'weekend-acca-guide',
        published: true,
      });
      await insertPost(t, { title: 'Draft: Not Yet', slug: 'draft-not-yet', published: false });
      const games = (await tippableGames(t.ds, new Date('2026-04-22T12:00:00+03:00'), 40)).slice(
        -3,
      );
      const { user } = await createUser(t.ds, { role: 'tipster', username: 'sharp_ke' });
      tipsterName = user.username;
      await publishSlip(t, user.id, games, { marketId: 4 });
      const res = await t.request('GET', '/sitemap.xml');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      xml = res.text;
    });

    it('is well-formed sitemaps.org XML with a W3C lastmod on every url', () => {
      assertWellFormedXml(xml);
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const urls = xml.match(/<url>.*?<\/url>/g) ?? [];
      expect(urls.length).toBeGreaterThanOrEqual(12);
      for (const url of urls) {
        expect(url).toMatch(
          /<loc>http:\/\/localhost\/[^<]*<\/loc><lastmod>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z<\/lastmod>/,
        );
      }
    });

    it('lists the public pages, the four jackpot pages, published posts and tipster profiles', () => {
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toEqual(
        expect.arrayContaining([
          'http://localhost/',
          'http://localhost/active_tips',
          'http://localhost/top_tipsters',
          'http://localhost/jackpot/sportpesa-mega-jackpot',
          'http://localhost/jackpot/sportpesa-mid-week-jackpot',
          'http://localhost/jackpot/betika-mega-jackpot',
          'http://localhost/jackpot/betika-mid-week-jackpot',
          'http://localhost/blog/weekend-acca-guide',
          'http://localhost/jackpot-history',
          'http://localhost/how-ratings-work',
          'http://localhost/verify',
          'http://localhost/responsible-gambling',
          `http://localhost/profile/${tipsterName}`,
        ]),
      );
      expect(new Set(locs).size).toBe(locs.length);
    });

    it('leaves out unpublished posts', () => {
      expect(xml).not.toContain('draft-not-yet');
    });

    it('is served from the short cache: a post published after the first request waits for it', async () => {
      await insertPost(t, { title: 'Later', slug: 'published-later', published: true });
      const again = await t.request('GET', '/sitemap.xml');
      expect(again.text).toBe(xml);
    });
  });

  it('GET /robots.txt points crawlers to the sitemap and away from the back office and API', async () => {
    const res = await t.request('GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('Sitemap: http://localhost/sitemap.xml');
    expect(res.text).toMatch(/^Disallow: \/dashboard$/m);
    expect(res.text).toMatch(/^Disallow: \/api\/$/m);
  });

  describe('GET /blog/{slug}', () => {
    it('sends the app with the post title, description and Open Graph article tags', async () => {
      await insertPost(t, {
        title: 'How Accumulators Work',
        slug: 'how-accumulators-work',
        overview: 'What decimal odds mean for your stake.',
        thumbnail: '/media/blog/acca.jpg',
        published: true,
      });
      const res = await t.request('GET', '/blog/how-accumulators-work');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root">');
      expect(res.text.match(/<title>/g)).toHaveLength(1);
      expect(res.text).toContain('<title>How Accumulators Work | TipsKE</title>');
      expect(res.text.match(/<meta name="description"/g)).toHaveLength(1);
      expect(metaContent(res.text, 'description')).toBe('What decimal odds mean for your stake.');
      expect(metaContent(res.text, 'og:title')).toBe('How Accumulators Work | TipsKE');
      expect(metaContent(res.text, 'og:type')).toBe('article');
      expect(metaContent(res.text, 'og:url')).toBe('http://localhost/blog/how-accumulators-work');
      expect(metaContent(res.text, 'og:image')).toBe('http://localhost/media/blog/acca.jpg');
      // The head tags come before the body, where crawlers look for them.
      expect(res.text.indexOf('og:title')).toBeLessThan(res.text.indexOf('</head>'));
    });

    it('escapes stored text: no markup from a title or overview gets into the page', async () => {
      await insertPost(t, {
        title: '</title><script>alert(1)</script> Odds & "Ends"',
        slug: 'odds-and-ends',
        overview: `"><img src=x onerror=alert(2)> it's <b>bold</b>`,
        published: true,
      });
      const res = await t.request('GET', '/blog/odds-and-ends');
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('<script>alert(1)');
      expect(res.text).not.toContain('<img src=x');
      expect(res.text).toContain(
        '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; Odds &amp; &quot;Ends&quot; | TipsKE</title>',
      );
      expect(metaContent(res.text, 'og:description')).toBe(
        '&quot;&gt;&lt;img src=x onerror=alert(2)&gt; it&#39;s &lt;b&gt;bold&lt;/b&gt;',
      );
    });

    it('answers 404 with the plain app for an unknown or unpublished post, without its title', async () => {
      await insertPost(t, { title: 'Secret Draft Title', slug: 'secret-draft', published: false });
      for (const slug of ['secret-draft', 'no-such-post']) {
        const res = await t.request('GET', `/blog/${slug}`);
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.text).toContain('<div id="root">');
        expect(res.text).not.toContain('Secret Draft Title');
        expect(res.text).not.toContain('og:title');
      }
    });
  });

  describe('GET /buy_tip/{slipId}', () => {
    it('previews the slip by tipster, games, total odds and price, never the picks', async () => {
      const games = (await tippableGames(t.ds, new Date('2026-04-22T12:00:00+03:00'), 40)).slice(
        -4,
      );
      const { user } = await createUser(t.ds, { role: 'tipster', username: 'odds_queen' });
      const slip = await publishSlip(t, user.id, games, { marketId: 4, amount: 1000 });
      const [{ accumulator }]: { accumulator: string }[] = await t.ds.query(
        `SELECT accumulator::text AS accumulator FROM slip WHERE id = $1`,
        [slip.id],
      );

      const res = await t.request('GET', `/buy_tip/${slip.id}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<title>Buy Tip #${slip.id} | TipsKE</title>`);
      const description = metaContent(res.text, 'og:description');
      expect(description).toBe(
        `4-game accumulator by odds_queen: total odds ${accumulator}, price Ksh. 1,000.00. Pay with M-Pesa and get the picks by SMS.`,
      );
      expect(metaContent(res.text, 'description')).toBe(description);
      expect(metaContent(res.text, 'og:type')).toBe('website');
      expect(metaContent(res.text, 'og:url')).toBe(`http://localhost/buy_tip/${slip.id}`);
      expect(metaContent(res.text, 'og:image')).toBeUndefined();
      // No team of any leg (the picks are what the buyer pays for).
      for (const game of games) {
        for (const team of game.name.split(' v ')) expect(res.text).not.toContain(team);
      }
    });

    it('answers 404 with the plain app for an unknown or malformed slip id', async () => {
      for (const id of ['999999', 'abc', '1%27%20OR%201=1']) {
        const res = await t.request('GET', `/buy_tip/${id}`);
        expect(res.status).toBe(404);
        expect(res.text).toContain('<div id="root">');
        expect(res.text).not.toContain('og:title');
      }
    });
  });

  it('compresses answers when the client accepts it', async () => {
    const plain = await t.request('GET', '/sitemap.xml');
    const gz = await t.request('GET', '/sitemap.xml', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});
