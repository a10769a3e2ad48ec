import { minutesText, type RateLimitRules } from '../../common/guards/rate-limit.guard';

const MINUTE = 60_000;

/**
 * How long an STK prompt counts as open on the buyer's phone: Daraja's prompt times out after
 * about a minute and its callback follows; a purchase still pending this long after its push (a
 * lost callback) no longer stops a new prompt, while reconciliation settles it (ms).
 */
export const OPEN_PROMPT_MS = 2 * MINUTE;

/**
 * Rate limits of the routes that send an STK push (POST /api/processor/buy and
 * /api/processor/subscribe), on top of the one-open-prompt rule PurchaseService enforces in the
 * database: per phone (a stranger's phone must not receive a stream of PIN prompts) and per
 * client address (one client prompting many phones). Each route counts on its own; the README
 * lists the figures.
 */
export const STK_PUSH_RATE_LIMITS = {
  phone: {
    limit: 5,
    ttlMs: 10 * MINUTE,
    message: (s: number) =>
      `Too many payment requests for this phone number. Try again in ${minutesText(s)}.`,
  },
  address: {
    limit: 60,
    ttlMs: 10 * MINUTE,
    message: (s: number) =>
      `Too many payment requests from your network. Try again in ${minutesText(s)}.`,
  },
} as const satisfies RateLimitRules;
