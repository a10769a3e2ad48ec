import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { PostListResponseDto } from './dto/post-responses.dto';
import { Public } from '../../common/decorators/public.decorator';
import { PostListResponse, toPublicPost } from './blog.mapper';
import { BlogService } from './blog.service';
import { PostQueryDto } from './dto/post-query.dto';

/** Public blog routes (docs/PRODUCT-RULES.md R140, R106). Only published posts are ever shown. */
@ApiTags('blog')
@Controller('v2/api/manage')
export class BlogController {
  constructor(private readonly blog: BlogService) {}

  /**
   * `?slug=` → `{ count: 1, results: [post] }`, or `{ count: 0, results: [] }` for an unknown or
   * unpublished slug. Without slug: published posts newest first, 10 (BLOG_PAGE_SIZE) per `?page=`
   * (default 1), `count` = all published posts. Bad page → 400.
   */
  @Public()
  // Nest strips one trailing slash, so 'post//' is what registers '/post/' (as account.controller.ts does).
  @Get(['post', 'post//'])
  @ApiOkResponse({ type: PostListResponseDto })
  async list(@Query() query: PostQueryDto): Promise<PostListResponse> {
    if (query.slug !== undefined) {
      const post = await this.blog.findPublishedBySlug(query.slug);
      return post ? { count: 1, results: [toPublicPost(post)] } : { count: 0, results: [] };
    }
    const page = await this.blog.listPublished(query.page ?? 1);
    return { count: page.count, results: page.posts.map(toPublicPost) };
  }
}
