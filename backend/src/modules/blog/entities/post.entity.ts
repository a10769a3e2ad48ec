import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A blog post (docs/PRODUCT-RULES.md R120, "Back office"). `content` is HTML already sanitised on
 * write (domain/sanitize-post.ts); title, overview and author are plain text. Only `published`
 * posts are public. `slug` is unique (uq_post_slug), derived from the title.
 */
@Entity('post')
export class Post {
  @PrimaryGeneratedColumn('identity', { type: 'int', generatedIdentity: 'BY DEFAULT' }) id: number;
  @Column({ type: 'text' }) title: string;
  @Column({ type: 'text' }) slug: string;
  /** Sanitised HTML. */
  @Column({ type: 'text' }) content: string;
  @Column({ type: 'text', default: '' }) overview: string;
  /** https or site-relative image URL, or null. */
  @Column({ type: 'text', nullable: true }) thumbnail: string | null;
  /** Display name of the author. */
  @Column({ type: 'text' }) author: string;
  @Column({ type: 'boolean', default: false }) published: boolean;
  @Column({ name: 'date_created', type: 'timestamptz' }) dateCreated: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
