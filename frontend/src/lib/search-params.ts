/** The ?p= page of a paged route (1 when missing or not a positive integer). */
export const pageParam = (params: URLSearchParams): number => {
  const page = Number(params.get('p'));
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** Search params with ?p= set (removed for page 1). */
export const withPage = (params: URLSearchParams, page: number): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('p', String(page));
  else next.delete('p');
  return next;
};
