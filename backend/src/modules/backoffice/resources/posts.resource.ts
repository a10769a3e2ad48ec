import { Injectable } from '@nestjs/common';
import { toAdminPost } from '../../blog/blog.mapper';
import { BlogService } from '../../blog/blog.service';
import { CreatePostDto, UpdatePostDto } from '../../blog/dto/post-input.dto';
import { Post } from '../../blog/entities/post.entity';
import { BackofficeResource, defineResource } from '../resource-definition';

/**
 * `posts` (admin): blog posts, every state. Writes go through BlogService (sanitised HTML,
 * unique slugs); the author defaults to the admin's username.
 */
@Injectable()
export class PostsResource implements BackofficeResource {
  readonly definition;

  constructor(blog: BlogService) {
    this.definition = defineResource<Post, CreatePostDto, UpdatePostDto>({
      name: 'posts',
      entity: Post,
      alias: 'p',
      roles: ['admin'],
      fields: {
        id: { column: 'p.id', type: 'int', sortable: true, filter: ['eq', 'in'] },
        title: { column: 'p.title', type: 'text', sortable: true, filter: ['ilike'] },
        slug: { column: 'p.slug', type: 'text', sortable: true, filter: ['eq', 'in'] },
        overview: { column: 'p.overview', type: 'text' },
        author: { column: 'p.author', type: 'text', sortable: true, filter: ['eq'] },
        published: { column: 'p.published', type: 'bool', sortable: true, filter: ['eq'] },
        date_created: {
          column: 'p.date_created',
          type: 'date',
          sortable: true,
          filter: ['gte', 'lte'],
        },
        updated_at: {
          column: 'p.updated_at',
          type: 'date',
          sortable: true,
          filter: ['gte', 'lte'],
        },
      },
      search: ['title', 'overview', 'slug'],
      defaultSort: ['date_created', 'DESC'],
      serialize: toAdminPost,
      create: {
        dto: CreatePostDto,
        handle: (body, { manager, actor }) =>
          blog.createPost({ ...body, author: body.author ?? actor.username }, { manager }),
      },
      update: {
        dto: UpdatePostDto,
        handle: (id, body, { manager }) => blog.updatePost(Number(id), body, { manager }),
      },
      delete: {
        handle: (id, { manager }) => blog.deletePost(Number(id), { manager }),
      },
    });
  }
}
