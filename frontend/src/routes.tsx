import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { PageLoader } from './components/PageLoader';
import { requireTokenLoader } from './lib/auth';
import { PATHS } from './lib/paths';
import { NotFoundPage } from './pages/errors/NotFoundPage';
import { RouteErrorPage } from './pages/errors/RouteErrorPage';
import { HomePage } from './pages/home/HomePage';

/**
 * react-admin and its dependencies, fetched only when /dashboard renders: after the token check
 * has passed, so a visitor without a token is redirected without downloading it.
 */
const BackofficeApp = lazy(() =>
  import('./backoffice/BackofficeApp').then((module) => ({ default: module.BackofficeApp })),
);

/**
 * The route table. Spec §2 routes are registered here as their pages land (URLs in lib/paths.ts);
 * until then they fall through to the 404 page. The back office (/dashboard, login required)
 * is a separate lazily loaded chunk so react-admin never weighs on the public pages.
 */
export const routes: RouteObject[] = [
  {
    path: `${PATHS.dashboard}/*`,
    loader: requireTokenLoader,
    element: (
      <Suspense fallback={<PageLoader />}>
        <BackofficeApp />
      </Suspense>
    ),
    HydrateFallback: PageLoader,
    errorElement: <RouteErrorPage />,
  },
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
