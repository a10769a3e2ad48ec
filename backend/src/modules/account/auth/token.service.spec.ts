import { KeyObject } from 'crypto';
import { JwtService } from '@nestjs/jwt';
import * as jsonwebtoken from 'jsonwebtoken';
import type { AppConfig } from '../../../config/app-config';
import type { ClosedAccounts } from './closed-accounts';
import { JwtStrategy } from './jwt.strategy';
import { TokenService } from './token.service';

// Records the key jsonwebtoken receives, from @nestjs/jwt and from passport-jwt alike.
jest.mock('jsonwebtoken', () => {
  const actual = jest.requireActual('jsonwebtoken');
  return { ...actual, sign: jest.fn(actual.sign), verify: jest.fn(actual.verify) };
});
const signSpy = jsonwebtoken.sign as unknown as jest.Mock;
const verifySpy = jsonwebtoken.verify as unknown as jest.Mock;

const ACCESS = 'test-access-secret-0123456789abcdef';
const REFRESH = 'test-refresh-secret-0123456789abcdef';
const config = {
  jwt: {
    accessSecret: ACCESS,
    refreshSecret: REFRESH,
    accessTtlSeconds: 900,
    refreshTtlSeconds: 30 * 86_400,
  },
} as unknown as AppConfig;
const NOW = new Date('2026-11-23T10:00:00Z');
const FAMILY = '5f0c2a56-7d4e-4e8a-9a57-1f0a3c9b2d11';
const user = { id: 42, username: 'otieno_tips', role: 'tipster' as const };

/** What the service signed before (the secret as a string), for the byte-for-byte comparison. */
const plain = new JwtService({});

/** Runs passport-jwt's strategy on a request carrying `token`: the user it accepts, or false. */
const authenticate = (strategy: JwtStrategy, token: string): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const s = strategy as unknown as {
      success: (u: unknown) => void;
      fail: () => void;
      error: (e: unknown) => void;
      authenticate: (req: unknown, opts: object) => void;
    };
    s.success = resolve;
    s.fail = () => resolve(false);
    s.error = reject;
    s.authenticate({ headers: { authorization: `Bearer ${token}` }, cookies: {} }, {});
  });

describe('JWT secrets as KeyObjects (same tokens on the wire)', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] });
    signSpy.mockClear();
    verifySpy.mockClear();
  });
  afterEach(() => jest.useRealTimers());

  it('signs access and refresh tokens with a secret KeyObject, byte for byte as with the string secret', () => {
    const tokens = new TokenService(new JwtService({}), config);
    const access = tokens.signAccess(user, FAMILY);
    const claims = {
      sub: '42',
      username: 'otieno_tips',
      role: 'tipster',
      sid: FAMILY,
      typ: 'access',
    };
    expect(access).toBe(plain.sign(claims, { secret: ACCESS, expiresIn: 900, algorithm: 'HS256' }));
    expect(signSpy.mock.calls[0][1]).toBeInstanceOf(KeyObject);
    expect((signSpy.mock.calls[0][1] as KeyObject).type).toBe('secret');

    signSpy.mockClear();
    const { token: refresh } = tokens.signRefresh(42, FAMILY, 3, NOW);
    expect(signSpy.mock.calls[0][1]).toBeInstanceOf(KeyObject);
    const [, payload] = refresh.split('.');
    const { jti } = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const iat = Math.floor(NOW.getTime() / 1000);
    expect(refresh).toBe(
      plain.sign(
        { sub: '42', sid: FAMILY, gen: 3, typ: 'refresh', iat },
        { secret: REFRESH, expiresIn: 30 * 86_400, algorithm: 'HS256', jwtid: jti },
      ),
    );
  });

  it('verifies refresh tokens signed with the string secret (tokens issued before) through a KeyObject', () => {
    const tokens = new TokenService(new JwtService({}), config);
    const iat = Math.floor(NOW.getTime() / 1000);
    const old = plain.sign(
      { sub: '42', sid: FAMILY, gen: 1, typ: 'refresh', iat },
      { secret: REFRESH, expiresIn: 60, algorithm: 'HS256', jwtid: 'a' },
    );
    verifySpy.mockClear();
    expect(tokens.verifyRefresh(old)).toMatchObject({ userId: 42, sid: FAMILY, gen: 1 });
    expect(verifySpy.mock.calls[0][1]).toBeInstanceOf(KeyObject);
    expect(tokens.decodeRefreshForLogout(old)).toMatchObject({ userId: 42, sid: FAMILY });
    // Still one secret per token kind, and expiry still checked.
    expect(
      tokens.verifyRefresh(
        plain.sign({ sub: '42', sid: FAMILY, gen: 1, typ: 'refresh' }, { secret: ACCESS }),
      ),
    ).toBeNull();
    jest.setSystemTime(new Date(NOW.getTime() + 61_000));
    expect(tokens.verifyRefresh(old)).toBeNull();
    expect(tokens.decodeRefreshForLogout(old)).toMatchObject({ userId: 42 });
  });

  it('authenticates requests (passport-jwt) through a KeyObject: old string-signed tokens pass, others fail', async () => {
    const strategy = new JwtStrategy(config, {
      isClosed: () => false,
    } as unknown as ClosedAccounts);
    const claims = {
      sub: '42',
      username: 'otieno_tips',
      role: 'tipster',
      sid: FAMILY,
      typ: 'access',
    };
    const old = plain.sign(claims, { secret: ACCESS, expiresIn: 900, algorithm: 'HS256' });
    verifySpy.mockClear();
    await expect(authenticate(strategy, old)).resolves.toEqual({
      id: 42,
      username: 'otieno_tips',
      role: 'tipster',
      sessionId: FAMILY,
    });
    expect(verifySpy.mock.calls[0][1]).toBeInstanceOf(KeyObject);
    await expect(
      authenticate(strategy, new TokenService(new JwtService({}), config).signAccess(user, null)),
    ).resolves.toMatchObject({ id: 42 });
    await expect(
      authenticate(strategy, plain.sign(claims, { secret: REFRESH, expiresIn: 900 })),
    ).resolves.toBe(false);
    await expect(
      authenticate(
        strategy,
        plain.sign(claims, { secret: ACCESS, expiresIn: 900, algorithm: 'HS512' }),
      ),
    ).resolves.toBe(false);
  });
});
