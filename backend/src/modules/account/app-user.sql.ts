/**
 * SQL fragments over the account module's `app_user` table for other modules' hot list queries
 * (docs/ARCHITECTURE.md "Table ownership"): only the owner's code names its table, and a join stays
 * one statement (no N+1). Aliases and column expressions are the caller's SQL text, never user input.
 * Columns other modules may read: id, username, avatar_file (public profile fields only).
 */

/** `JOIN app_user <alias> ON <alias>.id = <onColumn>`: the user a row's `onColumn` (a user id) names. */
export const appUserJoin = (alias: string, onColumn: string): string =>
  `JOIN app_user ${alias} ON ${alias}.id = ${onColumn}`;

/** A scalar subquery: the username of the user `userIdColumn` names (null when none). */
export const usernameSql = (userIdColumn: string): string =>
  `SELECT u.username FROM app_user u WHERE u.id = ${userIdColumn}`;
