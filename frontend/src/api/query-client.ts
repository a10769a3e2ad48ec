import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/**
 * The public site's TanStack Query client. Client errors (4xx) are not retried: they will not
 * change on a second try; other failures are retried once.
 */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
