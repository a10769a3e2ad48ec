/**
 * How long a purchase keeps the buyer's phone and e-mail before the buyer may have them erased
 * (docs/PRODUCT-RULES.md R265): 24 months, in calendar months. Younger purchases keep them for
 * disputes, refunds and the spend caps.
 */
export const PURCHASE_PHONE_RETENTION_MONTHS = 24;

/** The `format` of an export document (docs/PRODUCT-RULES.md R260). */
export const EXPORT_FORMAT = 'tips-personal-data/1';
