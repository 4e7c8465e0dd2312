import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { RELEASE_LEASE_SQL } from './lease.ts';

/**
 * SQLite's side of a backup (docs/decisions/025-backups.md). Every call runs on a connection
 * of its own in a worker thread: better-sqlite3 is synchronous, and a snapshot of a large
 * database must not stop the server's event loop while it is taken on schedule.
 *
 * The snapshot is `VACUUM INTO`: one read transaction, so it is the database as of one commit
 * however many writes the site takes meanwhile (WAL lets them go on), written compacted into
 * a new file. The online backup API in small steps restarts whenever another connection
 * writes, and on a busy site it may never finish; in one step it is no faster.
 */

const workerSource = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.module);
const quote = (name) => '"' + name.replace(/"/g, '""') + '"';
const countRows = (db) => {
  const names = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all();
  const tables = {};
  for (const name of names) tables[name] = Number(db.prepare('select count(*) from ' + quote(name)).pluck().get());
  return tables;
};
try {
  if (workerData.op === 'snapshot') {
    const source = new Database(workerData.source, { readonly: true, fileMustExist: true });
    source.pragma('busy_timeout = 10000');
    try { source.prepare('VACUUM INTO ?').run(workerData.target); } finally { source.close(); }
    const copy = new Database(workerData.target, { readonly: true, fileMustExist: true });
    try { parentPort.postMessage({ ok: true, tables: countRows(copy) }); } finally { copy.close(); }
  } else if (workerData.op === 'release') {
    const db = new Database(workerData.source, { fileMustExist: true });
    try {
      const hasLease = db.prepare("select count(*) from sqlite_master where type = 'table' and name = 'backup_lease'").pluck().get() > 0;
      if (hasLease) db.prepare(workerData.sql).run();
      parentPort.postMessage({ ok: true, tables: {} });
    } finally { db.close(); }
  } else {
    let db;
    try {
      db = new Database(workerData.source, { readonly: true, fileMustExist: true });
      const problems = db.pragma('integrity_check', { simple: false }).map((row) => row.integrity_check);
      if (problems.length !== 1 || problems[0] !== 'ok') {
        parentPort.postMessage({ ok: true, problems, tables: {} });
      } else {
        parentPort.postMessage({ ok: true, problems: [], tables: countRows(db) });
      }
    } catch (error) {
      parentPort.postMessage({ ok: true, problems: [String(error && error.message || error)], tables: {} });
    } finally {
      if (db) db.close();
    }
  }
} catch (error) {
  parentPort.postMessage({ ok: false, message: String(error && error.message || error) });
}
`;

const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');

type WorkerAnswer =
  | { ok: true; tables: Record<string, number>; problems?: string[] }
  | { ok: false; message: string };

function runWorker(data: Record<string, string>): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, { eval: true, workerData: { module: betterSqlite, ...data } });
    worker.once('message', (answer: WorkerAnswer) => resolve(answer));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The SQLite worker ended (exit code ${code}) without an answer.`)));
  });
}

/** Writes a consistent copy of the SQLite database `source` to `target` (which must not exist); resolves with its row counts. */
export async function snapshotSqlite(source: string, target: string): Promise<Record<string, number>> {
  const answer = await runWorker({ op: 'snapshot', source, target });
  if (!answer.ok) throw new Error(`Could not copy the SQLite database ${source}: ${answer.message}`);
  return answer.tables;
}

/**
 * `PRAGMA integrity_check` on `file`, and its row counts when it passes. `problems` is empty
 * for a sound file; otherwise it holds what SQLite found (or why it could not open the file).
 */
export async function checkSqlite(file: string): Promise<{ problems: string[]; tables: Record<string, number> }> {
  const answer = await runWorker({ op: 'check', source: file });
  if (!answer.ok) throw new Error(`Could not check the SQLite database ${file}: ${answer.message}`);
  return { problems: answer.problems ?? [], tables: answer.tables };
}

/** RELEASE_LEASE_SQL on the SQLite file `file` (a staged restore); nothing when it has no lease table. */
export async function releaseSqliteLease(file: string): Promise<void> {
  const answer = await runWorker({ op: 'release', source: file, sql: RELEASE_LEASE_SQL });
  if (!answer.ok) throw new Error(`Could not free the backup lease in ${file}: ${answer.message}`);
}
