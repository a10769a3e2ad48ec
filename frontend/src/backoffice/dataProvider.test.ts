import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../lib/cookies';
import { dataProvider, httpClient } from './dataProvider';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const sentHeaders = (): Headers => new Headers(fetchMock.mock.calls.at(-1)?.[1]?.headers);

describe('backoffice dataProvider', () => {
  it('sends the token cookie as a bearer token', async () => {
    setCookie('token', 'TOKEN');
    fetchMock.mockResolvedValue(
      new Response('{}', { headers: { 'Content-Type': 'application/json' } }),
    );
    await httpClient('/api/backoffice/withdrawals/1');
    expect(sentHeaders().get('Authorization')).toBe('Bearer TOKEN');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(
      new Response('{}', { headers: { 'Content-Type': 'application/json' } }),
    );
    await httpClient('/api/backoffice/withdrawals/1');
    expect(sentHeaders().has('Authorization')).toBe(false);
  });

  it('lists /api/backoffice resources with the simple-rest range and Content-Range total', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify([{ id: 1 }, { id: 2 }]), {
        headers: { 'Content-Type': 'application/json', 'Content-Range': 'withdrawals 0-1/42' },
      }),
    );
    const page = await dataProvider.getList('withdrawals', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/backoffice/withdrawals');
    expect(url.searchParams.get('range')).toBe('[0,24]');
    expect(url.searchParams.get('sort')).toBe('["id","DESC"]');
    expect(page).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 42 });
  });
});
