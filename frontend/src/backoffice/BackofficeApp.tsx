import { Admin, defaultDarkTheme, type RaThemeOptions } from 'react-admin';
import { PATHS } from '../lib/paths';
import { SITE } from '../lib/site';
import { themeOptions } from '../theme';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';

/** react-admin's dark defaults with the site's palette, type and shapes. */
const backofficeTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...themeOptions,
  palette: { ...defaultDarkTheme.palette, ...themeOptions.palette },
  components: { ...defaultDarkTheme.components, ...themeOptions.components },
};

/**
 * Back office mounted at /dashboard (style.md §10), loaded lazily by routes.tsx. Resources and
 * custom routes are added by their own issues, one folder per resource.
 */
export const BackofficeApp = () => (
  <Admin
    basename={PATHS.dashboard}
    dataProvider={dataProvider}
    authProvider={authProvider}
    requireAuth
    theme={backofficeTheme}
    title={`${SITE.brand} Dashboard`}
    disableTelemetry
  />
);
