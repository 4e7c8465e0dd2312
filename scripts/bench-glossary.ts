// `npm run bench:glossary`: the glossary search (the service call behind GET /api/glossary
// and the knowledge-base loader) over 10,000 terms, on SQLite and, when TEST_DATABASE_URL or
// BENCH_DATABASE_URL is set, on PostgreSQL in a throwaway schema. Prints p50/p95 per query
// and over the whole set.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { glossarySeed } from '../content/glossary-seed.ts';
import { type DbHandle, type Dialect, openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { type GlossarySearch, countGlossaryTerms, searchGlossaryTerms } from '../server/services/glossary/queries.ts';
import { printTable } from './bench/server.ts';
import { runPostgresStatement } from './lib/postgres-statement.ts';

const TOTAL_TERMS = Number(process.env.BENCH_TERMS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARMUP = 5;

/** What visitors type: common and rare words, a miss, a category, and LIKE wildcards. */
const queries: Array<{ label: string; query: GlossarySearch }> = [
  { label: 'search "boil"', query: { search: 'boil' } },
  { label: 'search "LNG"', query: { search: 'LNG' } },
  { label: 'search "fraction"', query: { search: 'fraction' } },
  { label: 'search "wobbe"', query: { search: 'wobbe' } },
  { label: 'search "cryogenic trailer"', query: { search: 'cryogenic trailer' } },
  { label: 'search "50%"', query: { search: '50%' } },
  { label: 'search "zzz-no-match"', query: { search: 'zzz-no-match' } },
  { label: 'category ngl', query: { category: 'ngl' } },
  { label: 'search "trailer" in transportation', query: { search: 'trailer', category: 'transportation' } },
  { label: 'everything (no filter)', query: {} },
];

interface BenchDatabase {
  handle: DbHandle;
  cleanup(): Promise<void>;
}

async function openSqlite(): Promise<BenchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vpv-bench-glossary-'));
  const handle = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'bench.db') });
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(url: string): Promise<BenchDatabase> {
  const schema = `bench_glossary_${crypto.randomBytes(4).toString('hex')}`;
  const run = (statement: string) => runPostgresStatement(url, statement);
  await run(`create schema ${schema}`);
  const handle = openDatabase({ dialect: 'postgres', url }, { searchPath: schema });
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      await run(`drop schema if exists ${schema} cascade`);
    },
  };
}

/** Migrates (which seeds the starter glossary), then adds variants of it up to TOTAL_TERMS. */
async function fill(handle: DbHandle): Promise<number> {
  await migrateToLatest(handle.db);
  const existing = await countGlossaryTerms(handle.db);
  const now = new Date().toISOString();
  const rows = Array.from({ length: Math.max(0, TOTAL_TERMS - existing) }, (_, index) => {
    const base = glossarySeed[index % glossarySeed.length];
    if (!base) throw new Error('empty seed');
    return {
      term: `${base.term} (variant ${index + 1})`,
      definition: base.definition,
      category: base.category,
      synonyms: base.synonyms.join(', '),
      related_terms: base.relatedTerms.join(', '),
      created_at: now,
      updated_at: now,
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await handle.db.insertInto('glossary_terms').values(rows.slice(start, start + 500)).execute();
  }
  // What autovacuum does after a bulk load: the planner gets statistics (and can see that the trigram indexes pay).
  if (handle.dialect === 'postgres') await sql`analyze glossary_terms`.execute(handle.db);
  return countGlossaryTerms(handle.db);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function bench(dialect: Dialect, database: BenchDatabase) {
  const total = await fill(database.handle);
  const rows: Array<Array<string | number>> = [];
  const all: number[] = [];
  for (const { label, query } of queries) {
    let matched = 0;
    for (let i = 0; i < WARMUP; i++) matched = (await searchGlossaryTerms(database.handle.db, query)).length;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await searchGlossaryTerms(database.handle.db, query);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push([label, matched, percentile(times, 50).toFixed(2), percentile(times, 95).toFixed(2)]);
  }
  all.sort((a, b) => a - b);
  console.log(`\n${dialect}: ${total} terms, ${RUNS} runs per query after ${WARMUP} warm-up runs (ms per service call)\n`);
  printTable(['query', 'rows', 'p50 ms', 'p95 ms'], rows);
  console.log(`\n${dialect} overall: p50 ${percentile(all, 50).toFixed(2)} ms, p95 ${percentile(all, 95).toFixed(2)} ms`);
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const targets: Array<[Dialect, () => Promise<BenchDatabase>]> = [['sqlite', openSqlite]];
if (postgresUrl) targets.push(['postgres', () => openPostgres(postgresUrl)]);
else console.log('PostgreSQL skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL to include it.');

for (const [dialect, open] of targets) {
  const database = await open();
  try {
    await bench(dialect, database);
  } finally {
    await database.cleanup();
  }
}
