import { useEffect } from 'react';

/**
 * Spec §8, 'Other load failures': only logged, nothing shown. Logs a query's error once per
 * error; the caller renders nothing in place of the data.
 */
export const useLoggedError = (error: unknown, what: string): void => {
  useEffect(() => {
    if (error) console.error(`Could not load ${what}`, error);
  }, [error, what]);
};
