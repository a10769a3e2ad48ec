import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { blogSeedStep, SEED_POSTS, seedBlogPosts } from '../../../src/seed/blog.seed';
import { SEED_STEPS } from '../../../src/seed/seed-steps';
import { Post } from '../../../src/modules/blog/entities/post.entity';
import { createTestContext, TestContext } from '../../setup/test-app';

describe('blog seed', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext()));
  afterAll(() => t.close());

  it('is registered as a seed step', () => {
    expect(SEED_STEPS).toContain(blogSeedStep);
  });

  it('inserts the guides once, published, with slugs and sanitised content', async () => {
    expect(await seedBlogPosts(t.ds, new Date('2026-05-15T09:00:00+03:00'))).toBe(
      SEED_POSTS.length,
    );
    expect(await seedBlogPosts(t.ds)).toBe(0);

    const posts = await t.ds.getRepository(Post).find({ order: { dateCreated: 'ASC' } });
    expect(posts.map((p) => p.slug)).toEqual([
      'how-accumulators-work-a-guide-for-kenyan-punters',
      'reading-betting-odds-decimal-odds-implied-probability-and-value',
      'responsible-gambling-in-kenya-set-limits-before-you-stake',
      'jackpot-predictions-explained-mega-and-mid-week-jackpots',
    ]);
    expect(posts.every((p) => p.published && p.author === 'Tips Desk')).toBe(true);
    expect(posts[0].dateCreated.toISOString()).toBe('2026-04-24T06:00:00.000Z');

    const res = await t.request(
      'GET',
      '/v2/api/manage/post/?slug=responsible-gambling-in-kenya-set-limits-before-you-stake',
    );
    expect(res.body.count).toBe(1);
    expect(res.body.results[0].content).toContain(
      '18+ only. Gambling is addictive, play responsibly.',
    );
    expect(res.body.results[0].content).toContain(
      '<a href="https://bclb.go.ke" target="_blank" rel="nofollow noopener noreferrer">',
    );
  });

  it('gives every post a thumbnail the app serves itself (an image in the public folder of the frontend, no network)', async () => {
    const posts = await t.ds.getRepository(Post).find();
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) {
      expect(post.thumbnail).toMatch(/^\/images\/blog\/[a-z-]+\.svg$/);
      expect(existsSync(join(__dirname, '../../../../frontend/public', post.thumbnail!))).toBe(
        true,
      );
    }
    const res = await t.request('GET', '/v2/api/manage/post/');
    expect(res.body.results.every((p: { thumbnail: string | null }) => !!p.thumbnail)).toBe(true);
  });

  it('leaves posts alone once any exist (an admin’s deletions stay deleted)', async () => {
    await t.ds
      .getRepository(Post)
      .delete({ slug: 'jackpot-predictions-explained-mega-and-mid-week-jackpots' });
    expect(await seedBlogPosts(t.ds)).toBe(0);
    expect(await t.ds.getRepository(Post).count()).toBe(SEED_POSTS.length - 1);
  });
});
