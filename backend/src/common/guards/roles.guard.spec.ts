import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Roles } from '../decorators/roles.decorator';
import { AuthError, AuthErrorCode } from './auth.errors';
import { AuthUser, authUserFromClaims, Role } from './auth-user';
import { roleAllows, RolesGuard } from './roles.guard';

class Routes {
  @Roles('admin') adminOnly(): void {}
  @Roles('tipster') tipsterOnly(): void {}
  open(): void {}
}

const contextFor = (handler: keyof Routes, user?: AuthUser): ExecutionContext =>
  ({
    getType: () => 'http',
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  }) as unknown as ExecutionContext;

const as = (role: Role): AuthUser => ({ id: 1, username: 'u', role, sessionId: null });

describe(RolesGuard.name, () => {
  const guard = new RolesGuard(new Reflector());

  it.each([
    ['open', 'user', true],
    ['adminOnly', 'admin', true],
    ['tipsterOnly', 'tipster', true],
    ['tipsterOnly', 'admin', true],
  ] as const)('lets %s through for a %s', (route, role, ok) => {
    expect(guard.canActivate(contextFor(route, as(role)))).toBe(ok);
  });

  it.each([
    ['adminOnly', 'user'],
    ['adminOnly', 'tipster'],
    ['tipsterOnly', 'user'],
  ] as const)('refuses %s to a %s with 403', (route, role) => {
    expect(() => guard.canActivate(contextFor(route, as(role)))).toThrow(
      expect.objectContaining({ code: AuthErrorCode.FORBIDDEN, status: 403 }),
    );
  });

  it('answers 401 when a restricted route has no caller', () => {
    expect(() => guard.canActivate(contextFor('adminOnly'))).toThrow(AuthError);
    expect(() => guard.canActivate(contextFor('adminOnly'))).toThrow(
      expect.objectContaining({ code: AuthErrorCode.NOT_AUTHENTICATED, status: 401 }),
    );
  });

  it('lets a visitor reach a route without @Roles', () => {
    expect(guard.canActivate(contextFor('open'))).toBe(true);
  });
});

describe('roleAllows', () => {
  it('treats admin as passing every role check', () => {
    expect(roleAllows('admin', ['tipster'])).toBe(true);
    expect(roleAllows('user', [])).toBe(true);
    expect(roleAllows('user', ['tipster', 'admin'])).toBe(false);
  });
});

describe('authUserFromClaims', () => {
  it('reads an access token payload', () => {
    expect(
      authUserFromClaims({ sub: '7', username: 'jo', role: 'tipster', sid: 'f', typ: 'access' }),
    ).toEqual({
      id: 7,
      username: 'jo',
      role: 'tipster',
      sessionId: 'f',
    });
  });

  it.each([
    [{ sub: '7', username: 'jo', role: 'user', typ: 'refresh' }],
    [{ sub: 'x', username: 'jo', role: 'user', typ: 'access' }],
    [{ sub: '7', username: 'jo', role: 'root', typ: 'access' }],
    [{ sub: '7', role: 'user', typ: 'access' }],
    [null],
    ['token'],
  ])('refuses %j', (claims) => {
    expect(authUserFromClaims(claims)).toBeNull();
  });
});
