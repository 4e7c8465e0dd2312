import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type PostgresPool, type PostgresPoolClient, PostgresDialect, type RawBuilder, SqliteDialect, type SqliteDatabase, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Dialect = DatabaseConfig['dialect'];

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** True when the database answers a trivial query; used by /readyz. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// PostgreSQL BIGINT (COUNT(*) and friends) arrives as a string by default; our counts fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface OpenOptions {
  searchPath?: string;
  /**
   * Told about an error on an idle PostgreSQL connection (the server restarted, an admin
   * ended the session). pg emits those on the pool, and an 'error' nobody listens to would
   * end the process; the pool drops that connection and opens a new one when next needed.
   */
  onIdleConnectionError?: (error: Error) => void;
}

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): DbHandle {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
    return handle(db, 'postgres');
  }

  fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const file = new SQLite(config.file);
  // WAL lets readers continue while a write commits; busy_timeout covers a second process.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
  return handle(db, 'sqlite');
}

/** Prepared statements kept per SQLite file (the most recently used). */
const STATEMENTS_KEPT = 300;

/**
 * better-sqlite3 with its prepared statements kept by SQL text. Kysely prepares every query
 * anew, and preparing was about a tenth of a search's time (FTS5 statements are costly to
 * plan); a statement whose text recurs is now prepared once. Kysely runs one query at a
 * time on its one SQLite connection, so a kept statement is never in use twice at once, and
 * SQLite prepares a statement again by itself when the schema changed.
 */
function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else {
        statement = file.prepare(text);
        if (statements.size >= STATEMENTS_KEPT) {
          const oldest = statements.keys().next();
          if (!oldest.done) statements.delete(oldest.value);
        }
      }
      // Last in the map's order: the most recently used.
      statements.set(text, statement);
      return statement;
    },
  };
}

/** The first characters of a statement `prepared` marks. */
const PREPARED_MARK = '/* prepared */';

/**
 * A statement PostgreSQL keeps prepared on each connection of the pool (docs/search.md,
 * "Prepared statements on PostgreSQL"): parsed and planned once per connection; after five
 * runs PostgreSQL may keep one generic plan. Planning the search's statements took a third
 * of a search. Only for statements whose text recurs (a bounded set: the values are
 * parameters) and that run often; each connection keeps every one it has seen. On SQLite the
 * mark is a comment, and every statement is kept prepared anyway (withStatementCache).
 */
export function prepared<T>(query: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(PREPARED_MARK)} ${query}`;
}

/**
 * Runs a query and collects its rows from the query's 'row' events. Through node-postgres's
 * promise API, the rows of a result of more than about 40 rows stayed alive through the
 * young generation's collections until the next full one, so every minor collection
 * copied megabytes and paused 3 to 5 ms; rows of a query submitted this way die young
 * (docs/search.md, "Garbage per search").
 */
function collectRows(client: pg.PoolClient, query: pg.Query): Promise<{ command: string; rowCount: number | null; rows: unknown[] }> {
  return new Promise((resolve, reject) => {
    const rows: unknown[] = [];
    query.on('row', (row: unknown) => rows.push(row));
    query.on('error', reject);
    query.on('end', (result: pg.QueryResult) => resolve({ command: result.command, rowCount: result.rowCount, rows }));
    client.query(query);
  });
}

/** The pool, with the statements `prepared` marks sent as named statements (node-postgres keeps them per connection). */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  // A statement's name is a hash of its text, remembered: the marked texts are a bounded set.
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined) {
      name = `vpv_${createHash('sha1').update(text).digest('hex')}`;
      names.set(text, name);
    }
    return name;
  };
  // One wrapper per connection, kept as long as the connection: Kysely keeps its own
  // connection object per client in a WeakMap, and a new wrapper on every checkout made it
  // build a new one each time (docs/search.md, "Garbage per search").
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    // Kysely calls query(text, parameters) and, to stream rows, query(cursor): anything but a
    // marked text goes to node-postgres as it came, with its overloads (hence the cast).
    const query = (text: unknown, parameters?: readonly unknown[]) =>
      typeof text === 'string' && text.startsWith(PREPARED_MARK)
        ? collectRows(client, new pg.Query({ name: nameOf(text), text, values: [...(parameters ?? [])] }))
        : client.query(text as string, parameters ? [...parameters] : undefined);
    return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}

function handle(db: Db, dialect: Dialect): DbHandle {
  // Kysely would quietly reopen a destroyed pool; a closed handle must stay closed and
  // closing twice (shutdown racing a test teardown) must not throw.
  let closing: Promise<void> | undefined;
  return {
    db,
    dialect,
    ping: async () => !closing && ping(db),
    close: () => (closing ??= db.destroy()),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
