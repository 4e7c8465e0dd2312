import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { isSqlite } from './migrations/portable.ts';
import { migrations as allMigrations } from './migrations/index.ts';

/** Brings the schema up to date; run at every start, before the server listens. */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works below the app's table types
  db: Kysely<any>,
  migrations: Record<string, Migration> = allMigrations,
): Promise<string[]> {
  // On PostgreSQL, Kysely looks for its bookkeeping tables in every schema; pin them to the
  // connection's own schema, or two apps (or test runs) in one database confuse each other.
  const migrationTableSchema = isSqlite(db)
    ? undefined
    : (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
