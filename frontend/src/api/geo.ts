import { useQuery } from '@tanstack/react-query';
import { asSaleCountry, type SaleCountry } from '../lib/sale-country';
import { bootCountry } from './boot-data';
import { api } from './client';
import { geoKeys } from './query-keys';

/**
 * GET /api/geo/country → `{ country }`: the visitor's sale country by IP
 * (docs/PRODUCT-RULES.md R143).
 */
export const VISITOR_COUNTRY_PATH = '/api/geo/country';

/**
 * The visitor's sale country by IP (KE, NG or UG; Kenya when unknown), which the buy page and the
 * registration dialog preselect. Read from the HTML the server sent (boot data) when it carries
 * it, else asked once per visit; Kenya until the answer arrives or when the request fails.
 */
export const useVisitorCountry = (): SaleCountry => {
  const query = useQuery({
    queryKey: geoKeys.country(),
    queryFn: () => api.get(VISITOR_COUNTRY_PATH),
    initialData: () => {
      const country = bootCountry();
      return country ? { country } : undefined;
    },
    staleTime: Infinity,
    retry: false,
  });
  return asSaleCountry(query.data?.country);
};
