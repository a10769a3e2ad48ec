import type { Post } from './entities/post.entity';

/** A post on the public wire (docs/PRODUCT-RULES.md R120, R141). */
export interface PublicPost {
  title: string;
  slug: string;
  /** Sanitised HTML. */
  content: string;
  overview: string;
  /** ISO-8601 UTC instant. */
  date_created: string;
  thumbnail: string | null;
  author: string;
}

/** Public response of GET /v2/api/manage/post/ (docs/PRODUCT-RULES.md R141: count, results). */
export interface PostListResponse {
  count: number;
  results: PublicPost[];
}

/** Entity → public shape, exactly the spec's fields (no id, no published flag). */
export const toPublicPost = (p: Post): PublicPost => ({
  title: p.title,
  slug: p.slug,
  content: p.content,
  overview: p.overview,
  date_created: p.dateCreated.toISOString(),
  thumbnail: p.thumbnail,
  author: p.author,
});

/** A post as the back office sees it (resource `posts`): every column, spec field names. */
export interface AdminPost extends PublicPost {
  id: number;
  published: boolean;
  updated_at: string;
}

/** Entity → back-office record. */
export const toAdminPost = (p: Post): AdminPost => ({
  id: p.id,
  ...toPublicPost(p),
  published: p.published,
  updated_at: p.updatedAt.toISOString(),
});
