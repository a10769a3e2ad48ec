import { EntityManager } from 'typeorm';

/** Something that runs SQL: a repository's data source or a transaction's EntityManager (both have `query`). */
export type Sql = Pick<EntityManager, 'query'>;

/**
 * Rows of a `ds.query` result. TypeORM's postgres driver answers UPDATE/DELETE as
 * `[rows, affectedCount]` and every other statement as the rows themselves.
 */
export const rowsOf = <T>(result: unknown): T[] => {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return result as T[];
};

/** Runs `sql` and returns its rows (also for `UPDATE … RETURNING`). */
export const query = async <T>(db: Sql, sql: string, params: unknown[] = []): Promise<T[]> =>
  rowsOf<T>(await db.query(sql, params));

/** A timestamptz column as an ISO-8601 string. */
export const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();
