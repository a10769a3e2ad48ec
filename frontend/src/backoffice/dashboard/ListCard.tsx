import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { errorMessage } from '../../api/client';

/** Page numbers under a list (the API's `num_pages`); hidden for a single page. */
export interface ListPaging {
  page: number;
  numPages: number;
  onPage: (page: number) => void;
}

export interface ListCardProps {
  title: string;
  isPending: boolean;
  /** A failure of the list query; shown instead of the list. */
  error: unknown;
  /** True when the list has no rows: `empty` is shown instead of `children`. */
  isEmpty: boolean;
  empty: string;
  paging?: ListPaging;
  /** Below the list, e.g. a See More button or a next-page error. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * Frame of a dashboard list page (docs/PRODUCT-RULES.md R110: /dashboard/earnings, /withdraw,
 * /active_tips, /finished_tips): react-admin title, heading, then a spinner, the error ('Error
 * occurred. Try again' unless the server sent a message), the empty text, or the list with its page
 * numbers.
 */
export const ListCard = ({
  title,
  isPending,
  error,
  isEmpty,
  empty,
  paging,
  footer,
  children,
}: ListCardProps) => (
  <Card sx={{ mt: 2 }}>
    <Title title={title} />
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {isPending ? (
        <CircularProgress size={24} aria-label={`Loading ${title}`} />
      ) : error ? (
        <Alert severity="error">{errorMessage(error, 'Error occurred. Try again')}</Alert>
      ) : isEmpty ? (
        <Typography variant="body2">{empty}</Typography>
      ) : (
        <>
          {children}
          {paging && paging.numPages > 1 && (
            <Pagination
              sx={{ mt: 2 }}
              count={paging.numPages}
              page={paging.page}
              onChange={(_event, next) => paging.onPage(next)}
            />
          )}
          {footer}
        </>
      )}
    </CardContent>
  </Card>
);
