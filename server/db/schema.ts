/**
 * The typed shape of every table, joined into one `Database` interface for Kysely.
 * Each area adds its tables here and its migration in `migrations/`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- tables are added by each feature's migration
export interface Database {}
