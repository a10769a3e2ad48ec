import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { components } from '../../api/openapi';

/**
 * The finance summary (docs/PRODUCT-RULES.md R29, R119; GET /api/finance/pending_amount), Ksh
 * decimal strings; generated from the API's FinanceSummaryDto.
 */
export type FinanceSummary = components['schemas']['FinanceSummaryDto'];

/** A sale share of the tipster (docs/PRODUCT-RULES.md R119; GET /api/finance/get_payments). */
export type PaymentRow = components['schemas']['PaymentRowDto'];

/** A withdrawal (docs/PRODUCT-RULES.md R119; GET /api/finance/withdrawals). */
export type WithdrawalRow = components['schemas']['WithdrawalRowDto'];

export const financeKeys = {
  all: ['finance'] as const,
  summary: () => [...financeKeys.all, 'summary'] as const,
  payments: (page: number) => [...financeKeys.all, 'payments', page] as const,
  withdrawals: (page: number) => [...financeKeys.all, 'withdrawals', page] as const,
};

export const useFinanceSummary = () =>
  useQuery({
    queryKey: financeKeys.summary(),
    queryFn: () => api.get('/api/finance/pending_amount'),
  });

export const usePayments = (page: number) =>
  useQuery({
    queryKey: financeKeys.payments(page),
    queryFn: () => api.get('/api/finance/get_payments', { query: { p: page } }),
    placeholderData: keepPreviousData,
  });

export const useWithdrawals = (page: number) =>
  useQuery({
    queryKey: financeKeys.withdrawals(page),
    queryFn: () => api.get('/api/finance/withdrawals', { query: { p: page } }),
    placeholderData: keepPreviousData,
  });

/** POST /api/finance/withdraw_request {phone_number}; success refreshes every finance query. */
export const useWithdrawRequest = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (phoneNumber: string) =>
      api.post('/api/finance/withdraw_request', { phone_number: phoneNumber }),
    onSuccess: () => client.invalidateQueries({ queryKey: financeKeys.all }),
  });
};

/** Payment status (docs/PRODUCT-RULES.md R31): W pending, P paid, other unpaid. */
export const paymentStatusLabel = (status: string): string =>
  status === 'W' ? 'Pending' : status === 'P' ? 'Paid' : 'Unpaid';

/** Withdrawal status (docs/PRODUCT-RULES.md R35): P pending, W paid, other unpaid. */
export const withdrawalStatusLabel = (status: string): string =>
  status === 'P' ? 'Pending' : status === 'W' ? 'Paid' : 'Unpaid';
