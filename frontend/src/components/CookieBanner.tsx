import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COOKIE_CONSENT_DAYS } from '../lib/constants';
import { getCookie, setCookie } from '../lib/cookies';

/** Cookie holding the visitor's consent (docs/PRODUCT-RULES.md R94: consent lasts 150 days). */
export const COOKIE_CONSENT_COOKIE = 'cookie_consent';

/**
 * The cookie banner (docs/PRODUCT-RULES.md R94): says the site uses cookies; Accept stores consent
 * for 150 days.
 */
export const CookieBanner = () => {
  const [accepted, setAccepted] = useState(() => getCookie(COOKIE_CONSENT_COOKIE) === 'accepted');
  if (accepted) return null;

  const accept = () => {
    setCookie(COOKIE_CONSENT_COOKIE, 'accepted', COOKIE_CONSENT_DAYS);
    setAccepted(true);
  };

  return (
    <Paper
      role="region"
      aria-label="Cookie consent"
      elevation={8}
      sx={{
        position: 'fixed',
        left: { xs: 8, sm: 16 },
        right: { xs: 8, sm: 'auto' },
        bottom: { xs: 8, sm: 16 },
        maxWidth: 520,
        p: 2,
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">
          This site uses cookies to keep you logged in and to improve your experience.
        </Typography>
        <Button variant="contained" onClick={accept} sx={{ flexShrink: 0 }}>
          Accept
        </Button>
      </Stack>
    </Paper>
  );
};
