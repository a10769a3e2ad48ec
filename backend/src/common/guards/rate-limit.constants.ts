/**
 * Cap on all rate-limited routes together per client IP and route. Generous, since Kenyan mobile
 * networks put many subscribers behind one carrier-grade NAT address.
 */
export const RATE_LIMIT_PER_IP = { limit: 60, ttlMs: 60_000 } as const;
