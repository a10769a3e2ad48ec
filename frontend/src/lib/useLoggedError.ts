import { useEffect } from 'react';

/**
 * Other load failures are only logged, nothing shown (docs/PRODUCT-RULES.md R71). Logs a query's
 * error once per error; the caller renders nothing in place of the data.
 */
export const useLoggedError = (error: unknown, what: string): void => {
  useEffect(() => {
    if (error) console.error(`Could not load ${what}`, error);
  }, [error, what]);
};
