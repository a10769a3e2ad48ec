import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/PageHeader';
import { SectionHeading } from '../../components/SectionHeading';
import { pageTitle } from '../../lib/site';
import { useSeo } from '../../lib/useSeo';

const Formula = ({ children }: { children: string }) => (
  <Paper
    variant="outlined"
    component="pre"
    sx={{ p: 1.5, m: 0, overflowX: 'auto', fontSize: '0.875rem', whiteSpace: 'pre-wrap' }}
  >
    {children}
  </Paper>
);

/**
 * /how-ratings-work: the formulas behind a tipster's record, as docs/PRODUCT-RULES.md "Records
 * and responsible gambling" states them (the server computes every figure from settled slips).
 */
export const HowRatingsWorkPage = () => {
  useSeo({
    title: pageTitle('How ratings work'),
    description:
      'How tipster ratings, the trust rating, buyer return and streaks are computed from settled slips.',
  });
  return (
    <Box>
      <PageHeader title="How ratings work">
        Every figure on a tipster's record is computed by our server from settled slips when they
        settle. Jackpot slips count for no tipster.
      </PageHeader>
      <Stack spacing={3}>
        <Box component="section" aria-labelledby="rating-title">
          <SectionHeading id="rating-title">Rating</SectionHeading>
          <Typography>
            The share of won slips among won and lost slips; cancelled slips (every game void) are
            left out.
          </Typography>
          <Formula>
            {'rating = 100 × won ÷ (won + lost)   (2 decimals, 0 without a settled slip)'}
          </Formula>
        </Box>
        <Box component="section" aria-labelledby="trust-title">
          <SectionHeading id="trust-title">Trust rating</SectionHeading>
          <Typography>
            A few lucky slips can give a high rating. The trust rating is the lower bound of the 95%
            Wilson score interval on the hit rate (E. B. Wilson, 1927): low for short records,
            nearing the rating as slips accumulate. It is shown from 30 settled slips.
          </Typography>
          <Formula>
            {
              'n = won + lost,  p = won ÷ n,  z = 1.96\ntrust = 100 × (p + z²/2n − z·√(p(1 − p)/n + z²/4n²)) ÷ (1 + z²/n)'
            }
          </Formula>
          <Typography variant="body2" color="text.secondary">
            Example: 10 slips won out of 10 give a trust rating of 72.25%, far below the rating.
          </Typography>
        </Box>
        <Box component="section" aria-labelledby="profit-title">
          <SectionHeading id="profit-title">Profit and ROI</SectionHeading>
          <Formula>
            {
              'profit (units, 1 unit a slip): won → odds − 1, lost → −1, cancelled → 0\nROI = 100 × profit ÷ (won + lost)'
            }
          </Formula>
          <Typography>
            By market and by league, each game counts alone with 1 unit at its quoted odd: won → odd
            − 1, lost → −1, void → 0.
          </Typography>
        </Box>
        <Box component="section" aria-labelledby="buyer-title">
          <SectionHeading id="buyer-title">Buyer return</SectionHeading>
          <Typography>
            What a buyer would have if they had bought every settled slip of the tipster at its
            price and staked the same amount on each at the slip's odds.
          </Typography>
          <Formula>
            {
              'paid = Σ prices,  staked = stake × slips\nreturned = stake × Σ (odds of won slips, void games counting 1.00) + stake × cancelled slips\nnet = returned − paid − staked'
            }
          </Formula>
        </Box>
        <Box component="section" aria-labelledby="clv-title">
          <SectionHeading id="clv-title">Closing-line value</SectionHeading>
          <Typography>
            Did the tipster pick prices that the market later shortened? For each game we compare
            the odd quoted when the slip was published with the closing odd of the same selection
            (football-data.co.uk closing prices; other markets priced from them by the same model as
            our quotes).
          </Typography>
          <Formula>
            {
              'CLV of a game = quoted odd ÷ closing odd   (above 1: better than the closing price)\nCLV = mean over the games with a closing odd'
            }
          </Formula>
        </Box>
        <Box component="section" aria-labelledby="streaks-title">
          <SectionHeading id="streaks-title">Streaks</SectionHeading>
          <Typography>
            Current streak: won or lost slips in a row (cancelled slips skipped). Largest drawdown:
            the deepest fall of the running profit from an earlier high. Last 10: the last ten
            results, oldest first.
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          Past results do not predict future ones. 18+ only. Gambling is addictive, play
          responsibly.
        </Typography>
      </Stack>
    </Box>
  );
};
