/** Claims the frontend reads from an access token; the server signs and checks the rest. */
export interface AccessTokenClaims {
  sub?: string | number;
  role?: string;
  /** Expiry, seconds since the epoch. */
  exp?: number;
}

const base64UrlDecode = (input: string): string => {
  const base64 = input.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

/**
 * Payload of a JWT, decoded without verifying the signature (display and routing only:
 * the server verifies every call). Returns null for anything that is not a JWT.
 */
export const decodeJwtPayload = (token: string): AccessTokenClaims | null => {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as AccessTokenClaims)
      : null;
  } catch {
    return null;
  }
};

/** True when the token carries an `exp` claim that is past at `now` (ms since the epoch). */
export const isJwtExpired = (claims: AccessTokenClaims, now: number = Date.now()): boolean =>
  typeof claims.exp === 'number' && claims.exp * 1000 <= now;
