import { createHash, randomBytes, timingSafeEqual } from 'crypto';

/**
 * One-time secrets (password reset tokens, e-mail verification codes): 32 random bytes,
 * base64url (43 URL-safe characters). Only their SHA-256 is stored, so a database reader cannot
 * use them; SHA-256 suffices because the secret has 256 bits of entropy (no guessing to slow down).
 */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** Hex SHA-256 of a secret token (what the database stores and looks up). */
export const hashSecretToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** Constant-time comparison of two hex digests of equal length. */
export const sameDigest = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
};

/** Shape check of a token from a URL or body before touching the database. */
export const looksLikeSecretToken = (v: string): boolean => /^[A-Za-z0-9_-]{20,128}$/.test(v);
