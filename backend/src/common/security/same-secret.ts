import { createHash, timingSafeEqual } from 'crypto';

/**
 * Whether `given` equals the configured secret `expected`, in constant time (both SHA-256 hashed
 * first, so neither content nor length leaks). An empty `expected` never matches. Used for the
 * secret path tokens of provider callbacks (docs/PROVIDERS.md §1.10, §3.3).
 */
export const sameSecret = (given: string, expected: string): boolean =>
  expected !== '' &&
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );
