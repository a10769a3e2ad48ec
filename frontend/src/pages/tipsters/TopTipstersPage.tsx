import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useLeaderboard } from '../../api/tipsters';
import type { TipsterRow } from '../../api/types';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, LoadingState } from '../../components/QueryStatus';
import { TipsterAvatar } from '../../components/TipsterAvatar';
import { formatOdds, percentRating } from '../../lib/odds';
import { PATHS } from '../../lib/paths';
import { formatProfit } from '../../lib/figures';
import { pageTitle } from '../../lib/site';
import { useLoggedError } from '../../lib/useLoggedError';
import { useSeo } from '../../lib/useSeo';

/** A server figure written by `format`, '-' when the row has none. */
const optional = (value: number | null | undefined, format: (value: number) => string): string =>
  value === null || value === undefined ? '-' : format(value);

const roiLabel = (row: TipsterRow): string => optional(row.roi, (value) => `${value.toFixed(2)}%`);

/**
 * The leaderboard on phones (below MUI's `sm`): one row per tipster as a card — rank, avatar and
 * name, tips/won/lost, then Rating, Profit and ROI side by side, so nothing is off-screen.
 */
const RankingCards = ({ rows, label }: { rows: readonly TipsterRow[]; label: string }) => (
  <Box
    component="ol"
    aria-label={label}
    sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
  >
    {rows.map((row, index) => (
      <Paper
        key={row.username}
        component="li"
        variant="outlined"
        sx={{ p: 1.25, minWidth: 0 }}
        data-testid="ranking-row"
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 800, minWidth: 24 }}>{index + 1}</Typography>
          <TipsterAvatar username={row.username} src={row.profile_image} size={32} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Link
              component={RouterLink}
              to={PATHS.profileOf(row.username)}
              color="inherit"
              sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
            >
              {row.username}
            </Link>
            <Typography variant="caption" color="text.secondary" component="div">
              {row.tips} tips · {row.won} won · {row.lost} lost
            </Typography>
          </Box>
        </Box>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
            gap: 1,
            m: 0,
            mt: 1,
            textAlign: 'center',
          }}
        >
          {[
            { term: 'Rating', value: percentRating(row.rating), color: 'secondary.main' },
            { term: 'Profit', value: optional(row.profit, formatProfit) },
            { term: 'ROI', value: roiLabel(row) },
          ].map((item) => (
            <Box key={item.term} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {item.term}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, fontWeight: 700, color: item.color, overflowWrap: 'anywhere' }}
              >
                {item.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
    ))}
  </Box>
);

/**
 * /top_tipsters (docs/PRODUCT-RULES.md R101): the leaderboard (a table, cards on phones);
 * ?type=weekly shows the weekly ranking.
 */
export const TopTipstersPage = () => {
  const [params, setParams] = useSearchParams();
  const weekly = params.get('type') === 'weekly';
  useSeo({
    title: pageTitle(weekly ? 'Top Tipsters This Week' : 'Top Tipsters'),
    description:
      'The best football tipsters ranked by rating: wins, losses, profit and ROI from settled slips.',
  });
  const leaderboard = useLeaderboard(weekly);
  useLoggedError(leaderboard.error, 'the leaderboard');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

  return (
    <>
      <PageHeader title="Top Tipsters">
        Ranked by rating: the share of settled slips won. Profit is in units, 1 staked on each slip.
      </PageHeader>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={weekly ? 'weekly' : 'all'}
        onChange={(_, value: string | null) => {
          if (value) setParams(value === 'weekly' ? { type: 'weekly' } : {});
        }}
        aria-label="Ranking period"
        sx={{ mb: 2 }}
      >
        <ToggleButton value="all">All Time</ToggleButton>
        <ToggleButton value="weekly">This Week</ToggleButton>
      </ToggleButtonGroup>
      {leaderboard.isError ? null : leaderboard.isPending ? (
        <LoadingState label="Loading tipsters" />
      ) : leaderboard.data.results.length === 0 ? (
        <EmptyState>No ranked tipsters yet.</EmptyState>
      ) : phone ? (
        <RankingCards
          rows={leaderboard.data.results}
          label={weekly ? 'Weekly ranking' : 'Ranking'}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={weekly ? 'Weekly ranking' : 'Ranking'}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Tipster</TableCell>
                <TableCell align="right">Tips</TableCell>
                <TableCell align="right">Won</TableCell>
                <TableCell align="right">Lost</TableCell>
                <TableCell align="right">Rating</TableCell>
                <TableCell align="right">Profit</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  ROI
                </TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  Avg odds
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {leaderboard.data.results.map((row, index) => (
                <TableRow key={row.username}>
                  <TableCell>{index + 1}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <TipsterAvatar username={row.username} src={row.profile_image} size={28} />
                      <Link
                        component={RouterLink}
                        to={PATHS.profileOf(row.username)}
                        color="inherit"
                      >
                        {row.username}
                      </Link>
                    </Box>
                  </TableCell>
                  <TableCell align="right">{row.tips}</TableCell>
                  <TableCell align="right">{row.won}</TableCell>
                  <TableCell align="right">{row.lost}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700, color: 'secondary.main' }}>
                    {percentRating(row.rating)}
                  </TableCell>
                  <TableCell align="right">{optional(row.profit, formatProfit)}</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {roiLabel(row)}
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {optional(row.average_odds, (value) => formatOdds(value))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
};
