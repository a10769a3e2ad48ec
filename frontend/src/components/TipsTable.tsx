import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMarkets } from '../api/slips';
import type { Market, Slip, SlipTip } from '../api/types';
import { gameTimeLabel, nairobiClock, nairobiDate } from '../lib/nairobi-time';
import { formatOdds, resultOddsLabel, resultState } from '../lib/odds';
import { buyPath, slipPriceLabel, type SaleCountry } from '../lib/sale-country';
import { isFinished, isOnSale } from '../lib/slip';
import { PickLine, RESULT_COLOR, RESULT_LABEL, pickLabel } from './SlipCard';
import { visuallyHidden } from './visually-hidden';

/** A tip's own result (spec §3 Tip: W, L or V once the slip is settled). */
const TIP_RESULT_LABEL: Record<string, string> = { W: 'Won', L: 'Lost', V: 'Void' };

const hasPick = (tip: SlipTip): boolean => tip.market_type !== null && tip.market_type !== undefined;

/** Kick-off in Nairobi: the spec §4 label ('Today 17:30') while open, the full date once finished. */
const kickOffLabel = (tip: SlipTip, finished: boolean, now: Date): string => {
  const date = new Date(tip.game_date);
  if (Number.isNaN(date.getTime())) return '';
  return finished ? `${nairobiDate(date)} ${nairobiClock(date)}` : gameTimeLabel(date, now);
};

const GameLine = ({
  tip,
  finished,
  showPicks,
  markets,
  now,
}: {
  tip: SlipTip;
  finished: boolean;
  showPicks: boolean;
  markets: Map<number, Market> | undefined;
  now: Date;
}) => {
  const pick = showPicks ? pickLabel(tip, markets) : null;
  return (
    <Box sx={showPicks ? { py: 0.5 } : undefined}>
      <Typography variant="body2">
        {tip.home_team} v {tip.away_team}
        {showPicks && tip.game_result ? ` (${tip.game_result})` : ''}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          {kickOffLabel(tip, finished, now)}
          {showPicks && tip.league ? ` · ${tip.league}` : ''}
        </Typography>
      </Typography>
      <PickLine tip={tip} pick={pick} suffix={tip.result ? ` · ${TIP_RESULT_LABEL[tip.result] ?? tip.result}` : ''} />
    </Box>
  );
};

/**
 * A tipster's slips as a table (spec §2, /active_tips/{username}): date, games with kick-off,
 * total odds, price and the buy button (or the result once finished). The tipster's own lists
 * (/dashboard/active_tips, /dashboard/finished_tips) set `showPicks` (each game's league, market
 * and odd, its score and result once settled) and `hideBuy` (a Status column: On sale, Closed or
 * the slip's result).
 */
export const TipsTable = ({
  slips,
  country = 'KE',
  caption,
  showPicks = false,
  hideBuy = false,
  now = new Date(),
}: {
  slips: readonly Slip[];
  country?: SaleCountry;
  caption: string;
  showPicks?: boolean;
  hideBuy?: boolean;
  now?: Date;
}) => {
  const markets = useMarkets(showPicks && slips.some((slip) => slip.tips.some(hasPick))).data;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Games</TableCell>
            <TableCell align="right">Total odds</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right" sx={{ width: 96 }}>
              {hideBuy ? (
                'Status'
              ) : (
                <Box component="span" sx={visuallyHidden}>
                  Action
                </Box>
              )}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {slips.map((slip) => {
            const finished = isFinished(slip);
            const result = resultState(slip.slip_result);
            return (
              <TableRow key={slip.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{nairobiDate(slip.date_created)}</TableCell>
                <TableCell>
                  {slip.tips.map((tip, index) => (
                    <GameLine
                      key={index}
                      tip={tip}
                      finished={finished}
                      showPicks={showPicks}
                      markets={markets}
                      now={now}
                    />
                  ))}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ fontWeight: 700, color: finished ? `${RESULT_COLOR[result]}.main` : undefined }}
                >
                  {finished
                    ? resultOddsLabel(slip.accumulator, slip.slip_result)
                    : formatOdds(slip.accumulator)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {slipPriceLabel(slip, country)}
                </TableCell>
                <TableCell align="right">
                  {finished ? (
                    RESULT_LABEL[result]
                  ) : !isOnSale(slip, now) ? (
                    'Closed'
                  ) : hideBuy ? (
                    'On sale'
                  ) : (
                    <Button
                      component={RouterLink}
                      to={buyPath(country, slip.id)}
                      size="small"
                      variant="contained"
                      aria-label={`Buy slip ${slip.id}`}
                    >
                      Buy
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
