import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

type PillColor = 'success' | 'error' | 'warning' | 'default';

/** A small status label (cheaper than MUI Chip on the public pages' first load). */
export const Pill = ({
  color = 'default',
  children,
}: {
  color?: PillColor;
  children: ReactNode;
}) => (
  <Box
    component="span"
    sx={{
      display: 'inline-block',
      px: 1,
      py: 0.25,
      borderRadius: 8,
      fontSize: '0.75rem',
      fontWeight: 700,
      lineHeight: 1.6,
      whiteSpace: 'nowrap',
      border: 1,
      borderColor: color === 'default' ? 'divider' : `${color}.main`,
      bgcolor: color === 'default' ? 'transparent' : `${color}.main`,
      color: color === 'default' ? 'text.secondary' : `${color}.contrastText`,
    }}
  >
    {children}
  </Box>
);
