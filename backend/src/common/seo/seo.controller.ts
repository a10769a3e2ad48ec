import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../decorators/public.decorator';
import { SeoService, SITEMAP_TTL_MS } from './seo.service';

const HTML = 'text/html; charset=utf-8';

/**
 * Crawler-facing routes (issue 9, SEO): /sitemap.xml, /robots.txt, and the pages whose link
 * previews matter, /blog/{slug} and /buy_tip/{slipId}, sent as the app's index.html with their own
 * head tags. An unknown post or slip still gets the app (it shows its own not-found view) with
 * index.html's default head and status 404, so crawlers do not index it.
 */
@ApiExcludeController()
@Public()
@Controller()
export class SeoController {
  constructor(private readonly seo: SeoService) {}

  @Get('sitemap.xml')
  async sitemap(@Res() reply: FastifyReply): Promise<void> {
    const xml = await this.seo.sitemap();
    void reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', `public, max-age=${SITEMAP_TTL_MS / 1000}`)
      .send(xml);
  }

  @Get('robots.txt')
  robots(@Res() reply: FastifyReply): void {
    void reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(this.seo.robots());
  }

  @Get('blog/:slug')
  async blogPost(@Param('slug') slug: string, @Res() reply: FastifyReply): Promise<void> {
    this.sendPage(reply, await this.seo.blogPostPage(slug));
  }

  @Get('buy_tip/:slipId')
  async slip(@Param('slipId') slipId: string, @Res() reply: FastifyReply): Promise<void> {
    this.sendPage(reply, await this.seo.slipPage(slipId));
  }

  /** The page's HTML (never cached: the app's asset names change with each build), or the plain app with 404. */
  private sendPage(reply: FastifyReply, html: string | null): void {
    void reply
      .status(html === null ? 404 : 200)
      .type(HTML)
      .header('cache-control', 'no-cache')
      .send(html ?? this.seo.spaIndex());
  }
}
