import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** Brand colours: pitch green on a dark stand, gold for odds and prices. */
export const BRAND = {
  topBar: '#0b6b3a',
  green: '#22c55e',
  gold: '#facc15',
  background: '#0b1410',
  surface: '#13201a',
} as const;

/** Theme options shared by the public site and the back office (which merges its own defaults). */
export const themeOptions: ThemeOptions = {
  palette: {
    mode: 'dark',
    primary: { main: BRAND.green, contrastText: '#03140a' },
    secondary: { main: BRAND.gold, contrastText: '#1a1400' },
    success: { main: '#22c55e' },
    error: { main: '#ef4444' },
    warning: { main: '#f59e0b' },
    background: { default: BRAND.background, paper: BRAND.surface },
    divider: 'rgba(255, 255, 255, 0.1)',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 800, lineHeight: 1.15 },
    h2: { fontSize: '1.6rem', fontWeight: 700 },
    h3: { fontSize: '1.3rem', fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { backgroundColor: BRAND.topBar, backgroundImage: 'none' } },
    },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
};

/** The public site's theme (mobile first: breakpoints are MUI's, layouts start at xs). */
export const appTheme = createTheme(themeOptions);
