import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCookie, setCookie } from '../lib/cookies';
import { api, ApiError, apiRequest, errorMessage } from './client';

const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const lastRequest = (): { url: string; init: RequestInit; headers: Headers } => {
  const [url, init = {}] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
};

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('parses a JSON answer', async () => {
    fetchMock.mockResolvedValue(json({ markets: [{ id: 1 }] }));
    await expect(api.get('/api/slip/markets')).resolves.toEqual({
      markets: [{ id: 1 }],
    });
    expect(lastRequest().init.method).toBe('GET');
  });

  it('sends the token cookie as a bearer token', async () => {
    setCookie('token', 'abc.def.ghi');
    fetchMock.mockResolvedValue(json({}));
    await api.get('/api/account/profile');
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header without a token or when auth is off', async () => {
    fetchMock.mockImplementation(async () => json({}));
    await api.get('/api/home/active');
    expect(lastRequest().headers.has('Authorization')).toBe(false);

    setCookie('token', 'abc');
    await api.post('/api/account/email-login', { email: 'a@b.co', password: 'x' }, { auth: false });
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('sends a JSON body with its content type', async () => {
    fetchMock.mockResolvedValue(json({ message: 'ok' }));
    await api.post('/api/processor/buy', { phone: '254712345678', slip: 7 });
    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"phone":"254712345678","slip":7}');
  });

  it('sends FormData as multipart, leaving the boundary to fetch', async () => {
    fetchMock.mockResolvedValue(json({}));
    const form = new FormData();
    form.append('profile_image', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.post('/api/account/user/avatar', form);
    expect(lastRequest().init.body).toBe(form);
    expect(lastRequest().headers.has('Content-Type')).toBe(false);
  });

  it('adds query parameters, skipping empty ones', async () => {
    fetchMock.mockImplementation(async () => json({ results: [] }));
    await apiRequest('/v2/api/slip/data/', {
      query: { p: 2, top: 1, username: undefined, home: null },
    });
    expect(lastRequest().url).toBe('/v2/api/slip/data/?p=2&top=1');
    await apiRequest('/v2/api/tipster/data/?all=1', { query: { weekly: 1 } });
    expect(lastRequest().url).toBe('/v2/api/tipster/data/?all=1&weekly=1');
  });

  it("fills a path template's parameters, URL-encoded, or requests the server's link as is", async () => {
    fetchMock.mockImplementation(async () => json({}));
    await api.get('/api/slip/get/{id}', { path: { id: '7/8' } });
    expect(lastRequest().url).toBe('/api/slip/get/7%2F8');
    await api.post('/api/manage/find-slip/{phone}/{code}', undefined, {
      path: { phone: '254712345678', code: 'SJK 7' },
    });
    expect(lastRequest().url).toBe('/api/manage/find-slip/254712345678/SJK%207');
    await api.get('/v2/api/slip/data/finished/', { href: '/v2/api/slip/data/finished/?p=2' });
    expect(lastRequest().url).toBe('/v2/api/slip/data/finished/?p=2');
  });

  it('resolves undefined for an empty answer', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.put('/api/account/change-password', {})).resolves.toBeUndefined();
  });

  it("throws ApiError with the status, the body and the server's message", async () => {
    fetchMock.mockResolvedValue(
      json({ message: 'Enter a valid phone number', phone: ['bad'] }, 400),
    );
    const error = await api.post('/api/processor/buy', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      serverMessage: 'Enter a valid phone number',
      message: 'Enter a valid phone number',
      body: { message: 'Enter a valid phone number', phone: ['bad'] },
    });
  });

  it("falls back to the body's error field, then to a generic message", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: 'Game already started', game: 'A v B' }, 400));
    await expect(api.post('/api/slip/create', {})).rejects.toMatchObject({
      serverMessage: 'Game already started',
    });

    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await expect(api.get('/api/home/top-games')).rejects.toMatchObject({
      status: 502,
      serverMessage: null,
      body: 'Bad gateway',
      message: 'Request failed with status 502',
    });
  });
});

describe('token refresh (15-minute access tokens)', () => {
  it('trades the refresh cookie for a new pair on a 401 and repeats the call once', async () => {
    setCookie('token', 'old-access');
    setCookie('refresh', 'old-refresh');
    fetchMock.mockImplementation(async (input, init = {}) => {
      const url = String(input);
      const auth = new Headers(init.headers).get('Authorization');
      if (url === '/api/account/token/refresh') {
        expect(JSON.parse(String(init.body))).toEqual({ refresh: 'old-refresh' });
        return json({ access: 'new-access', refresh: 'new-refresh' });
      }
      return auth === 'Bearer new-access' ? json({ ok: true }) : json({ message: 'expired' }, 401);
    });
    await expect(api.get('/api/account/profile')).resolves.toEqual({ ok: true });
    expect(getCookie('token')).toBe('new-access');
    expect(getCookie('refresh')).toBe('new-refresh');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up with the 401 and drops a refused refresh token', async () => {
    setCookie('token', 'old-access');
    setCookie('refresh', 'stolen');
    fetchMock.mockImplementation(async () => json({ message: 'Token is invalid or expired' }, 401));
    await expect(api.get('/api/account/profile')).rejects.toMatchObject({ status: 401 });
    expect(getCookie('refresh')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not refresh without a token or a refresh cookie', async () => {
    fetchMock.mockImplementation(async () => json({ message: 'no' }, 401));
    await expect(api.get('/api/account/profile')).rejects.toMatchObject({ status: 401 });
    setCookie('token', 'old-access');
    await expect(api.get('/api/account/profile')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('errorMessage', () => {
  it("prefers the server's message, else the screen's fallback (docs/PRODUCT-RULES.md R69, R70)", () => {
    expect(
      errorMessage(new ApiError(400, {}, 'Invalid transaction code'), 'Error occurred. Try again'),
    ).toBe('Invalid transaction code');
    expect(errorMessage(new ApiError(500, {}, null), 'Error occurred. Try again')).toBe(
      'Error occurred. Try again',
    );
    expect(errorMessage(new TypeError('Failed to fetch'), 'An error occurred')).toBe(
      'An error occurred',
    );
  });
});
