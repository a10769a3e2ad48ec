import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Jackpot } from '../api/types';
import { JACKPOT_CARD_TIPS_LIMIT } from '../lib/constants';
import { jackpotName } from '../lib/jackpot-names';
import { jackpotSlug } from '../lib/jackpot-slug';
import { formatKsh } from '../lib/money';
import { gameTimeLabel } from '../lib/nairobi-time';
import { formatOdds } from '../lib/odds';
import { PATHS } from '../lib/paths';
import { isOnSale } from '../lib/slip';

/**
 * A jackpot prediction card (docs/PRODUCT-RULES.md R102, R47: 8 tips then a see-more link). Buying
 * it is buying its slip (docs/PRODUCT-RULES.md). A finished round shows its score (tips won / tips
 * counted, void games apart: docs/PRODUCT-RULES.md "Jackpots").
 */
export const JackpotCard = ({
  jackpot,
  tipsLimit = JACKPOT_CARD_TIPS_LIMIT,
  now = new Date(),
}: {
  jackpot: Jackpot;
  /** Tips shown before 'See more' (Infinity on the jackpot's own page). */
  tipsLimit?: number;
  now?: Date;
}) => {
  const slip = typeof jackpot.slip === 'object' ? jackpot.slip : null;
  const slipId = slip?.id ?? (typeof jackpot.slip === 'number' ? jackpot.slip : null);
  const tips = slip?.tips ?? [];
  const slug = jackpotSlug(jackpot.company, jackpot.type);
  const name = jackpotName(jackpot.company, jackpot.type);
  const onSale = slip ? isOnSale(slip, now) : slipId !== null;

  return (
    <Card component="article" variant="outlined" aria-label={name} sx={{ height: '100%' }}>
      <Box sx={{ p: 1.5 }}>
        <Typography variant="overline" color="secondary.main">
          {name}
        </Typography>
        <Typography variant="h3" component="h3">
          <Link component={RouterLink} to={PATHS.jackpotOf(slug)} color="inherit">
            {jackpot.title || name}
          </Link>
        </Typography>
        {jackpot.description ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {jackpot.description}
          </Typography>
        ) : null}
        {jackpot.score ? (
          <Typography sx={{ mt: 0.5, fontWeight: 700 }} aria-label={`Score ${jackpot.score}`}>
            Score: {jackpot.score}
          </Typography>
        ) : null}
        {jackpot.next_match ? (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            Next match: {gameTimeLabel(jackpot.next_match, now) || jackpot.next_match}
          </Typography>
        ) : null}
      </Box>
      <Divider />
      <Box component="ol" sx={{ m: 0, py: 1, pl: 4, pr: 1.5 }} aria-label="Games">
        {tips.slice(0, tipsLimit).map((tip, index) => (
          <Typography component="li" variant="body2" key={index} sx={{ py: 0.25 }}>
            {tip.home_team} v {tip.away_team}{' '}
            <Typography component="span" variant="caption" color="text.secondary">
              {tip.league} · {gameTimeLabel(tip.game_date, now)}
            </Typography>
          </Typography>
        ))}
      </Box>
      {tips.length > tipsLimit ? (
        <Box sx={{ px: 1.5 }}>
          <Link component={RouterLink} to={PATHS.jackpotOf(slug)} variant="body2">
            See more ({tips.length - tipsLimit} more games)
          </Link>
        </Box>
      ) : null}
      <Stack
        direction="row"
        spacing={1}
        sx={{ p: 1.5, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Box>
          {jackpot.todaysOdd ? (
            <Typography variant="caption" color="text.secondary" component="p">
              Odds {formatOdds(jackpot.todaysOdd)}
            </Typography>
          ) : null}
          <Typography sx={{ fontWeight: 700 }}>
            {formatKsh(jackpot.price ?? slip?.price)}
          </Typography>
        </Box>
        {slipId !== null && onSale ? (
          <Button
            component={RouterLink}
            to={PATHS.buyTip(slipId)}
            variant="contained"
            aria-label={`Buy ${name}`}
          >
            Buy Tip
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
};
