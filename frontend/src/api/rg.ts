import { useMutation } from '@tanstack/react-query';
import { api } from './client';

/** A phone's responsible-gambling controls as POST /api/rg/limit and /self-exclusion answer them. */
export interface RgControls {
  phone: string;
  /** Cap in force, Ksh per Africa/Nairobi day ('500.00'), or null. */
  daily_cap_ksh: string | null;
  /** A raised cap waiting for next_cap_from. */
  next_cap_ksh: string | null;
  next_cap_from: string | null;
  excluded_until: string | null;
}

export type ExclusionPeriod = '1m' | '6m' | '1y';

/** POST /api/rg/code {phone} → {message: 'Code sent'}: a 6-digit code by SMS, valid 10 minutes. */
export const useRgCode = () =>
  useMutation({ mutationFn: (input: { phone: string }) => api.post<{ message: string }>('/api/rg/code', input) });

/** POST /api/rg/limit {phone, code, daily_cap_ksh}: lower at once, higher after 24 hours. */
export const useRgLimit = () =>
  useMutation({
    mutationFn: (input: { phone: string; code: string; daily_cap_ksh: number }) => api.post<RgControls>('/api/rg/limit', input),
  });

/** POST /api/rg/self-exclusion {phone, code, period}: cannot be lifted early. */
export const useRgSelfExclusion = () =>
  useMutation({
    mutationFn: (input: { phone: string; code: string; period: ExclusionPeriod }) =>
      api.post<RgControls>('/api/rg/self-exclusion', input),
  });
