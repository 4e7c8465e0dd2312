import { spawn } from 'node:child_process';
import pg from 'pg';
import { BackupError } from './manifest.ts';
import { RELEASE_LEASE_SQL } from './lease.ts';

/**
 * PostgreSQL's side of a backup (docs/decisions/025-backups.md): `pg_dump -Fc` and
 * `pg_restore`, the tools made for it. The dump and the row counts the manifest records come
 * from one snapshot: a repeatable-read transaction exports it, counts the rows, and pg_dump
 * reads the same snapshot (`--snapshot`) while that transaction stays open.
 */

export interface PgTools {
  /** The pg_dump and pg_restore to run; found on PATH unless named. */
  pgDump?: string;
  pgRestore?: string;
}

const INSTALL_HINT =
  'Install the PostgreSQL client tools of the same major version as the server or newer ' +
  '(Debian/Ubuntu: apt-get install postgresql-client; macOS: brew install libpq; or the packages of postgresql.org) ' +
  'and make sure they are on PATH.';

/** The URL without its password, and the password apart: a password on a command line shows in `ps`. */
function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client tool; rejects with its stderr, or with what to install when it is missing. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'], ...(signal ? { signal } : {}) });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 20_000) stderr += chunk;
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') reject(new BackupError(`${command} was not found. ${INSTALL_HINT}`));
      else reject(error);
    });
    child.once('close', (code, killedBy) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (${killedBy ?? `exit code ${code}`}):\n${stderr.trim()}`));
    });
  });
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows in every table of the database outside PostgreSQL's own schemas; tables of the current schema by their bare name. */
async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const { rows } = await client.query<{ schema: string; name: string; current: boolean }>(
    `select schemaname as schema, tablename as name, schemaname = current_schema() as current
       from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by schemaname, tablename`,
  );
  const tables: Record<string, number> = {};
  for (const row of rows) {
    const counted = await client.query<{ n: string }>(`select count(*) as n from ${quote(row.schema)}.${quote(row.name)}`);
    tables[row.current ? row.name : `${row.schema}.${row.name}`] = Number(counted.rows[0]?.n ?? 0);
  }
  return tables;
}

/**
 * `pg_dump -Fc` of the database at `url` into `target`; resolves with the row counts of the
 * same snapshot and the rows `query` reads in it.
 */
export async function dumpPostgres<Row extends pg.QueryResultRow>(
  url: string,
  target: string,
  query: string,
  tools: PgTools = {},
  signal?: AbortSignal,
): Promise<{ tables: Record<string, number>; rows: Row[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id;
    if (!snapshot) throw new Error('PostgreSQL exported no snapshot');
    const tables = await countRows(client);
    const { rows } = await client.query<Row>(query);
    const { dbname, env } = connectionFor(url);
    await runTool(tools.pgDump ?? 'pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${target}`, `--dbname=${dbname}`], env, signal);
    await client.query('commit');
    return { tables, rows };
  } finally {
    await client.end();
  }
}

/** Tables in the database at `url` outside PostgreSQL's own schemas. */
export async function countTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Row counts of the database at `url`, as dumpPostgres records them. */
export async function postgresRowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countRows(client);
  } finally {
    await client.end();
  }
}

/**
 * `pg_restore` of `dump` into the database at `url`, in one transaction (a failure leaves the
 * database as it was), without the original owner and grants (the new machine's role owns
 * everything). `replace` drops what the dump holds first (restore --force).
 */
export async function restorePostgres(url: string, dump: string, replace: boolean, tools: PgTools = {}): Promise<void> {
  const { dbname, env } = connectionFor(url);
  await runTool(
    tools.pgRestore ?? 'pg_restore',
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', ...(replace ? ['--clean', '--if-exists'] : []), `--dbname=${dbname}`, dump],
    env,
  );
}

/** Frees the scheduled backups' lease after pg_restore (lease.ts says why); nothing when there is no lease table. */
export async function releasePostgresLease(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>("select to_regclass('backup_lease') is not null as exists");
    if (rows[0]?.exists) await client.query(RELEASE_LEASE_SQL);
  } finally {
    await client.end();
  }
}
