import type { Type } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock/clock';
import { TOKEN_COOKIE } from '../guards/jwt-auth.guard';
import { BoundedMap } from './bounded-map';
import { registerCacheStats } from './cache-stats';
import { freshUntilOf } from './hot-json-cache';

/**
 * How long a visitor's URL keeps answering from its copy without going through Nest (ms), when
 * the answer's bytes carry no freshness of their own; bytes from a HotJsonCache are kept exactly
 * as long as their cache entry is fresh (freshUntilOf).
 */
export const ANONYMOUS_URL_TTL_MS = 1_000;
/** Most URLs remembered (oldest stored dropped first): bounds memory against arbitrary query strings. */
export const ANONYMOUS_URL_MAX = 10_000;
/** Most bytes of answers remembered (mostly the same Buffers the list caches hold). */
export const ANONYMOUS_BYTES_MAX = 64 * 1024 * 1024;

/**
 * Headers of the handler's reply repeated on a hit: its cache-control, and its Vary (the CORS hook
 * adds `Vary: Origin` to every answer, so shared caches keep cross-origin answers apart).
 */
const KEPT_HEADERS = ['cache-control', 'vary'];

/** Key of the Fastify route config (`@VisitorFastPath`) naming a route's VisitorTagSource. */
const ROUTE_CONFIG_KEY = 'visitorFastPath';

/**
 * Where a fast-path route's data comes from: a copy is answered only while `visitorTag()` returns
 * what it returned before the handler ran (compared with ===). SlipListCache and TopGamesCache
 * return their HotJsonCache generation, which every publish/settlement bumps in every process.
 */
export interface VisitorTagSource {
  visitorTag(): number | string;
}

/** One remembered answer: the bytes and headers the handler's reply had, when and at which tag. */
export interface VisitorEntry {
  body: Buffer;
  contentType: string;
  /** The reply's headers among KEPT_HEADERS (cache-control, vary), as the normal path set them. */
  headers: Record<string, string>;
  tag: number | string;
  /** Epoch ms (application clock) until which the copy answers. */
  until: number;
}

/**
 * Per exact URL (path and query string), the 200 answer a handler produced for a visitor, kept
 * until `freshUntil` when given (the data's own freshness: a HotJsonCache entry's TTL), else
 * `ttlMs` (ANONYMOUS_URL_TTL_MS); at most `max` URLs and `maxBytes` of bodies (oldest dropped).
 * `get` returns an entry only while it is fresh and its tag equals the current one, so a copy
 * never outlives the data generation it was made at nor the cache entry it came from.
 * Counts hits and misses (GET /api/health/cache, `npm run bench`).
 * docs/PERFORMANCE.md "Marketplace at scale".
 */
export class VisitorResponseCache {
  private readonly byUrl: BoundedMap<string, VisitorEntry>;
  /** Visitors' GETs on fast-path routes answered from a copy, and those that went to the handler. */
  private readonly counts = { hits: 0, misses: 0 };

  /** @param now the application's clock in epoch ms (token CLOCK): copies expire when it passes their `until`. */
  constructor(
    private readonly now: () => number,
    private readonly ttlMs = ANONYMOUS_URL_TTL_MS,
    max = ANONYMOUS_URL_MAX,
    maxBytes = ANONYMOUS_BYTES_MAX,
  ) {
    this.byUrl = new BoundedMap<string, VisitorEntry>(max, maxBytes, (e) => e.body.length);
  }

  /** The entry of `url` if fresh and stored at `tag`, else undefined (counted as a hit or a miss). */
  get(url: string, tag: number | string): VisitorEntry | undefined {
    const hit = this.byUrl.get(url);
    if (hit && hit.tag === tag && this.now() < hit.until) {
      this.counts.hits += 1;
      return hit;
    }
    this.counts.misses += 1;
    return undefined;
  }

  /**
   * Remembers `entry` for `url` until `freshUntil` (epoch ms) when given, else for `ttlMs` from now;
   * dropping the oldest URLs beyond the bounds.
   */
  set(url: string, entry: Omit<VisitorEntry, 'until'>, freshUntil?: number): void {
    this.byUrl.set(url, { ...entry, until: freshUntil ?? this.now() + this.ttlMs });
  }

  /** URLs remembered (expired ones included until dropped). */
  get size(): number {
    return this.byUrl.size;
  }

  /** `hits`, `misses`, `hitRate` (0-1), `entries` and `bytes` of this process. */
  stats(): Record<string, number> {
    const { hits, misses } = this.counts;
    return {
      hits,
      misses,
      hitRate: hits + misses ? hits / (hits + misses) : 0,
      entries: this.byUrl.size,
      bytes: this.byUrl.bytes,
    };
  }
}

/**
 * Puts a GET route on the visitors' fast path (registerVisitorFastPath); `source` is the provider
 * (class token) its data comes from. Only for routes whose answer to a visitor depends on the URL
 * and `source.visitorTag()` alone (docs/PRODUCT-RULES.md "Lists and caches").
 */
