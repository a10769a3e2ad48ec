import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import type { components } from './openapi';
import { siteKeys } from './query-keys';

/** GET /api/site/privacy (docs/PRODUCT-RULES.md R275), generated from PrivacyNoticeDto. */
export type PrivacyNotice = components['schemas']['PrivacyNoticeDto'];

/** The privacy notice: controller, purposes, the configured retention periods and the rights. */
export const usePrivacyNotice = () =>
  useQuery({
    queryKey: siteKeys.privacy(),
    queryFn: () => api.get('/api/site/privacy', { auth: false }),
    staleTime: 10 * 60_000,
  });
