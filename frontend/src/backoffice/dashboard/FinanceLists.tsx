import { useState } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatKsh } from '../../lib/money';
import { ListCard, type ListCardProps } from './ListCard';
import { paymentStatusLabel, usePayments, useWithdrawals, withdrawalStatusLabel } from './finance';

const formatDate = (value: string): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleString('en-KE', { timeZone: 'Africa/Nairobi' });
};

interface ListFrameProps extends Omit<ListCardProps, 'isEmpty' | 'paging' | 'footer'> {
  headers: string[];
  count: number;
  page: number;
  numPages: number;
  onPage: (page: number) => void;
}

const ListFrame = ({
  headers,
  count,
  page,
  numPages,
  onPage,
  children,
  ...card
}: ListFrameProps) => (
  <ListCard {...card} isEmpty={count === 0} paging={{ page, numPages, onPage }}>
    <Table size="small">
      <TableHead>
        <TableRow>
          {headers.map((header) => (
            <TableCell key={header}>{header}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  </ListCard>
);

/**
 * /dashboard/earnings: the tipster's payments, 10 a page (docs/PRODUCT-RULES.md R82, R110, R31).
 */
export const EarningsPage = () => {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = usePayments(page);
  return (
    <ListFrame
      title="Earnings"
      headers={['Slip', 'Amount', 'Status', 'Date']}
      isPending={isPending}
      error={error}
      count={data?.payments.length ?? 0}
      page={page}
      numPages={data?.num_pages ?? 1}
      onPage={setPage}
      empty="No payments yet."
    >
      {data?.payments.map((payment) => (
        <TableRow key={payment.id}>
          <TableCell>{payment.slip ?? '-'}</TableCell>
          <TableCell>{formatKsh(payment.amount)}</TableCell>
          <TableCell>{paymentStatusLabel(payment.status)}</TableCell>
          <TableCell>{formatDate(payment.date)}</TableCell>
        </TableRow>
      ))}
    </ListFrame>
  );
};

/** /dashboard/withdraw: the tipster's withdrawal requests (docs/PRODUCT-RULES.md R110, R35). */
export const WithdrawRequestsPage = () => {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useWithdrawals(page);
  return (
    <ListFrame
      title="Withdraw Requests"
      headers={['Amount', 'Paid', 'Balance', 'Phone number', 'Status', 'Date']}
      isPending={isPending}
      error={error}
      count={data?.withdrawals.length ?? 0}
      page={page}
      numPages={data?.num_pages ?? 1}
      onPage={setPage}
      empty="No withdrawal requests yet."
    >
      {data?.withdrawals.map((row) => (
        <TableRow key={row.id}>
          <TableCell>{formatKsh(row.amount)}</TableCell>
          <TableCell>{formatKsh(row.total_paid)}</TableCell>
          <TableCell>{formatKsh(row.balance)}</TableCell>
          <TableCell>{row.phone_number}</TableCell>
          <TableCell>{withdrawalStatusLabel(row.status)}</TableCell>
          <TableCell>{formatDate(row.date)}</TableCell>
        </TableRow>
      ))}
    </ListFrame>
  );
};
