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
import type { Slip } from '../api/types';
import { gameTimeLabel, nairobiDate } from '../lib/nairobi-time';
import { formatOdds, resultOddsLabel, resultState } from '../lib/odds';
import { buyPath, slipPriceLabel, type SaleCountry } from '../lib/sale-country';
import { isFinished, isOnSale } from '../lib/slip';
import { RESULT_COLOR, RESULT_LABEL } from './SlipCard';
import { visuallyHidden } from './visually-hidden';

/**
 * A tipster's slips as a table (spec §2, /active_tips/{username}): date, games with kick-off,
 * total odds, price and the buy button (or the result once finished).
 */
export const TipsTable = ({
  slips,
  country = 'KE',
  caption,
  now = new Date(),
}: {
  slips: readonly Slip[];
  country?: SaleCountry;
  caption: string;
  now?: Date;
}) => (
  <TableContainer component={Paper} variant="outlined">
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>Games</TableCell>
          <TableCell align="right">Total odds</TableCell>
          <TableCell align="right">Price</TableCell>
          <TableCell align="right" sx={{ width: 96 }}>
            <Box component="span" sx={visuallyHidden}>
              Action
            </Box>
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
                  <Typography key={index} variant="body2">
                    {tip.home_team} v {tip.away_team}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {gameTimeLabel(tip.game_date, now)}
                    </Typography>
                  </Typography>
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
                ) : isOnSale(slip, now) ? (
                  <Button
                    component={RouterLink}
                    to={buyPath(country, slip.id)}
                    size="small"
                    variant="contained"
                    aria-label={`Buy slip ${slip.id}`}
                  >
                    Buy
                  </Button>
                ) : (
                  'Closed'
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  </TableContainer>
);
