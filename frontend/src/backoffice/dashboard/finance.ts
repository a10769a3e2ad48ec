import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { DecimalValue } from '../../lib/money';

/**
 * The finance summary (docs/PRODUCT-RULES.md R29, R119; GET /api/finance/pending_amount), Ksh
 * decimal strings.
 */
export interface FinanceSummary {
  pending_amount: DecimalValue;
  account_balance: DecimalValue;
  total_earnings: DecimalValue;
  today_earnings: DecimalValue;
  month_earnings: DecimalValue;
  /** What a withdraw request takes now: the whole balance in whole Ksh ('0.00' under Ksh 500). */
  withdrawable_amount?: DecimalValue;
  /** Whether the balance reaches the Ksh 500 minimum: the withdraw dialog opens only then (the server's word). */
  can_withdraw?: boolean;
}

/** A sale share of the tipster (docs/PRODUCT-RULES.md R119; GET /api/finance/get_payments). */
export interface PaymentRow {
  id: number;
  slip: number | string | null;
  amount: DecimalValue;
  status: string;
  date: string;
}

/** A withdrawal (docs/PRODUCT-RULES.md R119; GET /api/finance/withdrawals). */
export interface WithdrawalRow {
  id: number;
  amount: DecimalValue;
  status: string;
  phone_number: string;
  date: string;
  total_paid: DecimalValue;
  /** The withdrawal's balance, amount − total_paid, as the server computed it. */
  balance: DecimalValue;
}

export type FinancePage<K extends string, Row> = { [key in K]: Row[] } & {
  next: number | string | null;
  num_pages: number;
  count: number;
};

export const financeKeys = {
  all: ['finance'] as const,
  summary: () => [...financeKeys.all, 'summary'] as const,
  payments: (page: number) => [...financeKeys.all, 'payments', page] as const,
  withdrawals: (page: number) => [...financeKeys.all, 'withdrawals', page] as const,
};

export const useFinanceSummary = () =>
  useQuery({
    queryKey: financeKeys.summary(),
    queryFn: () => api.get<FinanceSummary>('/api/finance/pending_amount'),
  });

export const usePayments = (page: number) =>
  useQuery({
    queryKey: financeKeys.payments(page),
    queryFn: () => api.get<FinancePage<'payments', PaymentRow>>('/api/finance/get_payments', { query: { p: page } }),
    placeholderData: keepPreviousData,
  });

export const useWithdrawals = (page: number) =>
  useQuery({
    queryKey: financeKeys.withdrawals(page),
    queryFn: () =>
      api.get<FinancePage<'withdrawals', WithdrawalRow>>('/api/finance/withdrawals', { query: { p: page } }),
    placeholderData: keepPreviousData,
  });

/** POST /api/finance/withdraw_request {phone_number}; success refreshes every finance query. */
export const useWithdrawRequest = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (phoneNumber: string) =>
      api.post<{ message?: string }>('/api/finance/withdraw_request', { phone_number: phoneNumber }),
    onSuccess: () => client.invalidateQueries({ queryKey: financeKeys.all }),
  });
};

/** Payment status (docs/PRODUCT-RULES.md R31): W pending, P paid, other unpaid. */
export const paymentStatusLabel = (status: string): string =>
  status === 'W' ? 'Pending' : status === 'P' ? 'Paid' : 'Unpaid';

/** Withdrawal status (docs/PRODUCT-RULES.md R35): P pending, W paid, other unpaid. */
export const withdrawalStatusLabel = (status: string): string =>
  status === 'P' ? 'Pending' : status === 'W' ? 'Paid' : 'Unpaid';
