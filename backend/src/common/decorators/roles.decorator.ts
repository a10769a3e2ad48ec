import { SetMetadata } from '@nestjs/common';
import type { Role } from '../guards/auth-user';

export const ROLES_KEY = 'roles';

/**
 * Restricts a route (or controller) to callers holding one of `roles`; checked by RolesGuard
 * after the JWT guard. `admin` passes every role check (docs/PRODUCT-RULES.md, Roles: the back office).
 * Example: `@Roles('admin')`, `@Roles('tipster')`.
 */
export const Roles = (...roles: Role[]): MethodDecorator & ClassDecorator =>
  SetMetadata(ROLES_KEY, roles);
