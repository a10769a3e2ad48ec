import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PATHS } from '../lib/paths';
import { RESPONSIBLE_GAMBLING_LINE } from '../lib/site';

/**
 * The line every selling page carries (Kenya's betting advertising rules: 18+ and "Gambling is
 * addictive, play responsibly"), with the link to the spend-limit and self-exclusion page.
 */
export const ResponsibleGamblingNote = ({ align = 'left' }: { align?: 'left' | 'center' }) => (
  <Typography variant="body2" color="text.secondary" sx={{ textAlign: align, mt: 2 }}>
    {RESPONSIBLE_GAMBLING_LINE}{' '}
    <Link component={RouterLink} to={PATHS.responsibleGambling}>
      Set a spending limit or take a break
    </Link>
  </Typography>
);
