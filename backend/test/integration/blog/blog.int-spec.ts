import { BlogService } from '../../../src/modules/blog/blog.service';
import { Post } from '../../../src/modules/blog/entities/post.entity';
import { createUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { postBody } from '../backoffice/backoffice-helpers';

/** XSS payloads: each must come back without an executable part. */
const XSS = [
  '<p>before</p><script>alert(document.cookie)</script><p>after</p>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)" onclick="alert(2)">click</a>',
  '<p style="background:url(javascript:alert(1))">styled</p><style>p{}</style>',
  '<iframe src="https://evil.example/"></iframe>',
  '<img src="data:image/svg+xml;base64,PHN2Zy8+">',
  '<svg><script>alert(1)</script></svg><math><a xlink:href="javascript:alert(1)">m</a></math>',
  '<div onmouseover="alert(1)">hover</div><body onload=alert(1)>',
];

/** True when sanitised HTML still has something a browser would run. */
const isLive = (html: string): boolean =>
  /<\s*(script|style|iframe|svg|math|object|embed|body)/i.test(html) ||
  /\son[a-z]+\s*=/i.test(html) ||
  /javascript:|data:|vbscript:/i.test(html) ||
  /\sstyle\s*=/i.test(html);

describe('Blog (GET /v2/api/manage/post/)', () => {
  let t: TestContext;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestContext();
    adminToken = (await createUser(t.ds, { role: 'admin', username: 'editor' })).token;
  });
  afterAll(() => t.close());

  const createPost = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/api/backoffice/posts', { token: adminToken, body });
    expect(res.status).toBe(201);
    return res.body as { id: number; slug: string; content: string };
  };

  it('answers a published post by slug with exactly the spec fields', async () => {
    const created = await createPost(
      postBody({
        title: 'How Accumulators Work',
        thumbnail: 'https://cdn.example.com/acca.jpg',
        author: 'Tips Desk',
      }),
    );
    expect(created.slug).toBe('how-accumulators-work');

    for (const path of ['/v2/api/manage/post/', '/v2/api/manage/post']) {
      const res = await t.request('GET', `${path}?slug=how-accumulators-work`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        count: 1,
        results: [
          {
            title: 'How Accumulators Work',
            slug: 'how-accumulators-work',
            content: expect.stringContaining('<p>Decimal odds'),
            overview: 'What decimal odds mean for your stake.',
            date_created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
            thumbnail: 'https://cdn.example.com/acca.jpg',
            author: 'Tips Desk',
          },
        ],
      });
    }
  });

  it('gives unique slugs to posts with the same title', async () => {
    const a = await createPost(postBody({ title: 'Responsible Gambling in Kenya' }));
    const b = await createPost(postBody({ title: 'Responsible gambling in Kenya!' }));
    const c = await createPost(postBody({ title: 'Responsible Gambling — in Kenya' }));
    expect([a.slug, b.slug, c.slug]).toEqual([
      'responsible-gambling-in-kenya',
      'responsible-gambling-in-kenya-2',
      'responsible-gambling-in-kenya-3',
    ]);
    // An explicit slug that is taken gets the next free suffix too.
    const d = await createPost(
      postBody({ title: 'Anything', slug: 'Responsible Gambling in Kenya' }),
    );
    expect(d.slug).toBe('responsible-gambling-in-kenya-4');
  });

  it('gives unique slugs under concurrent creates', async () => {
    const blog = t.get(BlogService);
    const posts = await Promise.all(
      Array.from({ length: 6 }, () =>
        blog.createPost({ title: 'Same Title Race', content: '<p>x</p>', author: 'a' }),
      ),
    );
    expect(new Set(posts.map((p) => p.slug)).size).toBe(6);
  });

  it('stores every XSS payload inert and serves it inert', async () => {
    const created = await createPost(
      postBody({ title: 'XSS sampler', content: XSS.join('\n') + '<p>kept text</p>' }),
    );
    expect(isLive(created.content)).toBe(false);
    const stored = await t.ds.getRepository(Post).findOneByOrFail({ id: created.id });
    expect(isLive(stored.content)).toBe(false);
    expect(stored.content).toContain('<p>kept text</p>');
    expect(stored.content).toContain('<a rel="nofollow noopener noreferrer">click</a>');

    const res = await t.request('GET', `/v2/api/manage/post/?slug=${created.slug}`);
    const content = res.body.results[0].content as string;
    expect(isLive(content)).toBe(false);
    for (const payload of XSS) expect(isLive(payload)).toBe(true); // the detector itself sees the raw payloads
  });

  it('strips markup from title and overview and refuses an unsafe thumbnail', async () => {
    const created = await createPost(
      postBody({
        title: '<b>Bold</b> <script>x</script>Title',
        overview: '<img src=x onerror=alert(1)>Short & sweet',
      }),
    );
    const res = await t.request('GET', `/v2/api/manage/post/?slug=${created.slug}`);
    expect(res.body.results[0]).toMatchObject({
      title: 'Bold Title',
      overview: 'Short & sweet',
      slug: 'bold-title',
    });

    for (const thumbnail of [
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      'http://cdn.example.com/a.jpg',
      '//evil.example/a.jpg',
    ]) {
      const bad = await t.request('POST', '/api/backoffice/posts', {
        token: adminToken,
        body: postBody({ thumbnail }),
      });
      expect(bad.status).toBe(400);
      expect(bad.body.thumbnail).toEqual([
        'thumbnail must be an https or site-relative (/...) image URL',
      ]);
    }
  });

  it('refuses content that is empty once sanitised', async () => {
    const res = await t.request('POST', '/api/backoffice/posts', {
      token: adminToken,
      body: postBody({ content: '<script>alert(1)</script>' }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Invalid content',
      content: ['Content is empty once unsafe markup is removed'],
    });
  });

  it('never shows an unpublished post publicly', async () => {
    const draft = await createPost(
      postBody({ title: 'Draft: Mega Jackpot Tips', published: false }),
    );
    const bySlug = await t.request('GET', `/v2/api/manage/post/?slug=${draft.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual({ count: 0, results: [] });

    const list = await t.request('GET', '/v2/api/manage/post/?page=1');
    expect(list.body.results.map((p: { slug: string }) => p.slug)).not.toContain(draft.slug);

    await t.request('PUT', `/api/backoffice/posts/${draft.id}`, {
      token: adminToken,
      body: { published: true },
    });
    const after = await t.request('GET', `/v2/api/manage/post/?slug=${draft.slug}`);
    expect(after.body.count).toBe(1);
  });

  it('answers an unknown slug with an empty list', async () => {
    const res = await t.request('GET', '/v2/api/manage/post/?slug=no-such-post');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0, results: [] });
  });

  it('lists published posts newest first, 10 per page, with the total count', async () => {
    const published = await t.ds.getRepository(Post).countBy({ published: true });
    const page1 = await t.request('GET', '/v2/api/manage/post/');
    expect(page1.status).toBe(200);
    expect(page1.body.count).toBe(published);
    expect(page1.body.results).toHaveLength(Math.min(10, published));
    const dates = page1.body.results.map((p: { date_created: string }) => p.date_created);
    expect([...dates].sort().reverse()).toEqual(dates);

    const far = await t.request('GET', '/v2/api/manage/post/?page=999');
    expect(far.body).toEqual({ count: published, results: [] });
  });

  it('answers NUL characters with 400 in one place (the input guards), never 500, and stores nothing', async () => {
    const bySlug = await t.request('GET', '/v2/api/manage/post/?slug=a%00b');
    expect(bySlug.status).toBe(400);
    expect(bySlug.body).toEqual({
      message: 'Invalid slug',
      slug: ['must not contain the NUL character (\\u0000)'],
    });

    const before = await t.ds.query(`SELECT count(*)::int AS n FROM post`);
    const res = await t.request('POST', '/api/backoffice/posts', {
      token: adminToken,
      body: postBody({ title: 'Nul\u0000 title', content: '<p>x\u0000y</p>', slug: 'nul-slug' }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('NUL character');
    expect(await t.ds.query(`SELECT count(*)::int AS n FROM post`)).toEqual(before);
  });

  it.each(['page=0', 'page=abc', 'page=1.5'])('answers 400 for %s', async (q) => {
    const res = await t.request('GET', `/v2/api/manage/post/?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid page');
  });
});
