import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useOwnProfile, useProfile } from '../../api/account';
import { ApiError } from '../../api/client';
import type { Profile } from '../../api/types';
import { ProfitChart } from '../../components/ProfitChart';
import { EmptyState, LoadingState } from '../../components/QueryStatus';
import { SectionHeading } from '../../components/SectionHeading';
import { SlipGrid } from '../../components/SlipGrid';
import { StatCard, type TipsterStats } from '../../components/StatCard';
import { TipsterAvatar } from '../../components/TipsterAvatar';
import { TipsterRecords } from '../../components/TipsterRecords';
import { isLoggedIn } from '../../lib/auth';
import { percentRating } from '../../lib/odds';
import { PATHS } from '../../lib/paths';
import { pageTitle } from '../../lib/site';
import { useLoggedError } from '../../lib/useLoggedError';
import { useSeo } from '../../lib/useSeo';
import { NotFoundPage } from '../errors/NotFoundPage';

/** Finished slips shown on the profile before See More. */
const PROFILE_FINISHED_LIMIT = 6;

/**
 * The stat card's figures, every one the server's: the profile's `stats` ([tips, won, lost, rating]
 * in fixed positions, docs/PRODUCT-RULES.md R117) and the tipster's all-time profit,
 * `figures.profit`, from the same counters as won and lost (docs/PRODUCT-RULES.md R152).
 */
export const profileStats = (profile: Profile): TipsterStats => {
  const [tips = 0, won = 0, lost = 0, rating = 0] = profile.stats ?? [];
  return { tips, won, lost, rating, profit: profile.figures.profit };
};

const ProfileView = ({ profile }: { profile: Profile }) => {
  const username = profile.user.username;
  useSeo({
    title: pageTitle(`${username} - Tipster Profile`),
    description: `${username}'s football tips: rating ${percentRating(profile.stats?.[3])}, active tips and finished results.`,
  });
  const stats = profileStats(profile);
  const curve = profile.figures.profit_series;
  const shownFinished = (profile.finished_tips ?? []).slice(0, PROFILE_FINISHED_LIMIT);

  return (
    <Stack spacing={4}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TipsterAvatar username={username} src={profile.profile.profile_image_url} size={72} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ wordBreak: 'break-word' }}>
            {username}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {[profile.user.first_name, profile.profile.city, profile.profile.country]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            This month {percentRating(profile.profile.monthly_rating)} · This week{' '}
            {percentRating(profile.stats2?.week_rating)}
          </Typography>
        </Box>
      </Stack>

      <StatCard stats={stats} />

      <TipsterRecords username={username} />

      <Box component="section" aria-labelledby="profit-title">
        <SectionHeading id="profit-title">Profit over time</SectionHeading>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            Units won or lost, 1 unit staked on each settled slip
            {curve.length < profile.figures.settled
              ? ` (all ${profile.figures.settled}; the chart shows the latest ${curve.length}).`
              : '.'}
          </Typography>
          <ProfitChart points={curve} settled={profile.figures.settled} />
        </Paper>
      </Box>

      <Box component="section" aria-labelledby="active-title">
        <SectionHeading
          id="active-title"
          action={
            <Button component={RouterLink} to={PATHS.profileActiveTips(username)} size="small">
              All active
            </Button>
          }
        >
          Active Tips
        </SectionHeading>
        {profile.active_tips?.length ? (
          <SlipGrid slips={profile.active_tips} />
        ) : (
          <EmptyState>No active tips right now.</EmptyState>
        )}
      </Box>

      <Box component="section" aria-labelledby="finished-title">
        <SectionHeading id="finished-title">Finished Tips</SectionHeading>
        {shownFinished.length ? (
          <SlipGrid slips={shownFinished} />
        ) : (
          <EmptyState>No finished tips yet.</EmptyState>
        )}
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button
            component={RouterLink}
            to={PATHS.profileFinishedTips(username)}
            variant="outlined"
          >
            See More
          </Button>
        </Box>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ textAlign: 'center', mt: 1.5 }}
          data-testid="export-links"
        >
          Every slip of {username}, finished ones with their picks:{' '}
          <Link href={exportUrl('csv', username)} download>
            Export CSV
          </Link>{' '}
          ·{' '}
          <Link href={exportUrl('json', username)} download>
            Export JSON
          </Link>{' '}
          ·{' '}
          <Link component={RouterLink} to={PATHS.verify}>
            Verify a slip
          </Link>
        </Typography>
      </Box>
    </Stack>
  );
};

/**
 * The public export of one tipster's slips (docs/PRODUCT-RULES.md "Records and responsible
 * gambling"): GET /api/export/slips.{csv,json}?tipster=; slips on sale come without picks.
 */
export const exportUrl = (format: 'csv' | 'json', username: string): string =>
  `/api/export/slips.${format}?${new URLSearchParams({ tipster: username }).toString()}`;

/** /profile/{username} (docs/PRODUCT-RULES.md R100): a tipster's public profile. */
export const TipsterProfilePage = () => {
  const { username } = useParams();
  const profile = useProfile(username);
  const notFound = profile.error instanceof ApiError && profile.error.status === 404;
  useLoggedError(notFound ? null : profile.error, 'the profile');
  if (profile.isPending) return <LoadingState label="Loading profile" />;
  if (notFound) return <NotFoundPage />;
  if (profile.isError) return null;
  return <ProfileView profile={profile.data} />;
};

/**
 * /profile (login: docs/PRODUCT-RULES.md R96, R100): the logged-in user's own profile; a 401 drops
 * the token and leaves.
 */
export const OwnProfilePage = () => {
  const profile = useOwnProfile();
  useLoggedError(profile.error, 'your profile');
  if (!isLoggedIn()) return <Navigate to={PATHS.home} replace />;
  if (profile.isPending) return <LoadingState label="Loading profile" />;
  if (profile.isError) return null;
  return <ProfileView profile={profile.data} />;
};
