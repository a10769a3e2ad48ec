import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { TransactionRunner } from '../../database/transaction-runner';
import { BlogError, BlogErrorCode } from './blog.errors';
import { BlogRepository } from './blog.repository';
import { isSafeImageUrl, sanitizePostHtml, toPlainText } from './domain/sanitize-post';
import { slugify, uniqueSlug } from './domain/slug';
import { Post } from './entities/post.entity';

/** What an admin writes (CreatePostDto minus the optional author, which the caller resolves). */
export interface PostInput {
  title: string;
  content: string;
  author: string;
  overview?: string;
  thumbnail?: string | null;
  published?: boolean;
  slug?: string;
}

/** Options of the admin write methods: join the caller's transaction (the back office audits in it). */
export interface BlogWriteOptions {
  manager?: EntityManager;
}

/** A page of public posts and the number of published posts in all. */
export interface PublishedPage {
  count: number;
  posts: Post[];
}

/**
 * Blog use cases (docs/PRODUCT-RULES.md "Back office"): public reads of published posts, admin create/update/delete with
 * HTML sanitised on write and unique slugs. Admin methods take an optional EntityManager so the
 * back office can write its audit row in the same transaction.
 */
@Injectable()
export class BlogService {
  constructor(
    private readonly repo: BlogRepository,
    private readonly tx: TransactionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The published post with `slug`, or null (unknown and unpublished look the same). */
  findPublishedBySlug(slug: string): Promise<Post | null> {
    return this.repo.findPublishedBySlug(slug);
  }

  /** Slug and last edit of every published post, newest first (the sitemap). */
  publishedSlugs(): Promise<{ slug: string; updatedAt: Date }[]> {
    return this.repo.publishedSlugs();
  }

  /**
   * Page `page` (1-based, BLOG_PAGE_SIZE posts) of published posts, newest first, with the total
   * count, in one statement (COUNT(*) OVER()); a page past the end costs a second, count-only one.
   */
  listPublished(page = 1): Promise<PublishedPage> {
    return this.repo.listPublished(page);
  }

  /**
   * Creates a post: content sanitised, title/overview/author as plain text, thumbnail checked,
   * slug from `input.slug` or the title, made unique (-2, -3, ...). Unpublished unless `published`.
   * @throws BlogError INVALID_POST (400, field errors) for an empty title, content that is empty
   *         once sanitised, or an unsafe thumbnail URL.
   */
  createPost(input: PostInput, opts: BlogWriteOptions = {}): Promise<Post> {
    return this.inTransaction(opts, async (m) => {
      const {
        title = '',
        content = '',
        author = '',
        overview = '',
        thumbnail = null,
      } = this.clean(input);
      const slug = await this.allocateSlug(m, slugify(input.slug?.trim() ? input.slug : title));
      return this.repo.save(m, {
        title,
        slug,
        content,
        overview,
        thumbnail,
        author,
        published: input.published ?? false,
        dateCreated: this.clock.now(),
      });
    });
  }

  /**
   * Changes the given fields of post `id` (row locked). The slug stays as it is (links keep
   * working) unless `patch.slug` is sent: then it is slugified and made unique, blank → from the title.
   * @throws BlogError POST_NOT_FOUND (404); INVALID_POST (400) as for createPost.
   */
  updatePost(id: number, patch: Partial<PostInput>, opts: BlogWriteOptions = {}): Promise<Post> {
    return this.inTransaction(opts, async (m) => {
      const post = await this.lockPost(m, id);
      const clean = this.clean(patch);
      if (clean.title !== undefined) post.title = clean.title;
      if (clean.content !== undefined) post.content = clean.content;
      if (clean.overview !== undefined) post.overview = clean.overview;
      if (clean.thumbnail !== undefined) post.thumbnail = clean.thumbnail;
      if (clean.author !== undefined) post.author = clean.author;
      if (patch.published !== undefined) post.published = patch.published;
      if (patch.slug !== undefined) {
        const wanted = slugify(patch.slug.trim() ? patch.slug : post.title);
        if (wanted !== post.slug) post.slug = await this.allocateSlug(m, wanted, post.id);
      }
      return this.repo.save(m, post);
    });
  }

  /**
   * Deletes post `id` and returns it as it was.
   * @throws BlogError POST_NOT_FOUND (404).
   */
  deletePost(id: number, opts: BlogWriteOptions = {}): Promise<Post> {
    return this.inTransaction(opts, async (m) => {
      const post = await this.lockPost(m, id);
      await this.repo.delete(m, id);
      return post;
    });
  }

  private inTransaction<T>(
    opts: BlogWriteOptions,
    work: (m: EntityManager) => Promise<T>,
  ): Promise<T> {
    return this.tx.run(work, opts.manager);
  }

  private async lockPost(m: EntityManager, id: number): Promise<Post> {
    const post = await this.repo.lock(m, id);
    if (!post) throw new BlogError(BlogErrorCode.POST_NOT_FOUND);
    return post;
  }

  /** Normalises the text fields present in `input`; collects field errors. */
  private clean(input: Partial<PostInput>): Partial<Omit<PostInput, 'slug' | 'published'>> {
    const out: Partial<Omit<PostInput, 'slug' | 'published'>> = {};
    const errors: Record<string, string[]> = {};
    if (input.title !== undefined) {
      out.title = toPlainText(input.title);
      if (!out.title) errors.title = ['Title is required'];
    }
    if (input.content !== undefined) {
      out.content = sanitizePostHtml(input.content);
      if (!toPlainText(out.content) && !out.content.includes('<img')) {
        errors.content = ['Content is empty once unsafe markup is removed'];
      }
    }
    if (input.overview !== undefined) out.overview = toPlainText(input.overview);
    if (input.author !== undefined) {
      out.author = toPlainText(input.author);
      if (!out.author) errors.author = ['Author is required'];
    }
    if (input.thumbnail !== undefined) {
      const url = input.thumbnail?.trim() || null;
      if (url !== null && !isSafeImageUrl(url))
        errors.thumbnail = ['thumbnail must be an https or site-relative (/...) image URL'];
      out.thumbnail = url;
    }
    if (Object.keys(errors).length) throw new BlogError(BlogErrorCode.INVALID_POST, errors);
    return out;
  }

  /**
   * `base` or its first free -N variant. One advisory lock for every slug allocation (admin
   * writes are rare) makes the check-then-insert safe against concurrent writers: bases like
   * 'top-10' and 'top-10-2' can compete for the same slug, so a per-base lock would not do.
   */
  private async allocateSlug(m: EntityManager, base: string, exceptId?: number): Promise<string> {
    return uniqueSlug(base, await this.repo.lockSlugsLike(m, base, exceptId));
  }
}
