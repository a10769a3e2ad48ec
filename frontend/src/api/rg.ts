import { useMutation } from '@tanstack/react-query';
import { api } from './client';
import type { components } from './openapi';

/** A phone's responsible-gambling controls as POST /api/rg/limit and /self-exclusion answer them (generated from the API's RgViewDto). */
export type RgControls = components['schemas']['RgViewDto'];

export type ExclusionPeriod = '1m' | '6m' | '1y';

/** POST /api/rg/code {phone} → {message: 'Code sent'}: a 6-digit code by SMS, valid 10 minutes. */
export const useRgCode = () =>
  useMutation({ mutationFn: (input: { phone: string }) => api.post('/api/rg/code', input) });

/** POST /api/rg/limit {phone, code, daily_cap_ksh}: lower at once, higher after 24 hours. */
export const useRgLimit = () =>
  useMutation({
    mutationFn: (input: { phone: string; code: string; daily_cap_ksh: number }) =>
      api.post('/api/rg/limit', input),
  });

/** POST /api/rg/self-exclusion {phone, code, period}: cannot be lifted early. */
export const useRgSelfExclusion = () =>
  useMutation({
    mutationFn: (input: { phone: string; code: string; period: ExclusionPeriod }) =>
      api.post('/api/rg/self-exclusion', input),
  });
