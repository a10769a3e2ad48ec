import { Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLOCK, type Clock, freshAt } from '../../common/clock/clock';
import { saleCountryOfIp } from '../../common/geo/visitor-country';
import { bootApiUrls, bootKey, injectBootScript, renderBootScript } from './page-boot';
import { SeoService } from './seo.service';

/** How long one API answer is reused for the pages' boot data (ms): the API's own caches hold it 1-5 s anyway. */
export const BOOT_DATA_TTL_MS = 1_000;
/**
 * Past BOOT_DATA_TTL_MS and up to this age (ms), an answer is still inlined at once while a new one
 * is requested for the next page: the app counts inlined data as stale and refetches it as soon
 * as it runs, and treats anything younger than its own staleTime (15 s) as current anyway.
 */
export const BOOT_DATA_STALE_MS = 15_000;
/**
 * The longest a page waits for its boot data (ms): past this (a cold cache on a slow database)
 * the page goes without it and the app fetches as usual; the answer still fills the cache.
 */
export const BOOT_DATA_WAIT_MS = 800;
/** Most API answers remembered (oldest dropped first): /active_tips?p=N makes a URL per page. */
export const BOOT_DATA_MAX_URLS = 100;

/** The HTML pages' Cache-Control: revalidated on every load (new asset names after a deploy), kept out of shared caches (the visitor's country is inside). */
export const PAGE_CACHE_CONTROL = 'private, no-cache';

interface CachedAnswer {
  /** The JSON text, or null when the API did not answer 200 with JSON. */
  json: string | null;
  /** Epoch ms (application clock) when requested. */
  at: number;
}

/**
 * The HTML every page of the app is sent as (docs/PERFORMANCE.md, "Slow networks"): the built
 * index.html (its static skeleton paints before any JavaScript) plus a boot script with the
 * visitor's sale country by IP and, for the home page and /active_tips, the visitors' answers of
 * the API GETs the page starts with (page-boot.ts bootApiUrls). Those answers are requested from
 * this same server in process (Fastify inject, no socket, no credentials), so they are exactly
 * what any visitor gets from the API: the same mapper hiding picks and per-game odds of unsold
 * slips, the same list caches and visitors' fast path. Each is reused for BOOT_DATA_TTL_MS and, while a
 * new one loads, until BOOT_DATA_STALE_MS; a page waits at most BOOT_DATA_WAIT_MS for them, and
 * at most BOOT_DATA_MAX_URLS are kept.
 */
@Injectable()
export class PageShellService {
  private readonly logger = new Logger(PageShellService.name);
  private readonly answers = new Map<string, CachedAnswer>();
  private readonly loading = new Map<string, Promise<string | null>>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly seo: SeoService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** `html` (default: the plain index.html) with the boot script for `request`'s page and client IP. */
  async render(request: FastifyRequest, html: string = this.seo.spaIndex()): Promise<string> {
    const { pathname, search } = this.pageOf(request.url);
    const urls = bootApiUrls(pathname, search);
    const api = urls.length ? await this.answersWithin(urls, BOOT_DATA_WAIT_MS) : [];
    return injectBootScript(html, renderBootScript({ country: saleCountryOfIp(request.ip), api }));
  }

  /** Sends `render(request, html)` with `status` as text/html, Cache-Control PAGE_CACHE_CONTROL. */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    html?: string,
    status = 200,
  ): Promise<void> {
    const page = await this.render(request, html);
    await reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', PAGE_CACHE_CONTROL)
      .send(page);
  }

  private pageOf(url: string): { pathname: string; search: string } {
    try {
      const parsed = new URL(url, 'http://page.invalid');
      return { pathname: parsed.pathname, search: parsed.search };
    } catch {
      return { pathname: '', search: '' };
    }
  }

  /** `[bootKey, JSON]` of each of `urls` that answered in time with 200 JSON, in order. */
  private async answersWithin(urls: string[], waitMs: number): Promise<[string, string][]> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
    try {
      const bodies = await Promise.all(urls.map((url) => Promise.race([this.answer(url), late])));
      return urls.flatMap((url, i) =>
        bodies[i] === null ? [] : [[bootKey(url), bodies[i]] as [string, string]],
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The visitor's answer to GET `url` from this server (in process): reused for BOOT_DATA_TTL_MS,
   * then, up to BOOT_DATA_STALE_MS, given at once while the next one loads.
   */
  private answer(url: string): Promise<string | null> {
    const now = this.clock.now().getTime();
    const hit = this.answers.get(url);
    if (hit && freshAt(now, hit.at + BOOT_DATA_TTL_MS, BOOT_DATA_TTL_MS))
      return Promise.resolve(hit.json);
    const next = this.load(url);
    return hit && freshAt(now, hit.at + BOOT_DATA_STALE_MS, BOOT_DATA_STALE_MS)
      ? Promise.resolve(hit.json)
      : next;
  }

  /** Requests `url` (once at a time) and remembers its answer. */
  private load(url: string): Promise<string | null> {
    const running = this.loading.get(url);
    if (running) return running;
    const at = this.clock.now().getTime();
    const load = this.fastify
      .inject({ method: 'GET', url, headers: { accept: 'application/json' } })
      .then((res) =>
        res.statusCode === 200 && /json/.test(String(res.headers['content-type']))
          ? res.payload
          : null,
      )
      .catch((err: unknown) => {
        this.logger.warn(
          { err: err instanceof Error ? err.message : String(err), url },
          'boot data request failed',
        );
        return null;
      })
      .then((json) => {
        this.answers.delete(url);
        this.answers.set(url, { json, at });
        if (this.answers.size > BOOT_DATA_MAX_URLS)
          this.answers.delete(this.answers.keys().next().value as string);
        return json;
      })
      .finally(() => this.loading.delete(url));
    this.loading.set(url, load);
    return load;
  }

  private get fastify(): FastifyInstance {
    return this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
  }
}
