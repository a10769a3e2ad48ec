import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useBlogPosts } from '../../../api/content';
import { BlogPostList } from '../../../components/BlogPostList';
import { SectionHeading } from '../../../components/SectionHeading';
import { PATHS } from '../../../lib/paths';
import { useLoggedError } from '../../../lib/useLoggedError';

/** Posts the home page links to (newest first). */
export const HOME_BLOG_POSTS = 3;

/** Home 'Latest from the blog': the newest posts with their thumbnails, and a link to /blog. Hidden when there are none. */
export const BlogSection = () => {
  const posts = useBlogPosts();
  useLoggedError(posts.error, 'blog posts');
  const recent = posts.data?.results.slice(0, HOME_BLOG_POSTS) ?? [];
  if (!recent.length) return null;
  return (
    <Box component="section" aria-labelledby="home-blog-title">
      <SectionHeading
        id="home-blog-title"
        action={
          <Button component={RouterLink} to={PATHS.blog} size="small">
            All posts
          </Button>
        }
      >
        Latest from the blog
      </SectionHeading>
      <BlogPostList posts={recent} />
    </Box>
  );
};
