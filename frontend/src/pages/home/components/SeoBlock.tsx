import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMarketplaceRecord } from '../../../api/records';
import { MAX_ACCURACY_PERCENT } from '../../../lib/constants';
import { SITE } from '../../../lib/site';

/**
 * The marketplace's measured hit rate beside the spec's "up to 95%" claim (GET
 * /api/records/marketplace): nothing until it has loaded or while no slip is settled.
 */
const MeasuredHitRate = () => {
  const { data } = useMarketplaceRecord();
  if (!data || data.settled === 0) return null;
  return (
    <>
      ; across the whole marketplace,{' '}
      {data.hit_rate.toLocaleString('en-KE', { maximumFractionDigits: 2 })}% of{' '}
      {data.settled.toLocaleString('en-KE')} settled slips have won so far
    </>
  );
};

/** News / SEO text block at the bottom of the home page (docs/PRODUCT-RULES.md R98). */
export const SeoBlock = () => (
  <Box component="section" aria-labelledby="about-tips-title">
    <Typography id="about-tips-title" variant="h2" gutterBottom>
      Football predictions from tipsters you can check
    </Typography>
    <Typography color="text.secondary" paragraph>
      {SITE.brand} is a marketplace of accumulator slips from Kenya&apos;s best football tipsters:
      Premier League, La Liga, Serie A, Bundesliga, Ligue 1 and the Kenyan Premier League. Every
      slip shows its tipster&apos;s rating, the games and kick-off times, the total odds and the
      price before you buy.
    </Typography>
    <Typography color="text.secondary" paragraph>
      Pay with M-Pesa in Kenya, or by card and mobile wallet from Nigeria and Uganda. The picks are
      sent to you by SMS within seconds, and you can always find a bought tip again on the Find Tip
      page with your phone number and M-Pesa code. Our top tipsters reach an accuracy of up to{' '}
      {MAX_ACCURACY_PERCENT}%
      <MeasuredHitRate />.
    </Typography>
    <Typography color="text.secondary">
      Every finished slip is settled from the real match results, so the leaderboard, wins, losses
      and profit you see are honest. Follow this week&apos;s SportPesa and Betika jackpot
      predictions, or subscribe for premium tips every day.
    </Typography>
  </Box>
);
