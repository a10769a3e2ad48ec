import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One labelled figure of a row shown as a card (label, and how to read its value off the row). */
export interface Figure<Row> {
  label: string;
  value: (row: Row) => ReactNode;
}

/**
 * A phone card's figures as a definition list: labels left, values right-aligned (the card form
 * of a table row below 600 px, docs/PRODUCT-RULES.md "Public web app").
 */
export const FigureList = <Row,>({
  figures,
  row,
  mt = 0,
}: {
  figures: readonly Figure<Row>[];
  row: Row;
  mt?: number;
}) => (
  <Box
    component="dl"
    sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, m: 0, mt }}
  >
    {figures.map((f) => (
      <Box key={f.label} sx={{ display: 'contents' }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {f.label}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
          {f.value(row)}
        </Typography>
      </Box>
    ))}
  </Box>
);
