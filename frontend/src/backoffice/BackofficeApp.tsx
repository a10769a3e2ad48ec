import type { QueryClient } from '@tanstack/react-query';
import { Route } from 'react-router';
import {
  Admin,
  CustomRoutes,
  Resource,
  defaultDarkTheme,
  type AuthProvider,
  type DataProvider,
  type RaThemeOptions,
} from 'react-admin';
import { PATHS } from '../lib/paths';
import { SITE } from '../lib/site';
import { themeOptions } from '../theme';
import { authProvider as defaultAuthProvider } from './authProvider';
import {
  AddTipsPage,
  EarningsPage,
  OwnActiveTipsPage,
  OwnFinishedTipsPage,
  TipsterDashboard,
  WithdrawRequestsPage,
} from './dashboard';
import { dataProvider as defaultDataProvider } from './dataProvider';
import { resourcesForRole } from './access';
import { BACKOFFICE_RESOURCES, type BackofficeResource } from './resources';

/** react-admin's dark defaults with the site's palette, type and shapes. */
const backofficeTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...themeOptions,
  palette: { ...defaultDarkTheme.palette, ...themeOptions.palette },
  components: { ...defaultDarkTheme.components, ...themeOptions.components },
};

/** The resources a role's menu and routes hold: admin every one, a tipster their own (slips, earnings, withdrawals). */
export const resourcesFor = (role: unknown): BackofficeResource[] =>
  BACKOFFICE_RESOURCES.filter(
    ({ access }) => resourcesForRole([access], typeof role === 'string' ? role : null).length > 0,
  );

interface BackofficeAppProps {
  /** Injected in tests; the app uses the /api/backoffice provider and the token-cookie auth. */
  dataProvider?: DataProvider;
  authProvider?: AuthProvider;
  /** Injected in tests (e.g. without retries); the app uses react-admin's default client. */
  queryClient?: QueryClient;
}

/**
 * Back office mounted at /dashboard (docs/CONTRIBUTING.md §10), loaded lazily by routes.tsx. The resources
 * registered (hence the menu) depend on the role from `authProvider.getPermissions` (the access
 * token's `role` claim); `canAccess` applies the same access table (access.ts) to every page and button.
 */
export const BackofficeApp = ({
  dataProvider = defaultDataProvider,
  authProvider = defaultAuthProvider,
  queryClient,
}: BackofficeAppProps = {}) => (
  <Admin
    basename={PATHS.dashboard}
    dataProvider={dataProvider}
    authProvider={authProvider}
    queryClient={queryClient}
    requireAuth
    dashboard={TipsterDashboard}
    theme={backofficeTheme}
    title={`${SITE.brand} Dashboard`}
    disableTelemetry
  >
    {(permissions: unknown) => (
      <>
        {resourcesFor(permissions).map(({ access, screens }) => (
          <Resource
            key={access.name}
            name={access.name}
            options={{ label: access.label }}
            {...screens}
          />
        ))}
        {permissions !== 'admin' && (
          <CustomRoutes>
            {/* The user's own payments (docs/PRODUCT-RULES.md R110); admins keep the earnings resource. */}
            <Route path="/earnings" element={<EarningsPage />} />
          </CustomRoutes>
        )}
        <CustomRoutes>
          <Route path="/withdraw" element={<WithdrawRequestsPage />} />
          <Route path="/add_tips" element={<AddTipsPage />} />
          {/* Own active and finished tips (docs/PRODUCT-RULES.md R110); a foreign {username} redirects to the user's own. */}
          <Route path="/active_tips/:username" element={<OwnActiveTipsPage />} />
          <Route path="/finished_tips/:username" element={<OwnFinishedTipsPage />} />
        </CustomRoutes>
      </>
    )}
  </Admin>
);
