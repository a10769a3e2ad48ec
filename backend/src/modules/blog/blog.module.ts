import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TransactionRunner } from '../../database/transaction-runner';
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
  providers: [BlogService, BlogRepository, TransactionRunner],
  exports: [BlogService],
})
export class BlogModule {}
