import { type Kysely, type Migration, sql } from 'kysely';
import pg from 'pg';
import { openDatabase, prepared } from '../../server/db/connection.ts';
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

  it('runs a statement marked to be kept prepared like any other, with its values as parameters', async () => {
    database = await createTestDatabase(dialect);
    const db = database.handle.db;
    const square = (value: number) => prepared(sql<{ square: number }>`select cast(${value} as integer) * cast(${value} as integer) as square`).execute(db);
    expect((await square(3)).rows.map((row) => Number(row.square))).toEqual([9]);
    expect((await square(12)).rows.map((row) => Number(row.square))).toEqual([144]);
  });

  it('returns every row of a marked statement in order, fails a wrong one with the database error, and the next statement runs', async () => {
    database = await createTestDatabase(dialect);
    const db = database.handle.db;
    // Rows past the forty or so where node-postgres's own collection was kept too long (the pool collects them itself on PostgreSQL).
    const numbers = (count: number) =>
      prepared(sql<{ n: number }>`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${count}) select n from s order by n`).execute(db);
    expect((await numbers(150)).rows.map((row) => Number(row.n))).toEqual(Array.from({ length: 150 }, (_, index) => index + 1));
    expect((await numbers(1)).rows.map((row) => Number(row.n))).toEqual([1]);
    await expect(prepared(sql`select * from no_such_table where id = ${1}`).execute(db)).rejects.toThrow(/no_such_table/);
    // A value PostgreSQL refuses while running the statement (SQLite casts it to 0).
    if (dialect === 'postgres') await expect(prepared(sql`select cast(${'not a number'} as integer) as n`).execute(db)).rejects.toThrow(/invalid input syntax/);
    expect((await numbers(3)).rows.map((row) => Number(row.n))).toEqual([1, 2, 3]);
    // A marked write reports how many rows it changed, as an unmarked one does.
    await sql`create table counted (id integer)`.execute(db);
    const inserted = await prepared(sql`insert into counted (id) values (${1}), (${2})`).execute(db);
    expect(Number(inserted.numAffectedRows)).toBe(2);
  });

  it.runIf(dialect === 'postgres')('keeps a marked statement prepared on PostgreSQL: one named statement per text and connection', async () => {
    database = await createTestDatabase(dialect);
    const db = database.handle.db;
    // A transaction keeps to one connection. The statement is parsed once and run with each
    // call's values; a statement not marked stays unnamed.
    await db.transaction().execute(async (trx) => {
      for (const value of [2, 5, 7]) await prepared(sql`select ${value}::int + 1 as next`).execute(trx);
      await sql`select ${4}::int + 1 as unmarked`.execute(trx);
      const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements order by name`.execute(trx);
      const marked = rows.filter((row) => row.statement.includes('as next'));
      expect(marked).toHaveLength(1);
      expect(marked[0]?.name).toMatch(/^vpv_[0-9a-f]{40}$/);
      expect(rows.some((row) => row.statement.includes('as unmarked'))).toBe(false);
    });
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
