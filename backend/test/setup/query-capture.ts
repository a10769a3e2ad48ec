import { AsyncLocalStorage } from 'async_hooks';
import { DataSource } from 'typeorm';

/**
 * Runs `work` and returns the SQL statements TypeORM sent on its behalf, with `work`'s result.
 * Only queries issued from `work`'s own async context count (a request through `t.request`, a
 * service call): the sandbox's deadline sweep, schedulers, pollers and anything else the app runs
 * on its own timers at the same moment are not recorded, however the event loop interleaves them.
 */
export const captureQueries = async <T>(
  ds: DataSource,
  work: () => Promise<T>,
): Promise<{ queries: string[]; result: T }> => {
  const scope = new AsyncLocalStorage<string[]>();
  const queries: string[] = [];
  const logger = ds.logger;
  const original = logger.logQuery;
  logger.logQuery = function (query, parameters, runner) {
    scope.getStore()?.push(query);
    return original.call(this, query, parameters, runner);
  };
  try {
    const result = await scope.run(queries, work);
    return { queries, result };
  } finally {
    logger.logQuery = original;
  }
};
