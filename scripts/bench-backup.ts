// `npm run bench:backup`: how long a backup and a restore take, and how big the backup is
// (README, "Backups"; docs/benchmarks.md). For the sample site (a fresh DATA_DIR: the seeded
// documents and glossary), then for the same site with 10,000 leads and 1 GiB of documents
// (64 files of 16 MiB, stored through the storage port, not HTTP); the big backup is taken
// while a writer adds a lead every 5 ms. On SQLite it also compares VACUUM INTO with the
// online backup API under the same writes, at 10,000 leads and at 200,000 (docs/decisions/025-backups.md). SQLite always;
// PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a new database, dropped
// after). Everything is written under the system temp directory and removed at the end.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../server/config.ts';
import { createLogger } from '../server/logger.ts';
import { createBackup } from '../server/services/backup/backup.ts';
import { restoreBackup } from '../server/services/backup/restore.ts';
import { type Services, closeServices, createServices } from '../server/services/index.ts';
import { objectKeys } from '../server/storage/storage.ts';
import { runPostgresStatement } from './lib/postgres-statement.ts';
import { printTable } from './bench/server.ts';

const LEADS = Number(process.env.BENCH_LEADS ?? 10_000);
const DOCUMENT_BYTES = Number(process.env.BENCH_DOCUMENT_MIB ?? 1024) * 1024 ** 2;
const FILE_BYTES = 16 * 1024 ** 2;
/** The larger database the SQLite snapshot methods are also compared on. */
const METHOD_LEADS = Number(process.env.BENCH_METHOD_LEADS ?? 200_000);
const MiB = 1024 ** 2;

const rows: Array<Array<string | number>> = [];
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vpv-bench-backup-'));

