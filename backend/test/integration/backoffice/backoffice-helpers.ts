import type { TestContext, TestResponse } from '../../setup/test-app';

/** JSON-encodes simple-rest list parameters into a query string. */
export const listQuery = (
  params: { sort?: unknown; range?: unknown; filter?: unknown } = {},
): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, JSON.stringify(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

/** GET /api/backoffice/{resource} with list parameters. */
export const listResource = <T = any>(
  t: TestContext,
  token: string,
  resource: string,
  params: { sort?: unknown; range?: unknown; filter?: unknown } = {},
): Promise<TestResponse<T>> =>
  t.request<T>('GET', `/api/backoffice/${resource}${listQuery(params)}`, { token });

/** A create-post body with a unique title. */
let seq = 0;
export const postBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => {
  seq += 1;
  return {
    title: `Reading the odds ${seq}`,
    content: `<p>Decimal odds of 2.50 return Ksh 250 for Ksh 100. Post ${seq}.</p>`,
    overview: 'What decimal odds mean for your stake.',
    published: true,
    ...overrides,
  };
};
