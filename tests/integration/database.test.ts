import { type Kysely, type Migration, sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../server/db/connection.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { type TestDatabase, createTestDatabase, testDialects } from '../helpers/databases.ts';

// A throwaway migration set, so the mechanism is tested independently of the app's tables.
const sampleMigrations: Record<string, Migration> = {
  '2026-01-01-001-widgets': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('widgets')
        .addColumn('id', 'integer', (column) => column.primaryKey())
        .addColumn('name', 'varchar(100)', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('widgets').execute();
    },
  },
};

describe.each(testDialects)('the data layer on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(async () => database?.destroy());

  it('answers a ping and runs the app migrations on an empty database', async () => {
    database = await createTestDatabase(dialect);
    expect(database.handle.dialect).toBe(dialect);
    expect(await database.handle.ping()).toBe(true);
    await migrateToLatest(database.handle.db);
    // Running again is a no-op: every start migrates.
    expect(await migrateToLatest(database.handle.db)).toEqual([]);
  });

  it('applies a new migration once and records it', async () => {
    database = await createTestDatabase(dialect);
    const db = database.handle.db as unknown as Kysely<{ widgets: { id: number; name: string } }>;
    expect(await migrateToLatest(database.handle.db, sampleMigrations)).toEqual(['2026-01-01-001-widgets']);
    expect(await migrateToLatest(database.handle.db, sampleMigrations)).toEqual([]);
    await db.insertInto('widgets').values({ id: 1, name: 'cryogenic trailer' }).execute();
    const rows = await db.selectFrom('widgets').selectAll().execute();
    expect(rows).toEqual([{ id: 1, name: 'cryogenic trailer' }]);
  });

  it('reports a failing migration by name', async () => {
    database = await createTestDatabase(dialect);
    const broken: Record<string, Migration> = {
      '2026-01-02-001-broken': { up: async (db) => void (await sql`select * from no_such_table`.execute(db)) },
    };
    await expect(migrateToLatest(database.handle.db, broken)).rejects.toThrow(/2026-01-02-001-broken failed/);
  });

  it('reports not ready once the connection is closed', async () => {
    database = await createTestDatabase(dialect);
    await database.handle.close();
    expect(await database.handle.ping()).toBe(false);
  });
});

describe.runIf(testDialects.includes('postgres'))('a PostgreSQL connection that fails while idle', () => {
  it('is dropped and replaced, without ending the process', async () => {
    const baseUrl = process.env.TEST_DATABASE_URL ?? '';
    const database = await createTestDatabase('postgres');
    const seen: Error[] = [];
    // A handle of the server's kind: it reports idle-connection errors rather than throwing them.
    const handle = openDatabase({ dialect: 'postgres', url: database.url }, { onIdleConnectionError: (error) => seen.push(error) });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const pid = rows[0]?.pid;
      // What a PostgreSQL restart or an administrator's pg_terminate_backend does to an idle connection.
      const killer = new pg.Client({ connectionString: baseUrl });
      await killer.connect();
      await killer.query('select pg_terminate_backend($1)', [pid]);
      await killer.end();
      await expect.poll(() => seen.length).toBeGreaterThan(0);
      expect(await handle.ping()).toBe(true);
    } finally {
      await handle.close();
      await database.destroy();
    }
  });
});
