import { useMutation, useQuery } from '@tanstack/react-query';
import { api, fillPath } from './client';
import { subscriptionKeys } from './query-keys';
import type { FoundTip, Slip } from './types';

/**
 * POST /api/processor/buy { phone (MSISDN 254...), slip, voucher? } -> { message: 'Request Sent' },
 * or { message: 'Paid with voucher' } when a voucher paid the slip (docs/PRODUCT-RULES.md R246).
 */
export const useBuySlip = () =>
  useMutation({
    /** `marketing_sms_consent`: the ticked marketing box's wording (docs/PRODUCT-RULES.md R276). */
    mutationFn: (input: {
      phone: string;
      slip: number;
      voucher?: string;
      marketing_sms_consent?: string;
    }) => api.post('/api/processor/buy', input),
  });

/**
 * POST /api/processor/buy-paybill { phone, slip } -> { paybill, account, amount, expires_at }: the
 * M-Pesa paybill reference bound to this phone and slip for 24 h (docs/PRODUCT-RULES.md R200).
 */
export const useBuySlipPaybill = () =>
  useMutation({
    mutationFn: (input: { phone: string; slip: number }) =>
      api.post('/api/processor/buy-paybill', input),
  });

/** Nigeria (NGN) and Uganda (UGX) checkout through the card/wallet provider. */
export type FlutterwaveCountry = 'NG' | 'UG';

export const FLUTTERWAVE_BUY_PATHS = {
  NG: '/api/processor/buy-flw',
  UG: '/api/processor/buy-flw-ug',
} as const satisfies Record<FlutterwaveCountry, string>;

/**
 * POST buy-flw / buy-flw-ug { email, slip_id, voucher? } -> { link } (the checkout the buyer is sent
 * to), or { message: 'Paid with voucher' } when a voucher of that e-mail paid the slip
 * (docs/PRODUCT-RULES.md R283).
 */
export const useBuySlipFlutterwave = (country: FlutterwaveCountry) =>
  useMutation({
    mutationFn: (input: { email: string; slip_id: number; voucher?: string }) =>
      api.post(FLUTTERWAVE_BUY_PATHS[country], input),
  });

/** A find-slip answer as a list: the API may send the list itself or wrap it. */
export const foundTipsOf = (body: unknown): FoundTip[] => {
  if (Array.isArray(body)) return body as FoundTip[];
  if (body && typeof body === 'object') {
    for (const key of ['tips', 'data', 'results']) {
      const value = (body as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as FoundTip[];
    }
  }
  return [];
};

/** POST /api/manage/find-slip/{phone}/{code}: the tips of a paid Kenyan purchase. */
export const FIND_SLIP_PATH = '/api/manage/find-slip/{phone}/{code}';

/** The find-slip URL of a phone (MSISDN 254...) and its M-Pesa or SMS code. */
export const findSlipPath = (msisdn: string, code: string): string =>
  fillPath(FIND_SLIP_PATH, { phone: msisdn, code });

export const useFindSlip = () =>
  useMutation({
    mutationFn: async (input: { msisdn: string; code: string }) =>
      foundTipsOf(
        await api.post(FIND_SLIP_PATH, undefined, {
          path: { phone: input.msisdn, code: input.code },
        }),
      ),
  });

/** POST /api/manage/find-slip-ng/{email}/{base64 id}. */
export const FIND_SLIP_NG_PATH = '/api/manage/find-slip-ng/{email}/{id}';

/** The find-slip URL of a Nigerian purchase: the buyer's e-mail and the slip id in base64. */
export const findSlipNgPath = (email: string, encodedId: string): string =>
  fillPath(FIND_SLIP_NG_PATH, { email, id: encodedId });

export const useFindSlipNg = () =>
  useMutation({
    mutationFn: async (input: { email: string; encodedId: string }) =>
      foundTipsOf(
        await api.post(FIND_SLIP_NG_PATH, undefined, {
          path: { email: input.email, id: input.encodedId },
        }),
      ),
  });

/** GET /api/manage/get-subscription-kind -> { gold, bronze, silver }. */
export const useSubscriptionKinds = () =>
  useQuery({
    queryKey: subscriptionKeys.kinds(),
    queryFn: () => api.get('/api/manage/get-subscription-kind'),
    staleTime: 5 * 60_000,
  });

/** POST /api/processor/subscribe { phone, type, days } (days 1000 = lifetime). */
export const useSubscribe = () =>
  useMutation({
    mutationFn: (input: { phone: string; type: string; days: number }) =>
      api.post('/api/processor/subscribe', input),
  });

/**
 * GET /api/manage/get-subscription-slips/{phone}?code= -> { data: premium slips with picks }. The
 * code (our code from the subscription SMS, or the payment's M-Pesa code) proves the phone is the
 * caller's; without it the server answers 400, with a wrong one 404.
 */
export const fetchSubscriptionSlips = async (msisdn: string, code: string): Promise<Slip[]> =>
  (
    await api.get('/api/manage/get-subscription-slips/{phone}', {
      path: { phone: msisdn },
      query: { code },
    })
  ).data ?? [];

export const useSubscriptionSlips = () =>
  useMutation({
    mutationFn: (input: { msisdn: string; code: string }) =>
      fetchSubscriptionSlips(input.msisdn, input.code),
  });