export const VisitorFastPath = (source: Type<VisitorTagSource>): MethodDecorator =>
  RouteConfig({ [ROUTE_CONFIG_KEY]: source });

const TOKEN_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${TOKEN_COOKIE}=`);
/**
 * A request without an access token: no `authorization` header and no `token` cookie, read from
 * the raw header (cookies are not parsed yet when the fast path runs; any `token=` counts).
 */
const isVisitor = (req: FastifyRequest): boolean =>
  req.headers.authorization === undefined && !TOKEN_COOKIE_PATTERN.test(req.headers.cookie ?? '');

/** Where the fast path's `onRequest` hook goes (see registerVisitorFastPath). */
export type OnRequestSlot = (
  hook: (req: FastifyRequest, reply: FastifyReply, done: () => void) => void,
) => void;

/**
 * The visitors' fast path (docs/PERFORMANCE.md "Marketplace at scale"): on routes marked
 * @VisitorFastPath, a GET from a visitor (no `authorization` header, no `token` cookie: never a
 * logged-in user) with no `Origin` header (a same-origin page or a plain client) whose URL was
 * answered 200 at the same tag, while that copy is fresh (as long as the HotJsonCache entry the
 * bytes came from is fresh; else ANONYMOUS_URL_TTL_MS), gets the same bytes,
 * content-type, cache-control and Vary from the first `onRequest` hook — before Nest middleware
 * (request logging included), router, guards, interceptors, pipes and handler. The route's
 * `onSend` hooks (@fastify/compress's among them) still run on those bytes. A cross-origin
 * request (with `Origin`) takes the normal path, where the CORS hook answers it.
 * The copy is filled by an `onSend` hook from the handler's own Buffer answers to visitors
 * (status 200, not yet encoded, tag unchanged while the handler ran): 4xx/5xx and anything for a
 * request with credentials are never stored, so a bad query keeps its error and a logged-in user
 * always reaches the handler.
 * Hits are not in the application's request log (they cost a Map lookup): GET /api/health/cache
 * counts them per process, the reverse proxy's access log sees every request.
 *
 * @param onRequest where the hook goes: the Nest adapter's `setOnRequestHook` (runs before its
 *   CORS hook and Nest middleware) in the app; `fastify.addHook('onRequest', …)` when omitted.
 * @param resolve gives the provider of a VisitorTagSource class (e.g. `app.get(token, { strict: false })`).
 * @param clock the application's clock (token CLOCK): a copy lives by it, like the HotJsonCache entry it came from.
 * @returns the cache, for tests.
 */
export const registerVisitorFastPath = (
  fastify: FastifyInstance,
  resolve: (source: Type<VisitorTagSource>) => VisitorTagSource,
  {
    clock,
    cache = new VisitorResponseCache(() => clock.now().getTime()),
    onRequest,
  }: { clock: Clock; cache?: VisitorResponseCache; onRequest?: OnRequestSlot },
): VisitorResponseCache => {
  registerCacheStats('VisitorResponseCache', () => cache.stats());
  const sources = new Map<Type<VisitorTagSource>, VisitorTagSource>();
  /** Tag read before the handler ran, for visitors' requests on fast-path routes that missed. */
  const pending = new WeakMap<FastifyRequest, { source: VisitorTagSource; tag: number | string }>();

  const sourceOf = (req: FastifyRequest): VisitorTagSource | undefined => {
    if (req.method !== 'GET') return undefined;
    const token = (
      req.routeOptions.config as { [ROUTE_CONFIG_KEY]?: Type<VisitorTagSource> } | undefined
    )?.[ROUTE_CONFIG_KEY];
    if (!token || !isVisitor(req)) return undefined;
    let source = sources.get(token);
    if (!source) sources.set(token, (source = resolve(token)));
    return source;
  };

  const hook = (req: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const source = sourceOf(req);
    if (!source) return done();
    const tag = source.visitorTag();
    const hit = req.headers.origin === undefined ? cache.get(req.url, tag) : undefined;
    if (!hit) {
      pending.set(req, { source, tag });
      return done();
    }
    void reply.headers(hit.headers);
    void reply.code(200).type(hit.contentType).send(hit.body); // answered: `done` is not called
  };
  if (onRequest) onRequest(hook);
  else fastify.addHook('onRequest', hook);

  fastify.addHook(
    'onSend',
    (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: () => void) => {
      const miss = pending.get(req);
      if (
        miss &&
        reply.statusCode === 200 &&
        Buffer.isBuffer(payload) &&
        !reply.hasHeader('content-encoding') &&
        miss.source.visitorTag() === miss.tag
      ) {
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        const contentType = String(reply.getHeader('content-type') ?? 'application/octet-stream');
        cache.set(
          req.url,
          { body: payload, contentType, headers, tag: miss.tag },
          freshUntilOf(payload),
        );
      }
      done();
    },
  );
  return cache;
};
