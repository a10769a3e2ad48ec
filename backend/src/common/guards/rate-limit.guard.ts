import {
  applyDecorators,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import {
  normalizeIp,
  Throttle,
  ThrottlerGuard,
  ThrottlerLimitDetail,
  ThrottlerRequest,
} from '@nestjs/throttler';
import { DomainError } from '../errors/domain-error';
import { toKenyanMsisdn } from '../msisdn/msisdn';
import type { AuthUser } from './auth-user';

/** Message of a 429 answer unless the route's rule names its own. */
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Try again later.';

/** Cookie holding a random id of the browser (set by registration): what `device` limits count per. */
export const DEVICE_COOKIE = 'device';
/** A device id as we issue it: 22 base64url characters (16 random bytes). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * What a limit counts per (each has its own throttler in RateLimitModule):
 * - `address`: the client address (the socket's, or X-Forwarded-For from a TRUST_PROXY proxy; an
 *   IPv6 client by its /64);
 * - `email`: the e-mail submitted (trimmed, lower case);
 * - `address+email`: both together;
 * - `phone`: the phone submitted, as MSISDN when it is a Kenyan number;
 * - `device`: the browser's DEVICE_COOKIE;
 * - `user`: the logged-in user.
 * A request without the value (no e-mail in the body, no cookie...) is not counted by that key.
 */
export const RATE_LIMIT_KEYS = [
  'address',
  'email',
  'address+email',
  'phone',
  'device',
  'user',
] as const;
export type RateLimitKey = (typeof RATE_LIMIT_KEYS)[number];

/** Throttler names (configured in RateLimitModule): the per-route cap per address, then one per key. */
export const THROTTLER = { IP: 'ip' } as const;

/** One limit of a route: at most `limit` hits per `ttlMs`, then 429 for `blockMs` (default `ttlMs`). */
export interface RateLimitRule {
  limit: number;
  ttlMs: number;
  blockMs?: number;
  /** Where `email` / `phone` is read: a body field (default `email` / `phone`), a route parameter or a query parameter. */
  from?: { body: string } | { param: string } | { query: string };
  /** The 429 message, given the seconds until the block ends (default RATE_LIMITED_MESSAGE). */
  message?: (retryAfterSeconds: number) => string;
}
export type RateLimitRules = Partial<Record<RateLimitKey, RateLimitRule>>;

interface TrackedRequest {
  ip?: string;
  body?: unknown;
  params?: Record<string, unknown>;
  query?: unknown;
  cookies?: Record<string, string | undefined>;
  user?: AuthUser;
}

const ipOf = (req: TrackedRequest): string => normalizeIp(req.ip ?? 'unknown');

const safeDecode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The raw value of `field` from the rule's source: a body field, a route parameter or a query parameter (already decoded). */
const valueOf = (req: TrackedRequest, field: string, from?: RateLimitRule['from']): string => {
  const raw =
    from && 'param' in from
      ? req.params?.[from.param]
      : from && 'query' in from
        ? (req.query as Record<string, unknown> | undefined)?.[from.query]
        : (req.body as Record<string, unknown> | undefined)?.[
            from && 'body' in from ? from.body : field
          ];
  if (typeof raw === 'number' && field === 'phone') return String(raw); // the buy form may send digits as a number
  if (typeof raw !== 'string') return '';
  return (from && 'param' in from ? safeDecode(raw) : raw).trim().slice(0, 320);
};

const emailOf = (req: TrackedRequest, from?: RateLimitRule['from']): string =>
  valueOf(req, 'email', from).toLowerCase();
const phoneOf = (req: TrackedRequest, from?: RateLimitRule['from']): string => {
  const raw = valueOf(req, 'phone', from);
  return raw ? (toKenyanMsisdn(raw) ?? raw.replace(/\s+/g, '')) : '';
};

/**
 * The tracker string of `key` for a request, or '' when the request carries no such value
 * (then that limit does not count it). Pure; exported for tests.
 */
export const rateLimitTracker = (
  key: RateLimitKey,
  req: TrackedRequest,
  from?: RateLimitRule['from'],
): string => {
  switch (key) {
    case 'address':
      return `ip:${ipOf(req)}`;
    case 'email': {
      const email = emailOf(req, from);
      return email ? `email:${email}` : '';
    }
    case 'address+email': {
      const email = emailOf(req, from);
      return email ? `ip:${ipOf(req)}|email:${email}` : '';
    }
    case 'phone': {
      const phone = phoneOf(req, from);
      return phone ? `phone:${phone}` : '';
    }
    case 'device': {
      const id = req.cookies?.[DEVICE_COOKIE];
      return id && DEVICE_ID_PATTERN.test(id) ? `device:${id}` : '';
    }
    case 'user':
      return req.user ? `user:${req.user.id}` : '';
  }
};

const messageKey = (name: string): string => `rate-limit:message:${name}`;

/**
 * ThrottlerGuard answering 429 `{ message }` (RATE_LIMITED_MESSAGE or the rule's own) with a
 * Retry-After header. A key whose tracker is empty for a request does not count it. Applied per
 * route with @RateLimit(); counters in Redis (RedisThrottlerStorage).
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const { req } = this.getRequestResponse(props.context);
    const tracker = await props.getTracker(req, props.context);
    if (!tracker) return true;
    try {
      return await super.handleRequest({ ...props, getTracker: () => tracker });
    } catch (err) {
      const message = this.reflector.getAllAndOverride<RateLimitRule['message']>(
        messageKey(props.throttler.name as string),
        [props.context.getHandler(), props.context.getClass()],
      );
      if (message && err instanceof RateLimitedError)
        throw new RateLimitedError(message(err.retryAfterSeconds), err.retryAfterSeconds);
      throw err;
    }
  }

  protected override async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw new RateLimitedError(RATE_LIMITED_MESSAGE, Math.max(1, detail.timeToBlockExpire));
  }
}

/**
 * 429 `{ message }`; the global filter adds the Retry-After header (the library's own is named
 * after the throttler, 'Retry-After-phone'; clients read the plain one).
 */
export class RateLimitedError extends DomainError<'RATE_LIMITED'> {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', { status: 429, message });
  }
}

/**
 * Rate-limits a route with one rule per key (see RateLimitKey), on top of RateLimitModule's cap
 * per address and route. Each rule counts its hits in Redis per route; past `limit` within
 * `ttlMs` the route answers 429 for `blockMs`. Runs after the JWT guard, so `user` counts per
 * logged-in user.
 */
export const RateLimit = (rules: RateLimitRules): MethodDecorator & ClassDecorator => {
  const entries = Object.entries(rules) as [RateLimitKey, RateLimitRule][];
  return applyDecorators(
    UseGuards(RateLimitGuard),
    Throttle(
      Object.fromEntries(
        entries.map(([key, rule]) => [
          key,
          {
            limit: rule.limit,
            ttl: rule.ttlMs,
            blockDuration: rule.blockMs ?? rule.ttlMs,
            getTracker: (req: Record<string, unknown>) =>
              rateLimitTracker(key, req as TrackedRequest, rule.from),
          },
        ]),
      ),
    ),
    ...entries
      .filter(([, rule]) => rule.message)
      .map(([key, rule]) => SetMetadata(messageKey(key), rule.message)),
  );
};

/** "N minutes" (at least one) for a 429 message, from seconds. */
export const minutesText = (seconds: number): string => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};
