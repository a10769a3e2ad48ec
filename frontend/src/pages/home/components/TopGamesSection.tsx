import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTopGames } from '../../../api/slips';
import type { TopGame } from '../../../api/types';
import { Pill } from '../../../components/Pill';
import { EmptyState, LoadingState } from '../../../components/QueryStatus';
import { SectionHeading } from '../../../components/SectionHeading';
import { isLive, topGameTimeLabel } from '../../../lib/nairobi-time';
import { PATHS } from '../../../lib/paths';
import { useLoggedError } from '../../../lib/useLoggedError';
import { useDeferredQuery } from '../../../lib/useDeferredQuery';

/** Top games listed on the home page. */
const HOME_TOP_GAMES_LIMIT = 10;

/** /active_tips filtered to one game's teams (docs/PRODUCT-RULES.md R99: ?tips=1&team_a&team_b). */
export const gameTipsPath = (game: Pick<TopGame, 'home_team' | 'away_team'>): string =>
  `${PATHS.activeTips}?${new URLSearchParams({ tips: '1', team_a: game.home_team, team_b: game.away_team })}`;

/**
 * Upcoming top games (docs/PRODUCT-RULES.md R98), refreshed every 30 s: teams, league, kick-off
 * label or Live with minute and score, and how many slips carry the game. Load failures are only
 * logged.
 */
export const TopGamesSection = () => {
  const games = useDeferredQuery(useTopGames());
  useLoggedError(games.error, 'top games');
  return (
    <Box component="section" aria-labelledby="top-games-title">
      <SectionHeading id="top-games-title">Top Games</SectionHeading>
      {games.isError && !games.data ? null : games.isPending ? (
        <LoadingState label="Loading top games" />
      ) : !games.data?.length ? (
        <EmptyState>No upcoming top games right now.</EmptyState>
      ) : (
        <Paper
          variant="outlined"
          component="ul"
          sx={{ m: 0, p: 0, listStyle: 'none' }}
          aria-label="Top games"
        >
          {games.data.slice(0, HOME_TOP_GAMES_LIMIT).map((game, index) => {
            const live = isLive(game);
            return (
              <Box
                component="li"
                key={`${game.home_team}-${game.away_team}-${game.game_date}`}
                sx={{ px: 1.5, py: 1, borderTop: index ? 1 : 0, borderColor: 'divider' }}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <Link
                    component={RouterLink}
                    to={gameTipsPath(game)}
                    color="inherit"
                    sx={{ fontWeight: 700, minWidth: 0 }}
                  >
                    {game.home_team} v {game.away_team}
                  </Link>
                  <Typography
                    variant="body2"
                    data-testid="game-time"
                    sx={{
                      whiteSpace: 'nowrap',
                      color: live ? 'error.main' : 'text.secondary',
                      fontWeight: live ? 700 : 400,
                    }}
                  >
                    {topGameTimeLabel(game)}
                  </Typography>
                </Box>
                <Box
                  sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}
                >
                  <Typography variant="caption" color="text.secondary">
                    {game.league}
                  </Typography>
                  {game.tips > 0 ? <Pill>{game.tips} tips</Pill> : null}
                </Box>
              </Box>
            );
          })}
        </Paper>
      )}
    </Box>
  );
};
