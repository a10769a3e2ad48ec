import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { api } from './client';
import type { components } from './openapi';
import { buyerKeys } from './query-keys';

/** One purchase of a buyer's history (docs/PRODUCT-RULES.md R161; generated from the API's BuyerPurchaseDto). */
export type BuyerPurchase = components['schemas']['BuyerPurchaseDto'];

/** A page of GET /api/buyer/purchases: `next` is the `before` of the next page, null on the last. */
export type BuyerPurchasesPage = components['schemas']['BuyerPurchasesPageDto'];

/** What proves the phone: the phone as typed and the 6-digit code of POST /api/buyer/code. */
export interface BuyerProof {
  phone: string;
  code: string;
}

export const BUYER_PURCHASES_PATH = '/api/buyer/purchases' as const;

/** POST /api/buyer/code {phone} → {message: 'Code sent'}: a 6-digit code by SMS, valid 10 minutes (docs/PRODUCT-RULES.md R160). */
export const useBuyerCode = () =>
  useMutation({ mutationFn: (input: { phone: string }) => api.post('/api/buyer/code', input) });

/**
 * GET /api/buyer/purchases?phone=&code=[&before=]: the phone's purchases, newest first, a page at
 * a time ('Load more' follows `next`). Off until a proof is given; a wrong code is not retried.
 */
export const useBuyerPurchases = (proof: BuyerProof | null) =>
  useInfiniteQuery({
    queryKey: buyerKeys.purchases(proof?.phone ?? '', proof?.code ?? ''),
    queryFn: ({ pageParam }) =>
      api.get(BUYER_PURCHASES_PATH, {
        query: { phone: proof?.phone, code: proof?.code, before: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: proof !== null,
    retry: false,
    staleTime: 60_000,
  });
