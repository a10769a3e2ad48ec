import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import { useJackpots } from '../../../api/content';
import { JackpotCard } from '../../../components/JackpotCard';
import { EmptyState, LoadingState } from '../../../components/QueryStatus';
import { SectionHeading } from '../../../components/SectionHeading';
import { PATHS } from '../../../lib/paths';
import { useLoggedError } from '../../../lib/useLoggedError';
import { useDeferredQuery } from '../../../lib/useDeferredQuery';

/**
 * Jackpot slip cards on the home page (docs/PRODUCT-RULES.md R47, R98), 8 tips each then 'See
 * more'.
 */
export const JackpotSection = () => {
  const jackpots = useDeferredQuery(useJackpots());
  useLoggedError(jackpots.error, 'jackpots');
  return (
    <Box component="section" aria-labelledby="jackpots-title">
      <SectionHeading
        id="jackpots-title"
        action={
          <Link component={RouterLink} to={PATHS.jackpot} variant="body2">
            All jackpots
          </Link>
        }
      >
        Jackpot Predictions
      </SectionHeading>
      {jackpots.isError ? null : jackpots.isPending ? (
        <LoadingState label="Loading jackpots" />
      ) : !jackpots.data.length ? (
        <EmptyState>This week&apos;s jackpot predictions are coming soon.</EmptyState>
      ) : (
        <Grid container spacing={2}>
          {jackpots.data.map((jackpot) => (
            <Grid key={`${jackpot.company}-${jackpot.type}`} size={{ xs: 12, sm: 6, md: 3 }}>
              <JackpotCard jackpot={jackpot} />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
};
