import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AuthUser } from '../guards/auth-user';
import { AuthError, AuthErrorCode } from '../guards/auth.errors';

/**
 * The authenticated caller (set by JwtAuthGuard). On a non-public route it is always present;
 * on a @Public() route use `@CurrentUser({ optional: true })`, which gives undefined for visitors.
 * @throws AuthError NOT_AUTHENTICATED (401) when required and absent.
 */
export const CurrentUser = createParamDecorator(
  (opts: { optional?: boolean } | undefined, ctx: ExecutionContext): AuthUser | undefined => {
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user && !opts?.optional) throw new AuthError(AuthErrorCode.NOT_AUTHENTICATED);
    return user;
  },
);
