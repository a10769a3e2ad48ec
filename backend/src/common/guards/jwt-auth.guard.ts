import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { IS_PUBLIC_KEY } from '../decorators/public.decorator';
import { AuthError, AuthErrorCode } from './auth.errors';

/** Name of the passport strategy that verifies access JWTs (modules/account/auth/jwt.strategy.ts). */
export const JWT_STRATEGY = 'jwt';

/**
 * Cookie that carries the access token when there is no Authorization header
 * (docs/PRODUCT-RULES.md R121).
 */
export const TOKEN_COOKIE = 'token';

interface RequestWithCredentials {
  headers: Record<string, string | string[] | undefined>;
  cookies?: Record<string, string | undefined>;
  user?: unknown;
}

const carriesCredentials = (req: RequestWithCredentials): boolean =>
  typeof req.headers.authorization === 'string' || !!req.cookies?.[TOKEN_COOKIE];

/**
 * The global guard (APP_GUARD, registered by AccountModule; docs/CONTRIBUTING.md §6): every HTTP route needs
 * a valid access JWT (bearer header, else the `token` cookie) unless marked @Public().
 * On a public route a valid token still sets `request.user` (and a bad one is ignored), so public
 * routes can tell a visitor from a logged-in user.
 * @throws AuthError NOT_AUTHENTICATED (401) without a token, TOKEN_INVALID (401) for an invalid or expired one.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard(JWT_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!isPublic) return (await super.canActivate(context)) as boolean;
    const req = context.switchToHttp().getRequest<RequestWithCredentials>();
    if (carriesCredentials(req)) {
      try {
        await super.canActivate(context);
      } catch {
        req.user = undefined;
      }
    }
    return true;
  }

  override handleRequest<T>(err: unknown, user: T | false | null, info: unknown): T {
    if (user && !err) return user;
    const noToken = info instanceof Error && /no auth token/i.test(info.message);
    throw new AuthError(noToken ? AuthErrorCode.NOT_AUTHENTICATED : AuthErrorCode.TOKEN_INVALID);
  }
}
