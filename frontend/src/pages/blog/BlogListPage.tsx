import { useBlogPosts } from '../../api/content';
import { BlogPostList } from '../../components/BlogPostList';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, LoadingState } from '../../components/QueryStatus';
import { pageTitle } from '../../lib/site';
import { useLoggedError } from '../../lib/useLoggedError';
import { useSeo } from '../../lib/useSeo';

/**
 * /blog: the newest published posts (GET /v2/api/manage/post/), each linking to /blog/{slug}
 * (docs/PRODUCT-RULES.md R106).
 */
export const BlogListPage = () => {
  useSeo({
    title: pageTitle('Blog'),
    description: 'Betting guides: accumulators, odds, jackpots and responsible gambling.',
  });
  const posts = useBlogPosts();
  useLoggedError(posts.error, 'blog posts');
  return (
    <>
      <PageHeader title="Blog">
        Guides to accumulators, odds and jackpots from our tips desk.
      </PageHeader>
      {posts.isError ? null : posts.isPending ? (
        <LoadingState label="Loading posts" />
      ) : posts.data.results.length === 0 ? (
        <EmptyState>No posts yet.</EmptyState>
      ) : (
        <BlogPostList posts={posts.data.results} headingLevel="h2" />
      )}
    </>
  );
};
