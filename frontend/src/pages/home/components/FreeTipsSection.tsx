import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useFreeTips } from '../../../api/slips';
import { EmptyState, LoadingState } from '../../../components/QueryStatus';
import { SectionHeading } from '../../../components/SectionHeading';
import { gameTimeLabel } from '../../../lib/nairobi-time';
import { useLoggedError } from '../../../lib/useLoggedError';
import { useDeferredQuery } from '../../../lib/useDeferredQuery';

/**
 * Free tips (docs/PRODUCT-RULES.md R45, R98), refreshed every 30 s: one market on one upcoming game
 * each.
 */
export const FreeTipsSection = () => {
  const tips = useDeferredQuery(useFreeTips());
  useLoggedError(tips.error, 'free tips');
  return (
    <Box component="section" aria-labelledby="free-tips-title">
      <SectionHeading id="free-tips-title">Free Tips</SectionHeading>
      {tips.isError && !tips.data ? null : tips.isPending ? (
        <LoadingState label="Loading free tips" />
      ) : !tips.data?.length ? (
        <EmptyState>No free tips right now. Check again soon.</EmptyState>
      ) : (
        <Paper
          variant="outlined"
          component="ul"
          sx={{ m: 0, p: 0, listStyle: 'none' }}
          aria-label="Free tips"
        >
          {tips.data.map((tip, index) => (
            <Box
              component="li"
              key={`${tip.fixture.home_team}-${tip.fixture.away_team}-${index}`}
              sx={{ px: 1.5, py: 1, borderTop: index ? 1 : 0, borderColor: 'divider' }}
            >
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {tip.fixture.home_team} v {tip.fixture.away_team}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {gameTimeLabel(tip.fixture.game_date)}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="caption" color="text.secondary">
                  {tip.fixture.league}
                </Typography>
                <Typography variant="body2" sx={{ color: 'secondary.main', fontWeight: 700 }}>
                  {tip.m_market.value}
                </Typography>
              </Box>
            </Box>
          ))}
        </Paper>
      )}
    </Box>
  );
};
