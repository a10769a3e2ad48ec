import { Module } from '@nestjs/common';
import { SeoController } from './seo.controller';
import { SeoService } from './seo.service';

/**
 * Server-side SEO (issue 9): sitemap.xml, robots.txt and route-specific head tags (title, meta
 * description, Open Graph) for blog posts and slips in the HTML the server sends.
 */
@Module({
  controllers: [SeoController],
  providers: [SeoService],
})
export class SeoModule {}
