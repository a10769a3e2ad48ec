/**
 * Roles (docs/PRODUCT-RULES.md, Roles): `user` (registered), `tipster` (a user who has published a slip),
 * `admin` (back office; created by the create-admin CLI). A visitor has no token and no role.
 */
export const ROLES = ['user', 'tipster', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The caller of an authenticated request, taken from the verified access token without a
 * database read (docs/CONTRIBUTING.md §6). `sessionId` is the refresh-token family the token was issued with.
 */
export interface AuthUser {
  id: number;
  username: string;
  role: Role;
  sessionId: string | null;
}

/** Claims of an access JWT (the frontend reads `sub`, `role` and `exp`: frontend/src/lib/jwt.ts). */
export interface AccessTokenClaims {
  sub: string;
  username: string;
  role: Role;
  /** Refresh-token family (session) id. */
  sid: string | null;
  typ: 'access';
  iat?: number;
  exp?: number;
}

/** Reads a verified access-token payload into an AuthUser; null when the claims are not an access token's. */
export const authUserFromClaims = (claims: unknown): AuthUser | null => {
  if (!claims || typeof claims !== 'object') return null;
  const c = claims as Partial<AccessTokenClaims>;
  const id = Number(c.sub);
  if (c.typ !== 'access' || !Number.isSafeInteger(id) || id <= 0) return null;
  if (typeof c.username !== 'string' || !ROLES.includes(c.role as Role)) return null;
  return {
    id,
    username: c.username,
    role: c.role as Role,
    sessionId: typeof c.sid === 'string' ? c.sid : null,
  };
};
