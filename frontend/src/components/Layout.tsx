import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { AuthDialogsProvider } from './AuthDialogsProvider';
import { CookieBanner } from './CookieBanner';
import { DeferredMount } from './DeferredMount';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';

const MAIN_ID = 'main-content';

// Never opened (docs/PRODUCT-RULES.md R112), so it must not weigh on the first page load.
const NigerianSiteDialog = lazy(() =>
  import('./NigerianSiteDialog').then((m) => ({ default: m.NigerianSiteDialog })),
);

/**
 * Public page shell: skip link, top bar, the matched page, footer, the cookie banner, the
 * account dialogs, and the Nigerian-site dialog (present, never opened:
 * docs/PRODUCT-RULES.md R112).
 */
export const Layout = () => (
  <AuthDialogsProvider>
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <Box
        component="a"
        href={`#${MAIN_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip,
          p: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Box>
      <TopBar />
      <Container
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        maxWidth="lg"
        // At least a screen tall: the footer starts below the fold and does not jump as data arrives (CLS).
        sx={{ flex: 1, minHeight: '100dvh', py: { xs: 2, md: 4 }, outline: 'none' }}
      >
        <Outlet />
      </Container>
      <DeferredMount>
        <SiteFooter />
      </DeferredMount>
      <CookieBanner />
      <Suspense fallback={null}>
        <NigerianSiteDialog open={false} />
      </Suspense>
    </Box>
  </AuthDialogsProvider>
);
