import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { BlogPost } from '../api/types';
import { nairobiDate } from '../lib/nairobi-time';
import { PATHS } from '../lib/paths';

/**
 * Blog posts as cards linking to /blog/{slug} (docs/PRODUCT-RULES.md R106): thumbnail (when the
 * post has one), title, date (Africa/Nairobi) and overview. One column on phones.
 */
export const BlogPostList = ({
  posts,
  headingLevel = 'h3',
}: {
  posts: readonly BlogPost[];
  headingLevel?: 'h2' | 'h3';
}) => (
  <Grid
    container
    spacing={2}
    component="ul"
    sx={{ listStyle: 'none', p: 0, m: 0 }}
    aria-label="Blog posts"
  >
    {posts.map((post) => (
      <Grid key={post.slug} size={{ xs: 12, sm: 6, md: 4 }} component="li" sx={{ minWidth: 0 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardActionArea
            component={RouterLink}
            to={PATHS.blogPost(post.slug)}
            sx={{ height: '100%', alignItems: 'stretch' }}
          >
            {post.thumbnail ? (
              // A plain <img>: MUI's Box would take width/height as style props, and the browser needs
              // them as attributes to reserve the space (no layout shift).
              <img
                src={post.thumbnail}
                alt=""
                loading="lazy"
                width={640}
                height={360}
                style={{
                  display: 'block',
                  width: '100%',
                  height: 'auto',
                  aspectRatio: '16 / 9',
                  objectFit: 'cover',
                }}
              />
            ) : null}
            <Box sx={{ p: 1.5 }}>
              <Typography
                component={headingLevel}
                variant="subtitle1"
                sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
              >
                {post.title}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {nairobiDate(post.date_created)}
              </Typography>
              {post.overview ? (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {post.overview}
                </Typography>
              ) : null}
            </Box>
          </CardActionArea>
        </Card>
      </Grid>
    ))}
  </Grid>
);
