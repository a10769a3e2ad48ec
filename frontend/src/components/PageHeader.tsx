import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A page's h1 with an optional lead paragraph. */
export const PageHeader = ({ title, children }: { title: string; children?: ReactNode }) => (
  <Box sx={{ mb: 3 }}>
    <Typography variant="h1">{title}</Typography>
    {children ? (
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 720 }}>
        {children}
      </Typography>
    ) : null}
  </Box>
);
