import type { Migration } from 'kysely';

/**
 * Every migration, in order. Keys are date-stamped so they sort by age; a migration
 * never imports app code and uses only SQL that both SQLite and PostgreSQL accept.
 */
export const migrations: Record<string, Migration> = {};
