import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCookie, setCookie } from '../lib/cookies';
import { fakeJwt } from '../test-utils';
import { authProvider } from './authProvider';

const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('authProvider', () => {
  describe('login', () => {
    it('posts e-mail and password and stores both tokens in cookies', async () => {
      fetchMock.mockResolvedValue(
        new Response(JSON.stringify({ access: 'ACCESS', refresh: 'REFRESH' }), {
          headers: { 'Content-Type': 'application/json' },
        }),
      );
      await authProvider.login({ email: 'admin@example.com', password: 'secret123' });

      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe('/api/account/email-login');
      expect(init?.method).toBe('POST');
      expect(JSON.parse(String(init?.body))).toEqual({
        email: 'admin@example.com',
        password: 'secret123',
      });
      expect(getCookie('token')).toBe('ACCESS');
      expect(getCookie('refresh')).toBe('REFRESH');
    });

    it("takes react-admin's username field as the e-mail", async () => {
      fetchMock.mockResolvedValue(
        new Response(JSON.stringify({ access: 'A' }), {
          headers: { 'Content-Type': 'application/json' },
        }),
      );
      await authProvider.login({ username: 'admin@example.com', password: 'secret123' });
      expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
        email: 'admin@example.com',
      });
    });

    it("rejects with the server's message, else 'An error occurred' (docs/PRODUCT-RULES.md R70)", async () => {
      fetchMock.mockResolvedValueOnce(
        new Response(JSON.stringify({ message: 'Invalid credentials' }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
      await expect(authProvider.login({ email: 'a@b.co', password: 'x' })).rejects.toThrow(
        'Invalid credentials',
      );

      fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
      await expect(authProvider.login({ email: 'a@b.co', password: 'x' })).rejects.toThrow(
        'An error occurred',
      );
      expect(getCookie('token')).toBeNull();
    });
  });

  it('logout removes the token cookies and returns to /', async () => {
    setCookie('token', 'T');
    setCookie('refresh', 'R');
    await expect(authProvider.logout({})).resolves.toBe('/');
    expect(getCookie('token')).toBeNull();
    expect(getCookie('refresh')).toBeNull();
  });

  describe('checkAuth', () => {
    it('passes with an unexpired token cookie', async () => {
      setCookie('token', fakeJwt({ sub: 1, role: 'admin', exp: inOneHour() }));
      await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    });

    it('sends the visitor to / without a token, with an expired token or a non-JWT one', async () => {
      const rejection = { redirectTo: '/', message: false };
      await expect(authProvider.checkAuth({})).rejects.toEqual(rejection);
      setCookie('token', fakeJwt({ role: 'admin', exp: 1 }));
      await expect(authProvider.checkAuth({})).rejects.toEqual(rejection);
      setCookie('token', 'not-a-jwt');
      await expect(authProvider.checkAuth({})).rejects.toEqual(rejection);
    });
  });

  it('checkError rejects on 401 and 403 only', async () => {
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({
      redirectTo: '/',
    });
    await expect(authProvider.checkError({ status: 403 })).rejects.toMatchObject({
      redirectTo: '/',
    });
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 400 })).resolves.toBeUndefined();
    await expect(authProvider.checkError(new Error('network'))).resolves.toBeUndefined();
  });

  it('getPermissions answers the JWT role', async () => {
    setCookie('token', fakeJwt({ role: 'tipster', exp: inOneHour() }));
    await expect(authProvider.getPermissions?.({})).resolves.toBe('tipster');
    setCookie('token', fakeJwt({ exp: inOneHour() }));
    await expect(authProvider.getPermissions?.({})).resolves.toBeNull();
  });

  it('canAccess lets administrators in and denies everyone else', async () => {
    const params = {
      action: 'list',
      resource: 'withdrawals',
      signal: new AbortController().signal,
    };
    setCookie('token', fakeJwt({ role: 'admin', exp: inOneHour() }));
    await expect(authProvider.canAccess?.(params)).resolves.toBe(true);
    setCookie('token', fakeJwt({ role: 'user', exp: inOneHour() }));
    await expect(authProvider.canAccess?.(params)).resolves.toBe(false);
  });

  it('canAccess lets a tipster read their own resources only, and decide nothing', async () => {
    const signal = new AbortController().signal;
    setCookie('token', fakeJwt({ role: 'tipster', exp: inOneHour() }));
    await expect(
      authProvider.canAccess?.({ action: 'list', resource: 'withdrawals', signal }),
    ).resolves.toBe(true);
    await expect(
      authProvider.canAccess?.({ action: 'show', resource: 'slips', signal }),
    ).resolves.toBe(true);
    await expect(
      authProvider.canAccess?.({ action: 'edit', resource: 'withdrawals', signal }),
    ).resolves.toBe(false);
    await expect(
      authProvider.canAccess?.({ action: 'list', resource: 'users', signal }),
    ).resolves.toBe(false);
    await expect(
      authProvider.canAccess?.({ action: 'list', resource: 'unknown', signal }),
    ).resolves.toBe(false);
  });
});
