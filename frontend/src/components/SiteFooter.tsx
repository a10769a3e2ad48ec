import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DOCUMENT_LINKS, type DocumentName } from '../lib/document-links';
import { FOOTER_TIPS_NAV } from '../lib/navigation';
import { PATHS } from '../lib/paths';
import { RESPONSIBLE_GAMBLING_LINE, SITE } from '../lib/site';

const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

// The documents' text downloads when one is opened.
const DocumentDialog = lazy(() =>
  import('./DocumentDialog').then((m) => ({ default: m.DocumentDialog })),
);

/**
 * Site footer: tip page links, the privacy notice page (docs/PRODUCT-RULES.md R275), the privacy /
 * terms / about documents (in a dialog), support
 * contacts, social channels and the 18+ line (docs/PRODUCT-RULES.md R68, R94).
 */
export const SiteFooter = () => {
  const [document, setDocument] = useState<DocumentName | null>(null);
  return (
    <Box
      component="footer"
      sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', mt: 6 }}
    >
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 800 }}>
              {SITE.brand}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Football tip slips from Kenya&apos;s tipsters. Pay by M-Pesa and get the picks by SMS.
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ mt: 1 }}
              data-testid="ussd-hint"
            >
              No smartphone? Dial{' '}
              <Link href={`tel:${SITE.ussdCode.replace(/#/g, '%23')}`} sx={{ fontWeight: 700 }}>
                {SITE.ussdCode}
              </Link>{' '}
              to buy tips from any phone.
            </Typography>
          </Grid>

          <Grid size={{ xs: 6, md: 4 }} component="nav" aria-label="Footer">
            <Typography variant="subtitle2" component="h2" gutterBottom>
              Tips
            </Typography>
            <Stack spacing={0.75}>
              {FOOTER_TIPS_NAV.map((item) => (
                <Link
                  key={item.to}
                  component={RouterLink}
                  to={item.to}
                  color="text.secondary"
                  variant="body2"
                >
                  {item.label}
                </Link>
              ))}
            </Stack>
          </Grid>

          <Grid size={{ xs: 6, md: 4 }}>
            <Typography variant="subtitle2" component="h2" gutterBottom>
              Support
            </Typography>
            <Stack spacing={0.75}>
              <Link href={`mailto:${SITE.supportEmail}`} color="text.secondary" variant="body2">
                {SITE.supportEmail}
              </Link>
              <Link href={telHref(SITE.supportPhone)} color="text.secondary" variant="body2">
                {SITE.supportPhone}
              </Link>
              {SITE.social.map((channel) => (
                <Link
                  key={channel.name}
                  href={channel.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  color="text.secondary"
                  variant="body2"
                >
                  {channel.name}
                </Link>
              ))}
              <Link
                component={RouterLink}
                to={PATHS.privacy}
                color="text.secondary"
                variant="body2"
              >
                Your data and privacy
              </Link>
              {DOCUMENT_LINKS.map((link) => (
                <Link
                  key={link.name}
                  component="button"
                  type="button"
                  onClick={() => setDocument(link.name)}
                  color="text.secondary"
                  variant="body2"
                  sx={{ textAlign: 'left' }}
                >
                  {link.label}
                </Link>
              ))}
            </Stack>
          </Grid>
        </Grid>

        <Divider sx={{ my: 3 }} />

        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {RESPONSIBLE_GAMBLING_LINE}{' '}
            <Link component={RouterLink} to={PATHS.responsibleGambling} color="inherit">
              Responsible gambling
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} {SITE.brand}
          </Typography>
        </Stack>
      </Container>
      <Suspense fallback={null}>
        {document ? <DocumentDialog name={document} onClose={() => setDocument(null)} /> : null}
      </Suspense>
    </Box>
  );
};
