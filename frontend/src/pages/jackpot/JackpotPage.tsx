import { Link as RouterLink, useParams } from 'react-router';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useJackpots } from '../../api/content';
import type { Jackpot } from '../../api/types';
import { JackpotCard } from '../../components/JackpotCard';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, LoadingState } from '../../components/QueryStatus';
import { jackpotName } from '../../lib/jackpot-names';
import { jackpotFromSlug, type JackpotSelection } from '../../lib/jackpot-slug';
import { PATHS } from '../../lib/paths';
import { pageTitle } from '../../lib/site';
import { useLoggedError } from '../../lib/useLoggedError';
import { useSeo } from '../../lib/useSeo';
import { ResponsibleGamblingNote } from '../../components/ResponsibleGamblingNote';

/**
 * The jackpots a /jackpot/{slug} page shows (docs/PRODUCT-RULES.md R139): the selected one, or all.
 */
export const selectJackpots = (
  jackpots: readonly Jackpot[],
  selection: JackpotSelection | null,
): Jackpot[] =>
  selection
    ? jackpots.filter((j) => j.company === selection.company && j.type === selection.type)
    : jackpots.slice();

/**
 * /jackpot and /jackpot/{slug} (docs/PRODUCT-RULES.md R102): SportPesa and Betika Mega and Mid Week
 * predictions.
 */
export const JackpotPage = () => {
  const { slug } = useParams();
  const selection = jackpotFromSlug(slug);
  const heading = selection
    ? `${jackpotName(selection.company, selection.type)} Prediction`
    : 'Jackpot Predictions';
  useSeo({
    title: pageTitle(heading),
    description: selection
      ? `This week's ${jackpotName(selection.company, selection.type)} prediction: every game with our tipsters' picks.`
      : "This week's SportPesa and Betika Mega and Mid Week jackpot predictions.",
    og: selection ? { type: 'article' } : undefined,
  });
  const jackpots = useJackpots();
  useLoggedError(jackpots.error, 'jackpots');
  const shown = selectJackpots(jackpots.data ?? [], selection);

  return (
    <>
      <PageHeader title={heading}>
        Buy a jackpot prediction like any slip: pay with M-Pesa and get every pick by SMS.
      </PageHeader>
      {jackpots.isError ? null : jackpots.isPending ? (
        <LoadingState label="Loading jackpots" />
      ) : shown.length === 0 ? (
        <EmptyState>This week&apos;s predictions are coming soon.</EmptyState>
      ) : (
        <Grid container spacing={2}>
          {shown.map((jackpot) => (
            <Grid
              key={`${jackpot.company}-${jackpot.type}`}
              size={selection ? { xs: 12, md: 8 } : { xs: 12, sm: 6, md: 3 }}
            >
              <JackpotCard jackpot={jackpot} tipsLimit={selection ? Infinity : undefined} />
            </Grid>
          ))}
        </Grid>
      )}
      <Typography sx={{ mt: 2 }}>
        <Link component={RouterLink} to={PATHS.jackpotHistory}>
          Past jackpot rounds and their scores
        </Link>
      </Typography>
      <ResponsibleGamblingNote />
    </>
  );
};
