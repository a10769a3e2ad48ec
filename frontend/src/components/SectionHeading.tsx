import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A section's h2 with an optional action (a 'See more' link) on the right. */
export const SectionHeading = ({
  id,
  children,
  action,
}: {
  id?: string;
  children: ReactNode;
  action?: ReactNode;
}) => (
  <Stack
    direction="row"
    spacing={2}
    sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}
  >
    <Typography id={id} variant="h2">
      {children}
    </Typography>
    {action}
  </Stack>
);
