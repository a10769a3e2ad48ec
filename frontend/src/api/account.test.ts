import { describe, expect, it } from 'vitest';
import { getCookie, setCookie } from '../lib/cookies';
import { json, stubFetch } from '../test-fetch';
import { fetchOwnProfile, fieldError } from './account';
import { ApiError } from './client';

describe('account calls', () => {
  it('reads the first message of a field error', () => {
    const error = new ApiError(400, { username: ['Username already taken'], email: 'Bad' }, null);
    expect(fieldError(error, 'username')).toBe('Username already taken');
    expect(fieldError(error, 'email')).toBe('Bad');
    expect(fieldError(error, 'password')).toBeNull();
    expect(fieldError(new Error('x'), 'username')).toBeNull();
  });

  it('removes the token cookie when the profile call answers 401 (docs/PRODUCT-RULES.md R124, R71)', async () => {
    setCookie('token', 'expired');
    stubFetch({ '/api/account/profile': json({ message: 'Unauthorized' }, 401) });
    await expect(fetchOwnProfile()).rejects.toMatchObject({ status: 401 });
    expect(getCookie('token')).toBeNull();
  });

  it('keeps the token on other failures', async () => {
    setCookie('token', 'fine');
    stubFetch({ '/api/account/profile': json({ message: 'Down' }, 503) });
    await expect(fetchOwnProfile()).rejects.toMatchObject({ status: 503 });
    expect(getCookie('token')).toBe('fine');
  });
});
