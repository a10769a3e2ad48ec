import { Brackets, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { FilterClause, ListParams } from './domain/list-params';

/** Alias of the window count added to list queries. */
const TOTAL = '__total';

/**
 * Adds parsed filter clauses to `qb` as bound parameters (never interpolated values). Columns
 * come from the resource's allowlist, never from the request.
 */
export const applyFilters = <E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  filters: readonly FilterClause[],
): SelectQueryBuilder<E> => {
  filters.forEach((f, i) => {
    const p = `bo_f${i}`;
    switch (f.kind) {
      case 'compare':
        qb.andWhere(`${f.column} ${f.op} :${p}`, { [p]: f.value });
        break;
      case 'null':
        qb.andWhere(`${f.column} IS NULL`);
        break;
      case 'ilike':
        qb.andWhere(`${f.column} ILIKE :${p}`, { [p]: f.pattern });
        break;
      case 'in':
        qb.andWhere(`${f.column} IN (:...${p})`, { [p]: f.values });
        break;
      case 'search':
        f.patterns.forEach((pattern, j) => {
          const pj = `${p}_${j}`;
          qb.andWhere(
            new Brackets((or) =>
              f.columns.forEach((c) => or.orWhere(`${c} ILIKE :${pj}`, { [pj]: pattern })),
            ),
          );
        });
        break;
      case 'none':
        qb.andWhere('1 = 0');
        break;
    }
  });
  return qb;
};

/** A page of a list and the number of rows matching its filter. */
export interface ListPage<E> {
  rows: E[];
  total: number;
}

/**
 * Runs one list page (docs/ARCHITECTURE.md "Speed": one statement per list): rows and the matching
 * total come from the same SELECT through `COUNT(*) OVER()`. Only a page past the end (no row
 * to carry the total) costs a second, count-only statement. `build` returns the filtered query
 * without order or paging, so it can be built twice.
 */
export const runListPage = async <E extends ObjectLiteral>(
  build: () => SelectQueryBuilder<E>,
  params: ListParams,
): Promise<ListPage<E>> => {
  const qb = build().addSelect('COUNT(*) OVER()', TOTAL);
  params.sort.forEach((s, i) =>
    i === 0 ? qb.orderBy(s.column, s.order) : qb.addOrderBy(s.column, s.order),
  );
  qb.offset(params.range.start).limit(params.range.end - params.range.start + 1);
  const { entities, raw } = await qb.getRawAndEntities<Record<string, unknown>>();
  const total = raw.length
    ? Number(raw[0][TOTAL])
    : params.range.start === 0
      ? 0
      : await build().getCount();
  return { rows: entities, total };
};
