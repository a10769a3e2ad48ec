/**
 * SQL fragments of the subscription module's table `subscription` for statements of other modules
 * (docs/ARCHITECTURE.md "Table ownership"): the one definition of "a subscription runs at a time".
 */

/**
 * SQL predicate over a `subscription` row aliased `alias`: it belongs to the phone `phoneExpr`
 * (an MSISDN expression) and runs at `atExpr` (a timestamptz expression), i.e. ends after it
 * (docs/PRODUCT-RULES.md "Subscriptions": a renewal bought early starts when the running one ends,
 * and the phone holds a running subscription meanwhile).
 */
export const subscriptionRunsSql = (alias: string, phoneExpr: string, atExpr: string): string =>
  `${alias}.phone = ${phoneExpr} AND ${alias}.ends_at > ${atExpr}`;

/** A boolean SQL expression: whether a subscription of phone `phoneExpr` runs at `atExpr`. */
export const subscribedSql = (phoneExpr: string, atExpr: string): string =>
  `EXISTS (SELECT 1 FROM subscription sb_run WHERE ${subscriptionRunsSql('sb_run', phoneExpr, atExpr)})`;
