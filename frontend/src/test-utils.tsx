import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { App, type AppRouter } from './App';
import { routes } from './routes';
import { appTheme } from './theme';

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

/**
 * Renders one component with the app's providers (query client without retries, theme, a
 * memory router at `path`), for component tests.
 */
export const renderWithProviders = (ui: ReactElement, { path = '/' }: { path?: string } = {}) => {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={appTheme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
};
