import { applyDecorators, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { normalizeIp, Throttle, ThrottlerGuard, ThrottlerLimitDetail } from '@nestjs/throttler';
import { DomainError } from '../errors/domain-error';
import type { AuthUser } from './auth-user';

/** Throttler names (configured in RateLimitModule): a wide per-IP cap and a per-route target cap. */
export const THROTTLER = { IP: 'ip', TARGET: 'target' } as const;

/** Message of every 429 answer. */
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Try again later.';

/** What a route's target limit counts per: client IP, submitted e-mail, both, or the logged-in user. */
export type RateLimitKey = 'ip' | 'email' | 'ip+email' | 'user';

interface TrackedRequest {
  ip?: string;
  body?: unknown;
  user?: AuthUser;
}

const ipOf = (req: TrackedRequest): string => normalizeIp(req.ip ?? 'unknown');
const emailOf = (req: TrackedRequest): string => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/** Builds the tracker string of `key` for a request (pure; exported for tests). */
export const rateLimitTracker = (key: RateLimitKey, req: TrackedRequest): string => {
  switch (key) {
    case 'email':
      return emailOf(req) ? `email:${emailOf(req)}` : `ip:${ipOf(req)}`;
    case 'ip+email':
      return `ip:${ipOf(req)}|email:${emailOf(req)}`;
    case 'user':
      return req.user ? `user:${req.user.id}` : `ip:${ipOf(req)}`;
    default:
      return `ip:${ipOf(req)}`;
  }
};

/**
 * ThrottlerGuard answering 429 `{ message: 'Too many attempts. Try again later.' }` with a
 * Retry-After header. Applied per route with @RateLimit(); counters in Redis (RedisThrottlerStorage).
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    // The library names the header after the throttler ('Retry-After-target'); clients read the plain one.
    this.setResponseHeader(context.switchToHttp().getResponse(), 'Retry-After', Math.max(1, detail.timeToBlockExpire));
    throw new DomainError('RATE_LIMITED', { status: 429, message: RATE_LIMITED_MESSAGE });
  }
}

/**
 * Rate-limits a route (issue 5: login, register, reset, verification): at most `limit` hits per
 * `ttlMs` counted per `by` (then blocked for `ttlMs`), on top of the per-IP cap of RateLimitModule.
 * Runs after the JWT guard, so `by: 'user'` counts per logged-in user.
 */
export const RateLimit = (opts: { limit: number; ttlMs: number; by: RateLimitKey }): MethodDecorator & ClassDecorator =>
  applyDecorators(
    UseGuards(RateLimitGuard),
    Throttle({
      [THROTTLER.TARGET]: {
        limit: opts.limit,
        ttl: opts.ttlMs,
        blockDuration: opts.ttlMs,
        getTracker: (req) => rateLimitTracker(opts.by, req as TrackedRequest),
      },
    }),
  );
