import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { PageShellService } from './page-shell.service';
import { SeoService, SITEMAP_TTL_MS } from './seo.service';

/**
 * Crawler-facing routes (docs/PRODUCT-RULES.md "Public web app", SEO): /sitemap.xml, /robots.txt, and the pages whose link
 * previews matter, /blog/{slug} and /buy_tip/{slipId}, sent as the app's index.html with their own
 * head tags. An unknown post or slip still gets the app (it shows its own not-found view) with
 * index.html's default head and status 404, so crawlers do not index it.
 * The home page and /active_tips are sent with their first data inlined (PageShellService); every
 * page carries the visitor's country by IP.
 */
@ApiExcludeController()
@Public()
@Controller()
export class SeoController {
  constructor(
    private readonly seo: SeoService,
    private readonly shell: PageShellService,
  ) {}

  /** The home page: index.html with top games, free tips and the Popular slips inlined. */
  @Get()
  async home(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.shell.send(request, reply);
  }

  /** /active_tips (and ?p=, ?type=top): index.html with that page of active slips inlined. */
  @Get('active_tips')
  async activeTips(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.shell.send(request, reply);
  }

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
    void reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(this.seo.robots());
  }

  @Get('blog/:slug')
  async blogPost(
    @Param('slug') slug: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.sendPage(request, reply, await this.seo.blogPostPage(slug));
  }

  @Get('buy_tip/:slipId')
  async slip(
    @Param('slipId') slipId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.sendPage(request, reply, await this.seo.slipPage(slipId));
  }

  /** The page's HTML (revalidated on each load: the app's asset names change with each build), or the plain app with 404. */
  private sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    html: string | null,
  ): Promise<void> {
    return this.shell.send(request, reply, html ?? undefined, html === null ? 404 : 200);
  }
}
