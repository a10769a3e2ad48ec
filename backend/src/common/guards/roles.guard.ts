import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ROLES_KEY } from '../decorators/roles.decorator';
import { AuthError, AuthErrorCode } from './auth.errors';
import type { AuthUser, Role } from './auth-user';

/**
 * True when a caller of role `role` may use a route restricted to `required` (docs/PRODUCT-RULES.md, Roles):
 * no restriction → everyone; `admin` passes every check; otherwise the role must be listed.
 */
export const roleAllows = (role: Role, required: readonly Role[] | undefined): boolean =>
  !required?.length || role === 'admin' || required.includes(role);

/**
 * Global guard (APP_GUARD after JwtAuthGuard): enforces @Roles(...). Routes without @Roles pass.
 * @throws AuthError NOT_AUTHENTICATED (401) without a caller, FORBIDDEN (403) for the wrong role.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const required = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!required?.length) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user) throw new AuthError(AuthErrorCode.NOT_AUTHENTICATED);
    if (!roleAllows(user.role, required)) throw new AuthError(AuthErrorCode.FORBIDDEN);
    return true;
  }
}
