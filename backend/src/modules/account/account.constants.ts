import type { RateLimitRules } from '../../common/guards/rate-limit.guard';

/**
 * Account rules and limits (docs/PRODUCT-RULES.md "Accounts", R130). Times in ms unless the name
 * says otherwise.
 */

/** Username: 3-30 letters, digits, '_' or '.', unique ignoring case. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
/**
 * docs/PRODUCT-RULES.md R56: password minimum 8 characters. The maximum bounds hashing work per
 * request.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
/** docs/PRODUCT-RULES.md R56: phone at registration exactly 10 digits. */
export const REGISTRATION_PHONE_PATTERN = /^\d{10}$/;
/** RFC 5321 limit on an address. */
export const EMAIL_MAX = 254;
/** Account details (docs/PRODUCT-RULES.md "Accounts": name ≤ 60, city ≤ 60). */
export const NAME_MAX = 60;
export const CITY_MAX = 60;

/**
 * Countries a user may hold (docs/PRODUCT-RULES.md "Accounts": KE by default; NG, UG, TZ
 * selectable).
 */
export const COUNTRIES = ['KE', 'NG', 'UG', 'TZ'] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = 'KE';

/**
 * Password reset link validity (docs/PRODUCT-RULES.md "Accounts": 1 hour) and e-mail verification
 * code validity (24 h).
 */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** Avatar upload (docs/PRODUCT-RULES.md "Accounts"): at most 2 MB, re-encoded to a 256×256 WebP. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;
/** Refuse images whose pixel count would make decoding expensive (decompression bombs). */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;
/** Multipart field of the avatar (docs/PRODUCT-RULES.md R141). */
export const AVATAR_FIELD = 'profile_image';
/** URL path under which avatars are served (stable per upload: file names never repeat). */
export const AVATAR_URL_PATH = '/media/avatars';

/**
 * argon2id parameters: OWASP Password Storage Cheat Sheet's first option (19 MiB, 2 passes,
 * 1 lane): ~30 ms per hash here, and bounded memory under a burst of logins.
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Rate limits of the account routes, each also under the per-address cap of RateLimitModule
 * (60 a minute per route). Counted in Redis per key (RateLimitKey); the README lists them.
 * Registration limits what an attacker needs — many sign-ups per e-mail, phone or browser — and
 * keeps only a high ceiling per address, since Kenyan mobile carriers put many subscribers behind
 * one carrier-grade NAT address.
 */
export const RATE_LIMITS = {
  /** Guessing one account's password from one address (LOGIN_LOCK covers many addresses). */
  login: { 'address+email': { limit: 10, ttlMs: 15 * MINUTE } },
  register: {
    email: { limit: 5, ttlMs: HOUR },
    phone: { limit: 5, ttlMs: HOUR, from: { body: 'phone_number' } },
    device: { limit: 10, ttlMs: HOUR },
    address: { limit: 200, ttlMs: HOUR },
  },
  /** Mail bombing one address with reset links. */
  resetRequest: { email: { limit: 5, ttlMs: HOUR } },
  resetConfirm: { address: { limit: 10, ttlMs: 15 * MINUTE } },
  sendVerification: { user: { limit: 5, ttlMs: HOUR } },
  verifyEmail: { user: { limit: 10, ttlMs: 15 * MINUTE } },
  refresh: { address: { limit: 30, ttlMs: MINUTE } },
} as const satisfies Record<string, RateLimitRules>;

/**
 * Account lock: after `failures` wrong passwords for one e-mail within `windowMs`, from any
 * addresses, password login for that e-mail answers 429 for `lockMs` (a password reset lifts it).
 * Counted for unknown e-mails too, so the lock says nothing about which accounts exist.
 */
export const LOGIN_LOCK = { failures: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE } as const;

/**
 * Data rights (docs/PRODUCT-RULES.md R260-R266): a password proof lasts REAUTH_TTL_MS; an erased
 * account's username cannot be registered for ERASED_USERNAME_HOLD_MS; an erased account is shown
 * as ERASED_USERNAME; exports and closings are rate limited per user.
 */
export const REAUTH_TTL_MS = 5 * MINUTE;
export const ERASED_USERNAME_HOLD_MS = 30 * 24 * HOUR;
export const ERASED_USERNAME = 'deleted tipster';
/** The confirmation field of DELETE /api/account: the user types this word. */
export const CLOSE_ACCOUNT_CONFIRMATION = 'DELETE';
export const DATA_RIGHTS_RATE_LIMITS = {
  reauth: { user: { limit: 5, ttlMs: 15 * MINUTE } },
  export: { user: { limit: 5, ttlMs: HOUR } },
  close: { user: { limit: 5, ttlMs: HOUR } },
} as const satisfies Record<string, RateLimitRules>;
