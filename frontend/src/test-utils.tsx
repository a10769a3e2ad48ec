import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App, type AppRouter } from './App';
import { routes } from './routes';

/** Renders the whole app (theme, query client, real route table) at `path`, for unit tests. */
export const renderRoute = (path: string): RenderResult & { router: AppRouter } => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { ...render(<App router={router} />), router };
};

const base64Url = (value: unknown): string =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT carrying `claims` (the frontend never verifies signatures). */
export const fakeJwt = (claims: Record<string, unknown>): string =>
  `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`;
