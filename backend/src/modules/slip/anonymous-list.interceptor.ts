import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable, of, tap } from 'rxjs';
import { SlipListCache } from './slip-list-cache';

/** How long a visitor's URL keeps answering from the copy below without going through the handler (ms). */
export const ANONYMOUS_URL_TTL_MS = 1_000;
/** Most URLs remembered (oldest dropped first): bounds memory against arbitrary query strings. */
export const ANONYMOUS_URL_MAX = 1_000;

interface UrlEntry {
  body: Buffer;
  generation: number;
  at: number;
}

/**
 * For visitors (no bearer token, no `token` cookie) on the public slip lists: answers a URL seen
 * in the last second with the very bytes its handler returned then, before the query DTO is
 * validated and transformed (interceptors run before pipes). Only bytes the handler produced —
 * i.e. from a query that passed validation — are remembered, and only while the list cache's
 * generation is unchanged, so a publish or a settlement in any process shows at once. Saves the
 * validation work on the hottest route (docs/PERFORMANCE.md "Marketplace at scale").
 */
@Injectable()
export class AnonymousListInterceptor implements NestInterceptor {
  private readonly byUrl = new Map<string, UrlEntry>();

  constructor(private readonly lists: SlipListCache) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    if (req.method !== 'GET' || req.headers.authorization || /(?:^|;\s*)token=/.test(req.headers.cookie ?? '')) return next.handle();
    const now = Date.now();
    const generation = this.lists.generation;
    const hit = this.byUrl.get(req.url);
    if (hit && hit.generation === generation && now - hit.at < ANONYMOUS_URL_TTL_MS) return of(hit.body);
    return next.handle().pipe(
      tap((out) => {
        if (!Buffer.isBuffer(out) || this.lists.generation !== generation) return;
        this.byUrl.delete(req.url);
        this.byUrl.set(req.url, { body: out, generation, at: now });
        if (this.byUrl.size > ANONYMOUS_URL_MAX) this.byUrl.delete(this.byUrl.keys().next().value as string);
      }),
    );
  }
}
