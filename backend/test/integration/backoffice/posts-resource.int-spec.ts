import { AdminAudit } from '../../../src/modules/backoffice/audit/admin-audit.entity';
import { Post } from '../../../src/modules/blog/entities/post.entity';
import { createUser, CreatedUser } from '../../factories/account';
import { captureQueries } from '../../setup/query-capture';
import { createTestContext, TestContext } from '../../setup/test-app';
import { listResource, postBody } from './backoffice-helpers';

describe('Back office: posts', () => {
  let t: TestContext;
  let admin: CreatedUser;
  const ids: Record<string, number> = {};

  /** Inserts a post directly with a fixed creation date (list tests need known order). */
  const insertPost = async (
    title: string,
    slug: string,
    dateCreated: string,
    published: boolean,
    author = 'Tips Desk',
  ) => {
    const repo = t.ds.getRepository(Post);
    const p = await repo.save(
      repo.create({
        title,
        slug,
        content: `<p>${title}</p>`,
        overview: `About ${title}`,
        author,
        published,
        dateCreated: new Date(dateCreated),
      }),
    );
    ids[slug] = p.id;
    return p;
  };

  beforeAll(async () => {
    t = await createTestContext();
    admin = await createUser(t.ds, { role: 'admin', username: 'chief_editor' });
    await insertPost(
      'Accumulators explained',
      'accumulators-explained',
      '2026-03-01T08:00:00Z',
      true,
    );
    await insertPost(
      'Both teams to score',
      'both-teams-to-score',
      '2026-03-02T08:00:00Z',
      true,
      'Wanjiru',
    );
    await insertPost('Correct score odds', 'correct-score-odds', '2026-03-03T08:00:00Z', false);
    await insertPost(
      'Double chance for beginners',
      'double-chance-for-beginners',
      '2026-03-04T08:00:00Z',
      true,
    );
    await insertPost(
      'Every Mega Jackpot question',
      'every-mega-jackpot-question',
      '2026-03-05T08:00:00Z',
      false,
      'Wanjiru',
    );
  });
  afterAll(() => t.close());

  const audits = () => t.ds.getRepository(AdminAudit).find({ order: { id: 'ASC' } });

  describe('list', () => {
    it('sorts, pages and answers Content-Range', async () => {
      const res = await listResource(t, admin.token, 'posts', {
        sort: ['title', 'ASC'],
        range: [1, 3],
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-range']).toBe('posts 1-3/5');
      expect(res.body.map((p: { slug: string }) => p.slug)).toEqual([
        'both-teams-to-score',
        'correct-score-odds',
        'double-chance-for-beginners',
      ]);
      expect(res.body[0]).toEqual({
        id: ids['both-teams-to-score'],
        title: 'Both teams to score',
        slug: 'both-teams-to-score',
        content: '<p>Both teams to score</p>',
        overview: 'About Both teams to score',
        date_created: '2026-03-02T08:00:00.000Z',
        thumbnail: null,
        author: 'Wanjiru',
        published: true,
        updated_at: expect.any(String),
      });
    });

    it('uses the default sort (newest first) and range', async () => {
      const res = await listResource(t, admin.token, 'posts');
      expect(res.headers['content-range']).toBe('posts 0-4/5');
      expect(res.body.map((p: { slug: string }) => p.slug)[0]).toBe('every-mega-jackpot-question');
    });

    it('sorts descending by date', async () => {
      const res = await listResource(t, admin.token, 'posts', {
        sort: ['date_created', 'DESC'],
        range: [0, 1],
      });
      expect(res.body.map((p: { slug: string }) => p.slug)).toEqual([
        'every-mega-jackpot-question',
        'double-chance-for-beginners',
      ]);
      expect(res.headers['content-range']).toBe('posts 0-1/5');
    });

    it('filters by published, author, q, id list and date range', async () => {
      const cases: [Record<string, unknown>, string[]][] = [
        [{ published: false }, ['correct-score-odds', 'every-mega-jackpot-question']],
        [{ author: 'Wanjiru' }, ['both-teams-to-score', 'every-mega-jackpot-question']],
        [{ q: 'MEGA question' }, ['every-mega-jackpot-question']],
        [{ q: 'about score' }, ['both-teams-to-score', 'correct-score-odds']],
        [{ title: 'chance' }, ['double-chance-for-beginners']],
        [
          { id: [ids['accumulators-explained'], ids['correct-score-odds']] },
          ['accumulators-explained', 'correct-score-odds'],
        ],
        [
          { date_created_gte: '2026-03-02', date_created_lte: '2026-03-03' },
          ['both-teams-to-score', 'correct-score-odds'],
        ],
        [
          { date_created_gte: '2026-03-04T11:00:00+03:00' },
          ['double-chance-for-beginners', 'every-mega-jackpot-question'],
        ],
        [{ published: true, author: 'Wanjiru' }, ['both-teams-to-score']],
        [{ id: [] }, []],
        [{ title: '100%' }, []],
      ];
      for (const [filter, slugs] of cases) {
        const res = await listResource(t, admin.token, 'posts', {
          filter,
          sort: ['date_created', 'ASC'],
          range: [0, 24],
        });
        expect({
          filter,
          status: res.status,
          slugs: res.body.map((p: { slug: string }) => p.slug),
        }).toEqual({ filter, status: 200, slugs });
        expect(res.headers['content-range']).toBe(
          slugs.length ? `posts 0-${slugs.length - 1}/${slugs.length}` : 'posts */0',
        );
      }
    });

    it('reads a page and its total with one SQL statement', async () => {
      // Only this request's queries: the sandbox's 250 ms deadline sweep runs on the same DataSource.
      const { queries, result: res } = await captureQueries(t.ds, () =>
        listResource(t, admin.token, 'posts', {
          sort: ['title', 'ASC'],
          range: [0, 2],
          filter: { q: 'odds', published: false },
        }),
      );
      expect(res.headers['content-range']).toBe('posts 0-0/1');
      expect(queries.filter((q) => /\bfrom\b/i.test(q))).toHaveLength(1);
      expect(queries[0]).toMatch(/COUNT\(\*\) OVER\(\)/);
    });

    it('reports the total when the range starts past the end', async () => {
      const res = await listResource(t, admin.token, 'posts', { range: [10, 19] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.headers['content-range']).toBe('posts */5');
    });

    it.each([
      [{ sort: ['password_hash', 'ASC'] }, "Cannot sort posts by 'password_hash'"],
      [{ sort: ['overview', 'ASC'] }, "Cannot sort posts by 'overview'"],
      [{ filter: { content: 'x' } }, "Cannot filter posts by 'content'"],
      [{ filter: { id: 'one' } }, "Invalid value for filter 'id': expected a whole number"],
      [
        { filter: { date_created_gte: 'last week' } },
        "Invalid value for filter 'date_created_gte': expected a date 'YYYY-MM-DD' or an ISO date-time with offset",
      ],
      [{ range: [0, 1000] }, "'range' may span at most 500 rows"],
      [
        { filter: { q: 'a\u0000b' } },
        "Invalid value for filter 'q': expected text of at most 500 characters",
      ],
    ])('answers 400 for %j', async (params, message) => {
      const res = await listResource(t, admin.token, 'posts', params);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    });

    it.each([
      ['sort=%5B%22title%22', "'sort' is not valid JSON"],
      ['range=0-24', "'range' is not valid JSON"],
      ['filter=%7Bq%3A1%7D', "'filter' is not valid JSON"],
      ['filter=%5B1%5D', "'filter' must be a JSON object"],
      [
        'sort=%5B%22id%22%2C%22ASC%22%5D&sort=%5B%22id%22%2C%22ASC%22%5D',
        "'sort' must be given once, as JSON",
      ],
    ])('answers 400 for malformed %s', async (qs, message) => {
      const res = await t.request('GET', `/api/backoffice/posts?${qs}`, { token: admin.token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    });
  });

  describe('get one', () => {
    it('answers the record, 404 when absent, 400 for a bad id', async () => {
      const ok = await t.request('GET', `/api/backoffice/posts/${ids['correct-score-odds']}`, {
        token: admin.token,
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({
        id: ids['correct-score-odds'],
        slug: 'correct-score-odds',
        published: false,
      });

      const missing = await t.request('GET', '/api/backoffice/posts/999999', {
        token: admin.token,
      });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'posts 999999 not found' });

      for (const bad of ['abc', '1.5', '99999999999']) {
        const res = await t.request('GET', `/api/backoffice/posts/${bad}`, { token: admin.token });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(`Invalid posts id '${bad}'`);
      }
    });
  });

  describe('writes', () => {
    it('POST creates through the blog service and audits the new record', async () => {
      const before = (await audits()).length;
      const res = await t.request('POST', '/api/backoffice/posts', {
        token: admin.token,
        body: postBody({
          title: 'Reading Odds: 1X2',
          content: '<h2>1X2</h2><p onclick="x">Home, draw, away.</p>',
          published: false,
        }),
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        slug: 'reading-odds-1x2',
        content: '<h2>1X2</h2><p>Home, draw, away.</p>',
        author: 'chief_editor',
        published: false,
      });

      const rows = await audits();
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toMatchObject({
        actorId: admin.user.id,
        actorUsername: 'chief_editor',
        actorRole: 'admin',
        action: 'create',
        resource: 'posts',
        recordId: String(res.body.id),
        before: null,
        after: res.body,
      });
    });

    it('PUT changes the given fields, ignores the rest of the record, and audits before and after', async () => {
      const id = ids['accumulators-explained'];
      const current = (
        await t.request('GET', `/api/backoffice/posts/${id}`, { token: admin.token })
      ).body;
      // react-admin sends the whole record back, read-only fields included.
      const res = await t.request('PUT', `/api/backoffice/posts/${id}`, {
        token: admin.token,
        body: {
          ...current,
          title: 'Accumulators, explained properly',
          content: '<p>New <script>x</script>body</p>',
          date_created: '1999-01-01',
          id: 5,
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id,
        title: 'Accumulators, explained properly',
        slug: 'accumulators-explained', // slug kept: links keep working
        content: '<p>New body</p>',
        date_created: '2026-03-01T08:00:00.000Z',
      });

      const row = (await audits()).at(-1)!;
      expect(row).toMatchObject({
        action: 'update',
        resource: 'posts',
        recordId: String(id),
        actorId: admin.user.id,
      });
      expect(row.before).toMatchObject({
        title: 'Accumulators explained',
        content: '<p>Accumulators explained</p>',
      });
      expect(row.after).toEqual(res.body);
    });

    it('PUT with a new slug makes it unique', async () => {
      const res = await t.request(
        'PUT',
        `/api/backoffice/posts/${ids['double-chance-for-beginners']}`,
        {
          token: admin.token,
          body: { slug: 'Both Teams To Score' },
        },
      );
      expect(res.status).toBe(200);
      expect(res.body.slug).toBe('both-teams-to-score-2');
    });

    it('DELETE removes the post, answers it and audits it', async () => {
      const { body: created } = await t.request('POST', '/api/backoffice/posts', {
        token: admin.token,
        body: postBody({ title: 'Short-lived' }),
      });
      const res = await t.request('DELETE', `/api/backoffice/posts/${created.id}`, {
        token: admin.token,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(created);
      expect(await t.ds.getRepository(Post).findOneBy({ id: created.id })).toBeNull();

      const row = (await audits()).at(-1)!;
      expect(row).toMatchObject({
        action: 'delete',
        resource: 'posts',
        recordId: String(created.id),
        before: created,
        after: null,
      });
    });

    it('writes no audit row when a write fails', async () => {
      const before = (await audits()).length;
      const invalid = await t.request('POST', '/api/backoffice/posts', {
        token: admin.token,
        body: { title: '', content: 5 },
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({
        title: ['Title is required'],
        content: expect.arrayContaining(['content must be text']),
      });

      const notJson = await t.request('POST', '/api/backoffice/posts', {
        token: admin.token,
        body: [1, 2],
      });
      expect(notJson.status).toBe(400);
      expect(notJson.body).toEqual({ message: 'The body must be a JSON object' });

      const missing = await t.request('PUT', '/api/backoffice/posts/999999', {
        token: admin.token,
        body: { title: 'x' },
      });
      expect(missing.status).toBe(404);
      const missingDelete = await t.request('DELETE', '/api/backoffice/posts/999999', {
        token: admin.token,
      });
      expect(missingDelete.status).toBe(404);

      const badThumb = await t.request(
        'PUT',
        `/api/backoffice/posts/${ids['both-teams-to-score']}`,
        { token: admin.token, body: { thumbnail: 'javascript:alert(1)' } },
      );
      expect(badThumb.status).toBe(400);
      expect((await audits()).length).toBe(before);
    });
  });

  describe('access', () => {
    it('refuses users and tipsters (403) and visitors (401)', async () => {
      for (const role of ['user', 'tipster'] as const) {
        const { token } = await createUser(t.ds, { role });
        const requests: [string, string, unknown?][] = [
          ['GET', '/api/backoffice/posts'],
          ['GET', `/api/backoffice/posts/${ids['both-teams-to-score']}`],
          ['POST', '/api/backoffice/posts', postBody()],
          ['PUT', `/api/backoffice/posts/${ids['both-teams-to-score']}`, { title: 'hijack' }],
          ['DELETE', `/api/backoffice/posts/${ids['both-teams-to-score']}`],
          ['GET', '/api/backoffice/audit-log'],
        ];
        for (const [method, url, body] of requests) {
          const res = await t.request(method, url, { token, body });
          expect({ role, method, url, status: res.status }).toEqual({
            role,
            method,
            url,
            status: 403,
          });
          expect(res.body.message).toBe('You do not have permission to perform this action');
        }
      }
      const visitor = await t.request('GET', '/api/backoffice/posts');
      expect(visitor.status).toBe(401);
      expect(
        await t.ds.getRepository(Post).findOneByOrFail({ id: ids['both-teams-to-score'] }),
      ).toMatchObject({ title: 'Both teams to score' });
    });

    it('refuses writes by a banned account whose token has not expired yet', async () => {
      const banned = await createUser(t.ds, { role: 'admin', banned: true });
      const before = (await audits()).length;
      const res = await t.request('POST', '/api/backoffice/posts', {
        token: banned.token,
        body: postBody(),
      });
      expect(res.status).toBe(403);
      expect((await audits()).length).toBe(before);
    });

    it('answers 404 for an unknown resource', async () => {
      const res = await t.request('GET', '/api/backoffice/nope', { token: admin.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Unknown back-office resource 'nope'" });
    });
  });
});
