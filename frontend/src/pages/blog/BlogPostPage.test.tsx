import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

const post = {
  title: 'How to read a tipster rating',
  slug: 'how-to-read-a-tipster-rating',
  content: '<h2>Ratings</h2><p>A rating is the share of <strong>settled</strong> slips won.</p>',
  overview: 'What the numbers on a tipster card mean.',
  date_created: '2026-05-10T09:00:00+03:00',
  thumbnail: 'https://cdn.example/rating.webp',
  author: 'TipsKE Team',
};

describe('/blog/{slug} (docs/PRODUCT-RULES.md R106)', () => {
  it('shows title, date, author, overview, thumbnail, content and share links, with Open Graph', async () => {
    const api = stubFetch({ '/v2/api/manage/post/': { count: 1, results: [post] } });
    renderRoute('/blog/how-to-read-a-tipster-rating');
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { level: 1 })).toHaveTextContent(post.title);
    expect(article).toHaveTextContent('10 May 2026 · TipsKE Team');
    expect(article).toHaveTextContent(post.overview);
    expect(within(article).getByRole('heading', { level: 2, name: 'Ratings' })).toBeInTheDocument();
    expect(article.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(within(article).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\//,
    );
    expect(document.title).toBe(`${post.title} | TipsKE`);
    expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute(
      'content',
      'article',
    );
    expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute(
      'content',
      post.thumbnail,
    );
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      post.overview,
    );
    expect(api.requests[0].path).toBe('/v2/api/manage/post/?slug=how-to-read-a-tipster-rating');
  });

  it("shows 'Page Not Found' for an unknown slug", async () => {
    stubFetch({ '/v2/api/manage/post/': { count: 0, results: [] } });
    renderRoute('/blog/nope');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
