import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAX_ACCURACY_PERCENT } from '../../lib/constants';
import { PATHS } from '../../lib/paths';
import { HOME_TITLE } from '../../lib/site';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** Home (spec §2 '/'): hero for now; top games, free tips, popular tips and jackpots come later. */
export const HomePage = () => {
  useDocumentTitle(HOME_TITLE);

  return (
    <Box
      component="section"
      aria-labelledby="home-hero-title"
      sx={{
        py: { xs: 4, md: 8 },
        px: { xs: 2, md: 6 },
        borderRadius: 3,
        background:
          'linear-gradient(135deg, rgba(34,197,94,0.22) 0%, rgba(11,107,58,0.35) 55%, rgba(19,32,26,1) 100%)',
      }}
    >
      <Typography id="home-hero-title" variant="h1">
        Winning football tips from Kenya&apos;s top tipsters
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mt: 2, maxWidth: 640 }}>
        Buy a tipster&apos;s slip with M-Pesa and the picks are sent to you by SMS. Lost the SMS?
        Find your tip again any time on the Find Tip page. Accuracy of up to {MAX_ACCURACY_PERCENT}
        %.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
        <Button component={RouterLink} to={PATHS.activeTips} variant="contained" size="large">
          Browse Tips
        </Button>
        <Button component={RouterLink} to={PATHS.findTip} variant="outlined" size="large">
          Find Tip
        </Button>
      </Stack>
    </Box>
  );
};
