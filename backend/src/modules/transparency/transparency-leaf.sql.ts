/**
 * SQL fragments of the transparency module's `transparency_leaf` for the slip module's
 * statements (docs/ARCHITECTURE.md "Table ownership"): the owner's file is the only code that
 * names the table.
 */

/** `LEFT JOIN transparency_leaf <alias> ON <alias>.slip_id = <slipIdColumn>`: a slip's log entry, if any (`<alias>.leaf_index`). */
export const logLeafLeftJoin = (alias: string, slipIdColumn: string): string =>
  `LEFT JOIN transparency_leaf ${alias} ON ${alias}.slip_id = ${slipIdColumn}`;

/** `NOT EXISTS (…)`: true for a slip that has no log entry yet. */
export const notLoggedSql = (slipIdColumn: string): string =>
  `NOT EXISTS (SELECT 1 FROM transparency_leaf tl_nl WHERE tl_nl.slip_id = ${slipIdColumn})`;
