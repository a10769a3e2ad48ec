import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { KeyObject, randomUUID } from 'crypto';
import type { AccessTokenClaims, Role } from '../../../common/guards/auth-user';
import { CLOCK, type Clock, systemClock } from '../../../common/clock/clock';
import { AppConfig } from '../../../config/app-config';
import { asSecretOption, hmacKey } from './jwt-keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Claims of a refresh JWT: user, family (session) and the generation it was issued at. */
export interface RefreshTokenClaims {
  sub: string;
  sid: string;
  gen: number;
  typ: 'refresh';
  jti: string;
}

/** What an access token says about its holder. */
export interface TokenSubject {
  id: number;
  username: string;
  role: Role;
}

/**
 * Signs an access JWT (HS256): `sub`, `username`, `role`, `sid`, `typ: 'access'`, expiring after
 * `ttlSeconds` (15 minutes by config). `secret` is JWT_ACCESS_SECRET, as text or as its KeyObject
 * (hmacKey: same token, without jsonwebtoken trying it as a PEM key first).
 */
export const signAccessToken = (
  jwt: JwtService,
  user: TokenSubject,
  sessionId: string | null,
  secret: string | KeyObject,
  ttlSeconds: number,
): string => {
  const claims: AccessTokenClaims = {
    sub: String(user.id),
    username: user.username,
    role: user.role,
    sid: sessionId,
    typ: 'access',
  };
  const key = typeof secret === 'string' ? { secret } : { privateKey: secret };
  return jwt.sign(claims, { ...key, expiresIn: ttlSeconds, algorithm: 'HS256' });
};

/**
 * Access and refresh JWTs (docs/PRODUCT-RULES.md "Accounts", R58, R121): access 15 minutes, refresh
 * 30 days, each with its own secret (JWT_ACCESS_SECRET, JWT_REFRESH_SECRET) so one can never pass
 * for the other.
 */
@Injectable()
export class TokenService {
  /** The secrets as KeyObjects, made once (hmacKey). */
  private readonly accessKey: KeyObject;
  private readonly refreshKey: KeyObject;

  /** @param clock the application's clock (token CLOCK): refresh tokens are issued and checked by it, like their sessions. */
  constructor(
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {
    this.accessKey = hmacKey(config.jwt.accessSecret);
    this.refreshKey = hmacKey(config.jwt.refreshSecret);
  }

  /** A signed access token for `user` in session `sessionId`. */
  signAccess(user: TokenSubject, sessionId: string | null): string {
    return signAccessToken(
      this.jwt,
      user,
      sessionId,
      this.accessKey,
      this.config.jwt.accessTtlSeconds,
    );
  }

  /** A signed refresh token of generation `gen` in family `familyId`, and when it expires. */
  signRefresh(
    userId: number,
    familyId: string,
    gen: number,
    now: Date,
  ): { token: string; expiresAt: Date } {
    const { refreshTtlSeconds } = this.config.jwt;
    const claims: Omit<RefreshTokenClaims, 'jti'> = {
      sub: String(userId),
      sid: familyId,
      gen,
      typ: 'refresh',
    };
    const iat = Math.floor(now.getTime() / 1000);
    const token = this.jwt.sign(
      { ...claims, iat },
      {
        privateKey: this.refreshKey,
        expiresIn: refreshTtlSeconds,
        algorithm: 'HS256',
        jwtid: randomUUID(),
      },
    );
    return { token, expiresAt: new Date((iat + refreshTtlSeconds) * 1000) };
  }

  /** The claims of a refresh token with a valid signature that has not expired, else null. */
  verifyRefresh(token: string): (RefreshTokenClaims & { userId: number }) | null {
    if (typeof token !== 'string' || token.length > 2048) return null;
    try {
      const c = this.jwt.verify<RefreshTokenClaims>(token, {
        publicKey: asSecretOption(this.refreshKey),
        algorithms: ['HS256'],
        clockTimestamp: Math.floor(this.clock.now().getTime() / 1000),
      });
      const userId = Number(c.sub);
      if (
        c.typ !== 'refresh' ||
        !UUID.test(String(c.sid)) ||
        !Number.isInteger(c.gen) ||
        !Number.isSafeInteger(userId)
      )
        return null;
      return { ...c, userId };
    } catch {
      return null;
    }
  }

  /** Like verifyRefresh but ignoring expiry (logout of an expired session). */
  decodeRefreshForLogout(token: string): (RefreshTokenClaims & { userId: number }) | null {
    if (typeof token !== 'string' || token.length > 2048) return null;
    try {
      const c = this.jwt.verify<RefreshTokenClaims>(token, {
        publicKey: asSecretOption(this.refreshKey),
        algorithms: ['HS256'],
        ignoreExpiration: true,
      });
      return c.typ === 'refresh' && UUID.test(String(c.sid))
        ? { ...c, userId: Number(c.sub) }
        : null;
    } catch {
      return null;
    }
  }
}
