import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DbHandle, type Dialect, openDatabase } from '../../server/db/connection.ts';

/**
 * The databases every data test runs on: SQLite always, PostgreSQL too when
 * TEST_DATABASE_URL is set. Use with `describe.each(testDialects)`.
 */
export const testDialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  handle: DbHandle;
  /** A DATABASE_URL another process can use to reach the same data (the same PostgreSQL database). */
  url: string;
  dataDir: string;
  /** Closes the connection and removes the file or database. */
  destroy(): Promise<void>;
}

/** A fresh, empty database of the given dialect: a temp SQLite file or a new PostgreSQL database. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vpv-test-'));
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'test.db');
    const handle = openDatabase({ dialect: 'sqlite', file });
    return {
      handle,
      url: `file:${file}`,
      dataDir,
      destroy: async () => {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  // A database of its own, not just a schema: PostgreSQL catalog queries (Kysely's
  // introspection) see every schema of a database and fail when a parallel test drops one.
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // The forced drop below ends connections a test server may still hold idle.
  const handle = openDatabase({ dialect: 'postgres', url: url.toString() }, { onIdleConnectionError: () => {} });
  return {
    handle,
    url: url.toString(),
    dataDir,
    destroy: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
