/** How often the `run-retention` schedule runs (ms): hourly, like the credentials purge (docs/PRODUCT-RULES.md R274). */
export const RUN_RETENTION_EVERY_MS = 60 * 60_000;

/** The privacy notice's route (docs/PRODUCT-RULES.md R275). */
export const PRIVACY_NOTICE_PATH = '/api/site/privacy';

/** The `format` of an export document (docs/PRODUCT-RULES.md R260). */
export const EXPORT_FORMAT = 'tips-personal-data/1';
