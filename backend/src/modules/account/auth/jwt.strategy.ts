import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AuthUser, authUserFromClaims } from '../../../common/guards/auth-user';
import { JWT_STRATEGY, TOKEN_COOKIE } from '../../../common/guards/jwt-auth.guard';
import { AppConfig } from '../../../config/app-config';
import { ClosedAccounts } from './closed-accounts';
import { asSecretOption, hmacKey } from './jwt-keys';

/**
 * The `token` cookie (docs/PRODUCT-RULES.md R121: the access token kept in a cookie), when
 * @fastify/cookie parsed one.
 */
const fromTokenCookie = (req: { cookies?: Record<string, string | undefined> }): string | null => {
  const value = req?.cookies?.[TOKEN_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : null;
};

/**
 * passport-jwt strategy (docs/CONTRIBUTING.md §6): reads the bearer token from the Authorization header and,
 * as a fallback, the `token` cookie; verifies HS256 with JWT_ACCESS_SECRET (as a KeyObject made
 * once, hmacKey: no PEM parsing attempt per request) and expiry; trusts the signed claims without
 * a database read, except that a closed account's token is refused at once (ClosedAccounts, an
 * in-process copy kept by Redis; docs/PRODUCT-RULES.md R264). Anything else fails with 401
 * (JwtAuthGuard).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(
    config: AppConfig,
    private readonly closed: ClosedAccounts,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([
        ExtractJwt.fromAuthHeaderAsBearerToken(),
        fromTokenCookie,
      ]),
      secretOrKey: asSecretOption(hmacKey(config.jwt.accessSecret)),
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /** The request's user, or false (→ 401) when the claims are not an access token's or name a closed account. */
  validate(payload: unknown): AuthUser | false {
    const user = authUserFromClaims(payload);
    return user && !this.closed.isClosed(user.id) ? user : false;
  }
}
