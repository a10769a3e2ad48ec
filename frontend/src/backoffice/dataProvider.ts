import { fetchUtils, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { getToken } from '../lib/auth';

/** Back-office API root: simple-rest dialect with `Content-Range` (docs/CONTRIBUTING.md §10). */
export const BACKOFFICE_API_URL = '/api/backoffice';

/** fetchJson that sends the token cookie as `Authorization: Bearer <token>`. */
export const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const token = getToken();
  return fetchUtils.fetchJson(
    url,
    token ? { ...options, user: { authenticated: true, token: `Bearer ${token}` } } : options,
  );
};

/** react-admin data provider for /api/backoffice resources. */
export const dataProvider: DataProvider = simpleRestProvider(BACKOFFICE_API_URL, httpClient);
