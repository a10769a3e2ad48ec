/**
 * Cap on all rate-limited routes together per client IP and route. Generous, since Kenyan mobile
 * networks put many subscribers behind one carrier-grade NAT address.
 */
export const RATE_LIMIT_PER_IP = { limit: 60, ttlMs: 60_000 } as const;

/**
 * Look-ups of a phone's own records with a proof (the subscriber panel, a buyer's history:
 * docs/PRODUCT-RULES.md R162), per phone; RATE_LIMIT_PER_IP caps them per client address.
 */
export const PHONE_LOOKUP_LIMIT = { limit: 20, ttlMs: 10 * 60_000 } as const;
