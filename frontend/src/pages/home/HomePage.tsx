import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAuthDialogs } from '../../components/auth-dialogs';
import { DeferredMount } from '../../components/DeferredMount';
import { SectionHeading } from '../../components/SectionHeading';
import { SubscriptionPanel } from '../../components/SubscriptionPanel';
import { MAX_ACCURACY_PERCENT } from '../../lib/constants';
import { isLoggedIn } from '../../lib/auth';
import { PATHS } from '../../lib/paths';
import { HOME_TITLE } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';
import { BlogSection } from './components/BlogSection';
import { FreeTipsSection } from './components/FreeTipsSection';
import { JackpotSection } from './components/JackpotSection';
import { SeoBlock } from './components/SeoBlock';
import { SlipTabsSection } from './components/SlipTabsSection';
import { TopGamesSection } from './components/TopGamesSection';

const HOME_DESCRIPTION =
  "Football tips from Kenya's tipsters: buy accumulator slips by M-Pesa, get the picks by SMS, follow tipster ratings, finished results and jackpot predictions.";

/**
 * Home (docs/PRODUCT-RULES.md R93, R98): hero with the registration dialog and the SMS / find-tip /
 * accuracy statement; top games and free tips (refreshed every 30 s); the Popular tab; the
 * subscription panel; jackpot cards; links to the latest blog posts; the news/SEO block.
 */
export const HomePage = () => {
  useSeo({ title: HOME_TITLE, description: HOME_DESCRIPTION });
  const dialogs = useAuthDialogs();

  return (
    <Stack spacing={{ xs: 4, md: 6 }}>
      <Box
        component="section"
        aria-labelledby="home-hero-title"
        sx={{
          py: { xs: 4, md: 8 },
          px: { xs: 2, md: 6 },
          borderRadius: 3,
          background:
            'linear-gradient(135deg, rgba(34,197,94,0.22) 0%, rgba(11,107,58,0.35) 55%, rgba(19,32,26,1) 100%)',
        }}
      >
        <Typography id="home-hero-title" variant="h1">
          Winning football tips from Kenya&apos;s top tipsters
        </Typography>
        <Typography variant="body1" color="text.secondary" sx={{ mt: 2, maxWidth: 640 }}>
          Buy a tipster&apos;s slip with M-Pesa and the picks are sent to you by SMS. Lost the SMS?
          Find your tip again any time on the Find Tip page. Accuracy of up to{' '}
          {MAX_ACCURACY_PERCENT}%.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
          <Button component={RouterLink} to={PATHS.activeTips} variant="contained" size="large">
            Browse Tips
          </Button>
          <Button component={RouterLink} to={PATHS.findTip} variant="outlined" size="large">
            Find Tip
          </Button>
          {isLoggedIn() ? null : (
            <Button
              variant="contained"
              color="secondary"
              size="large"
              onClick={() => dialogs.open('register')}
            >
              Join Free
            </Button>
          )}
        </Stack>
      </Box>

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TopGamesSection />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FreeTipsSection />
        </Grid>
      </Grid>

      {/* Below the fold on phones: built after the first paint (docs/PRODUCT-RULES.md "Public web app"). */}
      <DeferredMount minHeight={1200}>
        <SlipTabsSection />

        <Box component="section" aria-labelledby="subscriptions-title">
          <SectionHeading id="subscriptions-title">Premium Tips Subscription</SectionHeading>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Subscribe once and get the day&apos;s premium tips by SMS, or view them on the
            Subscriber Panel with your phone number.
          </Typography>
          <SubscriptionPanel />
        </Box>

        <JackpotSection />

        <BlogSection />

        <SeoBlock />
      </DeferredMount>
    </Stack>
  );
};
