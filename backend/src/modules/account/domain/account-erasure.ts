import { createHash } from 'crypto';
import { ERASED_USERNAME } from '../account.constants';

/**
 * SHA-256 (hex) of a username in lower case, trimmed: what an erased account keeps of its name so
 * that the name is refused at registration for 30 days (docs/PRODUCT-RULES.md R264) without the
 * name itself being kept.
 */
export const erasedUsernameHash = (username: string): string =>
  createHash('sha256').update(username.trim().toLowerCase()).digest('hex');

/**
 * The tombstone of an erased account's personal fields (docs/PRODUCT-RULES.md R263): the shown
 * name "deleted tipster", an e-mail that can never be delivered or typed at login, no phone, name,
 * city or avatar, and a password hash no password matches.
 */
export const accountTombstone = (userId: number) => ({
  username: ERASED_USERNAME,
  email: `erased-${userId}@erased.invalid`,
  phoneNumber: null,
  msisdn: null,
  passwordHash: '!erased',
  name: '',
  city: '',
  avatarFile: null,
});

/** What the back office shows an account as (docs/PRODUCT-RULES.md R281). */
export const ACCOUNT_STATUSES = ['active', 'banned', 'erased'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * An account's status (docs/PRODUCT-RULES.md R281): `erased` once closed (R263), whether banned or
 * not; else `banned` while banned; else `active`. Pure.
 */
export const accountStatus = (a: {
  erasedAt: Date | null;
  bannedAt: Date | null;
}): AccountStatus => (a.erasedAt !== null ? 'erased' : a.bannedAt !== null ? 'banned' : 'active');