function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function newPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_backup_${crypto.randomBytes(4).toString('hex')}`;
  const admin = (statement: string) => runPostgresStatement(baseUrl, statement);
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

function configFor(dataDir: string, databaseUrl: string | null) {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
}

async function addLeads(services: Services, count: number): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, index) => start + index);
    await services.database.db
      .insertInto('contact_messages')
      .values(
        batch.map((n) => ({
          first_name: 'Bench',
          last_name: `Lead ${n}`,
          company: 'Benchmark Gas Co',
          email: `lead-${n}@bench.example`,
          message: `We flare about ${n % 50} MMcf/d of rich gas at a remote pad. Can a virtual pipeline take the NGLs to market?`,
          created_at: now + n,
        })),
      )
      .execute();
  }
}

async function addDocuments(services: Services, bytes: number): Promise<void> {
  for (let n = 0; n * FILE_BYTES < bytes; n++) {
    const key = objectKeys.document('pdf');
    const body = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(FILE_BYTES - 9)]);
    await services.storage.put(key, Readable.from([body]), { maxBytes: FILE_BYTES });
    await services.database.db
      .insertInto('documents')
      .values({
        title: `Bench document ${n}`,
        description: null,
        object_key: key,
        original_name: `bench-${n}.pdf`,
        mime_type: 'application/pdf',
        size_bytes: FILE_BYTES,
        category: 'infographics',
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
  }
}

/** Adds a lead every 5 ms until stopped: the site taking writes while the backup runs. */
function startWriter(services: Services): () => Promise<number> {
  let running = true;
  let written = 0;
  const loop = (async () => {
    while (running) {
      await addLeads(services, 1);
      written++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return written;
  };
}

async function measure(dialect: 'sqlite' | 'postgres', baseUrl: string | null): Promise<void> {
  const source = dialect === 'postgres' && baseUrl ? await newPostgresDatabase(baseUrl) : null;
  const target = dialect === 'postgres' && baseUrl ? await newPostgresDatabase(baseUrl) : null;
  const dataDir = path.join(root, `${dialect}-site`);
  const config = configFor(dataDir, source?.url ?? null);
  const services = await createServices(config, createLogger({ env: 'test', logLevel: 'silent' }));
  try {
    const sample = await createBackup(config, path.join(root, `${dialect}-sample-backup`));
    rows.push([dialect, 'sample site', mib(sizeOf(sample.dir)), seconds(sample.ms), '', '']);

    await addLeads(services, LEADS);
    await addDocuments(services, DOCUMENT_BYTES);
    const stopWriter = startWriter(services);
    const big = await createBackup(config, path.join(root, `${dialect}-big-backup`));
    const writes = await stopWriter();

    const restoreDir = path.join(root, `${dialect}-restored`);
    const restored = await restoreBackup(configFor(restoreDir, target?.url ?? null), big.dir);
    rows.push([
      dialect,
      `${LEADS} leads + ${mib(DOCUMENT_BYTES)} of documents`,
      mib(sizeOf(big.dir)),
      `${seconds(big.ms)} (${writes} leads written meanwhile)`,
      seconds(restored.ms),
      `${restored.files} files`,
    ]);
    if (config.database.dialect === 'sqlite') {
      await compareSqliteMethods(config.database.file, services, `${LEADS} leads`);
      // A busier site's database: the steps of the backup API start over on every write.
      await addLeads(services, METHOD_LEADS - LEADS);
      await compareSqliteMethods(config.database.file, services, `${METHOD_LEADS} leads`);
    }
    fs.rmSync(path.join(root, `${dialect}-sample-backup`), { recursive: true, force: true });
    fs.rmSync(big.dir, { recursive: true, force: true });
    fs.rmSync(restoreDir, { recursive: true, force: true });
  } finally {
    await closeServices(services);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await source?.drop();
    await target?.drop();
  }
}

const methodRows: Array<Array<string | number>> = [];

/** VACUUM INTO against the online backup API (in one step, and in 100-page steps), each in a worker while a lead is added every 5 ms. */
async function compareSqliteMethods(file: string, services: Services, label: string): Promise<void> {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const code = `
    const { workerData, parentPort } = require('node:worker_threads');
    const Database = require(workerData.module);
    const db = new Database(workerData.file, { readonly: true });
    const started = performance.now();
    let steps = 0;
    const done = () => { parentPort.postMessage({ ms: performance.now() - started, steps }); db.close(); };
    if (workerData.method === 'vacuum') { db.prepare('VACUUM INTO ?').run(workerData.target); done(); }
    else db.backup(workerData.target, { progress: () => { steps++; return workerData.pages; } }).then(done);
  `;
  const methods = [
    { label: 'VACUUM INTO', method: 'vacuum', pages: 0 },
    { label: 'backup API, one step', method: 'backup', pages: 0x7fffffff },
    { label: 'backup API, 100-page steps', method: 'backup', pages: 100 },
  ];
  for (const { label: methodLabel, method, pages } of methods) {
    const target = path.join(root, `method-${method}-${pages}.db`);
    const stopWriter = startWriter(services);
    const worker = new Worker(code, { eval: true, workerData: { module, file, target, method, pages } });
    const result = await Promise.race([
      new Promise<{ ms: number; steps: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000)),
    ]);
    await worker.terminate();
    const writes = await stopWriter();
    methodRows.push([
      label,
      methodLabel,
      result ? seconds(result.ms) : 'not done after 30 s',
      result ? String(result.steps) : '',
      fs.existsSync(target) ? mib(fs.statSync(target).size) : '',
      writes,
    ]);
    fs.rmSync(target, { force: true });
  }
}

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;
try {
  await measure('sqlite', null);
  if (baseUrl) await measure('postgres', baseUrl);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
console.log(`Backup and restore (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}):\n`);
printTable(['database', 'site', 'backup size', 'backup time', 'restore time', 'restored'], rows);
console.log('\nSQLite snapshot methods, each in a worker while a lead is added every 5 ms:\n');
printTable(['database', 'method', 'time', 'progress calls', 'copy size', 'leads written meanwhile'], methodRows);
