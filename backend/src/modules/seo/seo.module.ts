import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { BlogModule } from '../blog/blog.module';
import { SlipModule } from '../slip/slip.module';
import { PageShellService } from './page-shell.service';
import { SeoController } from './seo.controller';
import { SeoService } from './seo.service';

/**
 * Server-side SEO (docs/PRODUCT-RULES.md "Public web app"): sitemap.xml, robots.txt and route-specific head tags (title, meta
 * description, Open Graph) for blog posts and slips in the HTML the server sends; every page's HTML
 * with its boot data (PageShellService: first data of the home page and /active_tips, the
 * visitor's country).
 */
@Module({
  imports: [AccountModule, BlogModule, SlipModule],
  controllers: [SeoController],
  providers: [SeoService, PageShellService],
  exports: [PageShellService],
})
export class SeoModule {}
