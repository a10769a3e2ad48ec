/**
 * SQL fragments over the tipster-stats module's `tipster_stat` table for slip's list queries and
 * leaderboard (docs/ARCHITECTURE.md "Table ownership"): only the owner's code names its table, and
 * a join stays one statement. Aliases and column expressions are the caller's SQL text, never user
 * input. Columns other modules may read: user_id, tips, won, lost, rating, profit, odds_sum.
 */

/** `LEFT JOIN tipster_stat <alias> ON <alias>.user_id = <onColumn>`: the counters of a row's tipster (null before the first slip). */
export const tipsterStatLeftJoin = (alias: string, onColumn: string): string =>
  `LEFT JOIN tipster_stat ${alias} ON ${alias}.user_id = ${onColumn}`;

/** `tipster_stat <alias>`: the counters as a FROM item (one row per tipster with a published slip). */
export const tipsterStatTable = (alias: string): string => `tipster_stat ${alias}`;

/**
 * The overall ranking's ORDER BY terms over counters aliased `alias` (docs/PRODUCT-RULES.md
 * "Tipster statistics": rating desc, settled slips desc, profit desc; then user id), the order of
 * index ix_tipster_stat_rank.
 */
export const tipsterRankOrderSql = (alias: string): string =>
  `${alias}.rating DESC, ${alias}.won + ${alias}.lost DESC, ${alias}.profit DESC, ${alias}.user_id`;

/** A subquery: the user ids of the first `limit` tipsters of the overall ranking with at least `minSettled` settled (won + lost) slips. */
export const topTipsterIdsSql = (minSettled: number, limit: number): string =>
  `SELECT st.user_id FROM tipster_stat st WHERE st.won + st.lost >= ${Number(minSettled)}
        ORDER BY ${tipsterRankOrderSql('st')} LIMIT ${Number(limit)}`;
