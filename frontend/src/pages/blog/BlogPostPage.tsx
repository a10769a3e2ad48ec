import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useBlogPost } from '../../api/content';
import type { BlogPost } from '../../api/types';
import { LoadingState } from '../../components/QueryStatus';
import { nairobiDate } from '../../lib/nairobi-time';
import { pageTitle, SITE } from '../../lib/site';
import { useLoggedError } from '../../lib/useLoggedError';
import { useSeo } from '../../lib/useSeo';
import { NotFoundPage } from '../errors/NotFoundPage';

/** The author's display name (the site's brand when the post has none). */
export const authorName = (author: BlogPost['author'] | null | undefined): string =>
  author || SITE.brand;

/** Share links of a post (docs/PRODUCT-RULES.md R106: share links). */
export const shareLinks = (url: string, title: string) => {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${t}%20${u}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X (Twitter)', href: `https://x.com/intent/tweet?url=${u}&text=${t}` },
    { name: 'Telegram', href: `https://t.me/share/url?url=${u}&text=${t}` },
  ];
};

const PostView = ({ post }: { post: BlogPost }) => {
  useSeo({
    title: pageTitle(post.title),
    description: post.overview,
    og: { type: 'article', image: post.thumbnail },
  });
  const url = typeof window === 'undefined' ? '' : window.location.href;
  return (
    <Box component="article" sx={{ maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h1">{post.title}</Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
        {nairobiDate(post.date_created)} · {authorName(post.author)}
      </Typography>
      {post.thumbnail ? (
        // A plain <img>, so width and height reach the page as attributes (MUI's Box takes them as style props).
        <img
          src={post.thumbnail}
          alt=""
          loading="lazy"
          decoding="async"
          width={760}
          height={400}
          style={{
            display: 'block',
            width: '100%',
            height: 'auto',
            aspectRatio: '19 / 10',
            objectFit: 'cover',
            borderRadius: 8,
            marginTop: 16,
          }}
        />
      ) : null}
      <Typography sx={{ mt: 2, fontWeight: 600 }}>{post.overview}</Typography>
      <Box
        sx={{
          mt: 2,
          '& img': { maxWidth: '100%', height: 'auto' },
          '& a': { color: 'primary.main' },
          lineHeight: 1.7,
        }}
        // Sanitised on write by the server (docs/PRODUCT-RULES.md "Back office": sanitize-html
        // allowlist).
        dangerouslySetInnerHTML={{ __html: post.content }}
      />
      <Stack direction="row" spacing={2} sx={{ mt: 4, flexWrap: 'wrap' }} aria-label="Share">
        <Typography variant="body2" color="text.secondary">
          Share:
        </Typography>
        {shareLinks(url, post.title).map((link) => (
          <Link
            key={link.name}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
          >
            {link.name}
          </Link>
        ))}
      </Stack>
    </Box>
  );
};

/**
 * /blog/{slug} (docs/PRODUCT-RULES.md R106): title, date, overview, thumbnail, HTML content,
 * author, share links.
 */
export const BlogPostPage = () => {
  const { slug } = useParams();
  const post = useBlogPost(slug);
  useLoggedError(post.error, 'the post');
  if (post.isPending) return <LoadingState label="Loading post" />;
  if (post.isError) return null;
  if (!post.data) return <NotFoundPage />;
  return <PostView post={post.data} />;
};
