import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { systemClock } from '../../common/clock/clock';
import { TransactionRunner } from '../../database/transaction-runner';
import { BLOG_CLOCK } from './blog.constants';
import { BlogController } from './blog.controller';
import { BlogRepository } from './blog.repository';
import { BlogService } from './blog.service';
import { Post } from './entities/post.entity';

/**
 * Blog module (docs/ARCHITECTURE.md "modules/blog"): posts with sanitised HTML and unique
 * slugs. Public route GET /v2/api/manage/post/; admin writes through the exported BlogService
 * (called by the back office's `posts` resource).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Post])],
  controllers: [BlogController],
  providers: [BlogService, BlogRepository, TransactionRunner, { provide: BLOG_CLOCK, useValue: systemClock }],
  exports: [BlogService],
})
export class BlogModule {}
