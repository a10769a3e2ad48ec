import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { BLOG_PAGE_SIZE } from './blog.constants';
import { Post } from './entities/post.entity';

/**
 * The blog module's table `post` (docs/ARCHITECTURE.md "Table ownership"): the only code that reads
 * or writes it. Methods taking `m` run inside the caller's transaction.
 */
@Injectable()
export class BlogRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The published post with `slug`, or null. */
  findPublishedBySlug(slug: string): Promise<Post | null> {
    return this.ds.getRepository(Post).findOne({ where: { slug, published: true } });
  }

  /** Slug and last edit of every published post, newest first (the sitemap). */
  async publishedSlugs(): Promise<{ slug: string; updatedAt: Date }[]> {
    const rows: { slug: string; updated_at: Date }[] = await this.ds.query(
      `SELECT slug, updated_at FROM post WHERE published ORDER BY date_created DESC, id DESC`,
    );
    return rows.map((r) => ({ slug: r.slug, updatedAt: new Date(r.updated_at) }));
  }

  /**
   * Page `page` (1-based, BLOG_PAGE_SIZE posts) of published posts, newest first, with the total
   * count, in one statement (COUNT(*) OVER()); a page past the end costs a second, count-only one.
   */
  async listPublished(page: number): Promise<{ count: number; posts: Post[] }> {
    const qb = this.ds
      .getRepository(Post)
      .createQueryBuilder('p')
      .addSelect('COUNT(*) OVER()', 'total_count')
      .where('p.published')
      .orderBy('p.date_created', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .offset((page - 1) * BLOG_PAGE_SIZE)
      .limit(BLOG_PAGE_SIZE);
    const { entities, raw } = await qb.getRawAndEntities<{ total_count: string }>();
    const count = raw.length
      ? Number(raw[0].total_count)
      : await this.ds.getRepository(Post).countBy({ published: true });
    return { count, posts: entities };
  }

  /** Post `id` locked for update, or null. */
  lock(m: EntityManager, id: number): Promise<Post | null> {
    return m
      .getRepository(Post)
      .createQueryBuilder('p')
      .where('p.id = :id', { id })
      .setLock('pessimistic_write')
      .getOne();
  }

  /** Inserts or updates `post` (a new one gets its id). */
  save(m: EntityManager, post: Partial<Post>): Promise<Post> {
    const repo = m.getRepository(Post);
    return repo.save(repo.create(post));
  }

  /** Deletes post `id`. */
  async delete(m: EntityManager, id: number): Promise<void> {
    await m.getRepository(Post).delete({ id });
  }

  /**
   * Takes the one transaction-scoped lock of slug allocation and returns the slugs equal to `base`
   * or of the form `base-N`, leaving out post `exceptId`'s.
   */
  async lockSlugsLike(m: EntityManager, base: string, exceptId?: number): Promise<string[]> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('post-slug'))`);
    const qb = m
      .getRepository(Post)
      .createQueryBuilder('p')
      .select('p.slug', 'slug')
      .where('(p.slug = :base OR p.slug ~ :pattern)', { base, pattern: `^${base}-[0-9]+$` });
    if (exceptId !== undefined) qb.andWhere('p.id <> :exceptId', { exceptId });
    return (await qb.getRawMany<{ slug: string }>()).map((r) => r.slug);
  }
}
