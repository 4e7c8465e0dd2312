import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return handle(db, 'postgres');
  }

  fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const file = new SQLite(config.file);
  // WAL lets readers continue while a write commits; busy_timeout covers a second process.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  return handle(db, 'sqlite');
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
