import { useDeferredValue } from 'react';

/**
 * `query` (a TanStack Query result) with new data handed to the page as a deferred, time-sliced
 * render: query results arrive through useSyncExternalStore, whose updates React renders in one
 * blocking task; a list of cards built that way blocks a low-end phone's main thread for hundreds
 * of milliseconds (docs/PRODUCT-RULES.md "Public web app", Lighthouse Total Blocking Time). Until the deferred render is ready
 * the page keeps what it showed: the previous data, or the loading state (isPending) before the first.
 */
export const useDeferredQuery = <Q extends { data?: unknown; isPending: boolean }>(query: Q): Q => {
  const data = useDeferredValue(query.data);
  if (data === query.data) return query;
  return { ...query, data, isPending: data === undefined ? true : query.isPending } as Q;
};
