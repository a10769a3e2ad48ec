import { Module } from '@nestjs/common';

/** Blog module (architecture.md, "modules/blog"). */
@Module({})
export class BlogModule {}
