// `npm run bench:search`: the knowledge base's search index (docs/benchmarks.md) filled
// with 10,000 glossary terms, 1,000 documents of ~20 pages of generated LNG/NGL text, the FAQ,
// the tutorial and the pages; on SQLite and, when TEST_DATABASE_URL or BENCH_DATABASE_URL is
// set, on PostgreSQL in a throwaway schema. Prints the time to fill (reindex) everything, the
// index size, and p50/p95 per query shape (1, 2 and 3 words, misspelled, as typed).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { faqItems } from '../content/faq.ts';
import { glossarySeed } from '../content/glossary-seed.ts';
import { pages } from '../content/pages.ts';
import { tutorialSteps } from '../content/tutorial.ts';
import { type DbHandle, type Dialect, openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createSearchIndex } from '../server/services/search/create-search-index.ts';
import type { SearchEntry, SearchIndex } from '../server/services/search/search-index.ts';
import { printTable } from './bench/server.ts';
import { runPostgresStatement } from './lib/postgres-statement.ts';

const TERMS = Number(process.env.BENCH_TERMS ?? 10_000);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 1_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 20);
const WORDS_PER_PAGE = Number(process.env.BENCH_PAGE_WORDS ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
/** Rounds of every query of every shape before any is measured: a server that has answered a few dozen searches has compiled its code (V8) and filled its caches. */
const WARM_ROUNDS = Number(process.env.BENCH_WARM_ROUNDS ?? 5);
const LIMIT = 10;

const shapes: Array<{ shape: string; queries: string[] }> = [
  { shape: '1 word', queries: ['lng', 'netback', 'regasification', 'propane', 'cryogenic', 'fractionation', 'wobbe', 'trailer'] },
  { shape: '2 words', queries: ['cryogenic trailer', 'boil-off gas', 'vpv market', 'natural gas', 'propane storage', 'peak shaving'] },
  { shape: '3 words', queries: ['lng peak shaving', 'natural gas liquids', 'y-grade fractionation market', 'cryogenic trailer pressure'] },
  { shape: 'misspelled', queries: ['netbak', 'regasify', 'boiloff', 'cryogenc trailer', 'fractionaton', 'propain storage'] },
  { shape: 'no match', queries: ['zzqxv', 'qwertyuiop asdf'] },
  { shape: 'as typed', queries: ['n', 'ne', 'net', 'regas', 'cryo', 'natural g'] },
];

/** A small deterministic generator, so both dialects index the same text. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The knowledge base's own words, most frequent first: drawn with Zipf's law, posting lists look like real text's. */
const wordList = (() => {
  const counts = new Map<string, number>();
  const text = [...glossarySeed.map((term) => `${term.term} ${term.definition}`), ...faqItems.map((item) => `${item.question} ${item.answer}`)].join(' ');
  for (const word of text.match(/[A-Za-z][A-Za-z'-]*[A-Za-z]|[A-Za-z]/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([word]) => word);
})();
const harmonic = (() => {
  const cumulative: number[] = [];
  let sum = 0;
  for (let rank = 1; rank <= wordList.length; rank++) cumulative.push((sum += 1 / rank));
  return cumulative;
})();

function sentence(next: () => number, words: number): string {
  const total = harmonic.at(-1) ?? 1;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    const target = next() * total;
    let low = 0;
    let high = harmonic.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((harmonic[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    out.push(wordList[low] ?? 'gas');
    if (i % 18 === 17) out.push('.');
  }
  return `${out.join(' ').replace(/ \./g, '.')}.`;
}

function* sources(): Generator<SearchEntry[]> {
  const next = random(25);
  for (let i = 0; i < TERMS; i++) {
    const base = glossarySeed[i % glossarySeed.length];
    if (!base) throw new Error('empty seed');
    const term = i < glossarySeed.length ? base.term : `${base.term} (variant ${i + 1})`;
    yield [
      {
        kind: 'glossary',
        sourceId: String(i + 1),
        part: 0,
        title: term,
        keywords: base.synonyms.join(', '),
        body: `${base.definition} ${sentence(next, 12)}`,
        url: `/knowledge-base#term-${i + 1}`,
        label: base.category,
      },
    ];
  }
  for (const [i, item] of faqItems.entries()) {
    yield [{ kind: 'faq', sourceId: `faq-${i}`, part: 0, title: item.question, keywords: '', body: item.answer, url: `/knowledge-base?tab=faq#faq-${i}` }];
  }
  for (const [i, step] of tutorialSteps.entries()) {
    yield [
      { kind: 'tutorial', sourceId: String(i + 1), part: 0, title: step.title, keywords: '', body: step.summary, url: `/knowledge-base?tab=tutorials#tutorial-step-${i + 1}` },
    ];
  }
  for (const page of Object.values(pages)) {
    yield [{ kind: 'page', sourceId: page.path, part: 0, title: page.heading, keywords: page.keywords.join(', '), body: page.description, url: page.path }];
  }
  for (let id = 1; id <= DOCUMENTS; id++) {
    const base = glossarySeed[id % glossarySeed.length]?.term ?? 'LNG';
    const url = `/knowledge-base?tab=lng#document-${id}`;
    const title = `${base} ${id % 3 === 0 ? 'spec sheet' : 'brochure'} ${id}`;
    const entries: SearchEntry[] = [{ kind: 'document', sourceId: String(id), part: 0, title, keywords: '', body: sentence(next, 25), url, label: 'LNG' }];
    for (let page = 1; page <= PAGES; page++) {
      entries.push({ kind: 'document', sourceId: String(id), part: page, title, keywords: '', body: sentence(next, WORDS_PER_PAGE), url });
    }
    yield entries;
  }
}

interface BenchDatabase {
  handle: DbHandle;
  size(): Promise<Array<[string, number]>>;
  cleanup(): Promise<void>;
}

/** BENCH_SQLITE_FILE keeps the SQLite database in that file and, when it is already filled, skips the fill (to compare queries quickly). */
const keptFile = process.env.BENCH_SQLITE_FILE;
const keptSchema = process.env.BENCH_PG_SCHEMA;

async function openSqlite(): Promise<BenchDatabase> {
  const dir = keptFile ? path.dirname(keptFile) : fs.mkdtempSync(path.join(os.tmpdir(), 'vpv-bench-search-'));
  const file = keptFile ?? path.join(dir, 'bench.db');
  const handle = openDatabase({ dialect: 'sqlite', file });
  return {
    handle,
    async size() {
      await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
      const { rows } = await sql<{ name: string; bytes: number }>`
        select name, sum(pgsize) as bytes from dbstat where name like 'search%' or name like 'glossary_terms_trigram%' group by name`
        .execute(handle.db)
        .catch(() => ({ rows: [] as Array<{ name: string; bytes: number }> }));
      return [['whole database file', fs.statSync(file).size], ...rows.map((row): [string, number] => [row.name, Number(row.bytes)])];
    },
    cleanup: async () => {
      await handle.close();
      if (!keptFile) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(url: string): Promise<BenchDatabase> {
  // BENCH_PG_SCHEMA keeps the schema (and, once filled, skips the fill), as BENCH_SQLITE_FILE does.
  const schema = keptSchema ?? `bench_search_${crypto.randomBytes(4).toString('hex')}`;
  const run = (statement: string) => runPostgresStatement(url, statement);
  await run(`create schema if not exists ${schema}`);
  const handle = openDatabase({ dialect: 'postgres', url }, { searchPath: schema });
  return {
    handle,
    async size() {
      const { rows } = await sql<{ name: string; bytes: number }>`
        select c.relname as name, pg_total_relation_size(c.oid) as bytes from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = current_schema() and c.relkind = 'r' and c.relname in ('search_entries', 'search_words')`.execute(handle.db);
      const { rows: indexes } = await sql<{ name: string; bytes: number }>`
        select c.relname as name, pg_relation_size(c.oid) as bytes from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = current_schema() and c.relkind = 'i' and c.relname like 'search%'`.execute(handle.db);
      return [...rows, ...indexes].map((row): [string, number] => [row.name, Number(row.bytes)]);
    },
    cleanup: async () => {
      await handle.close();
      if (!keptSchema) await run(`drop schema if exists ${schema} cascade`);
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function fill(handle: DbHandle, index: SearchIndex): Promise<{ entries: number; textBytes: number; ms: number }> {
  const start = performance.now();
  let entries = 0;
  let textBytes = 0;
  let batch: SearchEntry[][] = [];
  const flush = async () => {
    const sources = batch;
    batch = [];
    // As search:reindex writes: many sources per call, one vocabulary write for them.
    await handle.db.transaction().execute(async (trx) => {
      const lists = sources.flatMap((source) => (source[0] ? [{ kind: source[0].kind, sourceId: source[0].sourceId, entries: source }] : []));
      if (index.replaceSources) await index.replaceSources(trx, lists);
      else for (const list of lists) await index.replaceSource(trx, list.kind, list.sourceId, list.entries);
    });
  };
  await handle.db.transaction().execute((trx) => index.clear(trx));
  for (const source of sources()) {
    entries += source.length;
    for (const entry of source) textBytes += Buffer.byteLength(entry.title + entry.keywords + entry.body);
    batch.push(source);
    if (batch.length >= 500) await flush();
  }
  await flush();
  // What autovacuum would do after a bulk load: the sizes then count live rows, and the planner has statistics.
  if (handle.dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
  // As search:reindex does after its transaction.
  await index.compact?.();
  return { entries, textBytes, ms: performance.now() - start };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function bench(dialect: Dialect, database: BenchDatabase) {
  await migrateToLatest(database.handle.db);
  const index = createSearchIndex(database.handle.db, dialect);
  const kept = (keptFile && dialect === 'sqlite') || (keptSchema && dialect === 'postgres') ? await database.handle.db.selectFrom('search_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst() : undefined;
  const filled = kept && Number(kept.n) > 0 ? { entries: Number(kept.n), textBytes: 0, ms: Number.NaN } : await fill(database.handle, index);
  console.log(
    `\n${dialect}: ${filled.entries} entries (${TERMS} terms, ${DOCUMENTS} documents × ${PAGES} pages of ${WORDS_PER_PAGE} words), ${mb(filled.textBytes)} of text`,
  );
  console.log(`${dialect}: filled (reindexed from nothing) in ${(filled.ms / 1000).toFixed(1)} s`);
  const sizes = await database.size();
  console.log(`${dialect}: sizes: ${sizes.map(([name, bytes]) => `${name} ${mb(bytes)}`).join(', ')}`);

  const rows: Array<Array<string | number>> = [];
  const shapeRows: Array<Array<string | number>> = [];
  for (let round = 0; round < WARM_ROUNDS; round++) for (const { queries } of shapes) for (const q of queries) await index.query({ q, limit: LIMIT });
  for (const { shape, queries } of shapes) {
    const all: number[] = [];
    const allCpu: number[] = [];
    for (const q of queries) {
      let answer = await index.query({ q, limit: LIMIT });
      for (let i = 1; i < WARMUP; i++) answer = await index.query({ q, limit: LIMIT });
      const times: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const cpuStart = process.cpuUsage();
        await index.query({ q, limit: LIMIT });
        const used = process.cpuUsage(cpuStart);
        times.push(performance.now() - start);
        cpu.push((used.user + used.system) / 1000);
      }
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      all.push(...times);
      allCpu.push(...cpu);
      const note = answer.correctedQuery ? `→ ${answer.correctedQuery}` : answer.suggestion ? `? ${answer.suggestion}` : '';
      rows.push([shape, `"${q}"`, answer.total, note, percentile(times, 50).toFixed(2), percentile(times, 95).toFixed(2), percentile(cpu, 50).toFixed(2), percentile(cpu, 95).toFixed(2)]);
    }
    all.sort((a, b) => a - b);
    allCpu.sort((a, b) => a - b);
    shapeRows.push([shape, all.length, percentile(all, 50).toFixed(2), percentile(all, 95).toFixed(2), percentile(allCpu, 50).toFixed(2), percentile(allCpu, 95).toFixed(2)]);
  }
  console.log(
    `\n${dialect}: ${RUNS} runs per query after ${WARM_ROUNDS} warm-up rounds of every query and ${WARMUP} warm-up runs of the query, ${LIMIT} hits per kind (ms per index.query)`,
  );
  // On a shared machine wall time mostly measures the wait for a core; this process's CPU
  // time is the work itself (all of it on SQLite, which runs in-process; the client's part on PostgreSQL).
  console.log(`load average ${os.loadavg().map((load) => load.toFixed(1)).join(', ')} on ${os.availableParallelism()} cores; CPU = this process's CPU time per query\n`);
  printTable(['shape', 'query', 'hits', 'corrected', 'p50 ms', 'p95 ms', 'CPU p50', 'CPU p95'], rows);
  console.log('');
  printTable(['shape', 'runs', 'p50 ms', 'p95 ms', 'CPU p50', 'CPU p95'], shapeRows);
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const only = process.env.BENCH_ONLY;
const targets: Array<[Dialect, () => Promise<BenchDatabase>]> = [];
if (!only || only === 'sqlite') targets.push(['sqlite', openSqlite]);
if (postgresUrl && (!only || only === 'postgres')) targets.push(['postgres', () => openPostgres(postgresUrl)]);
if (!postgresUrl) console.log('PostgreSQL skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL to include it.');

for (const [dialect, open] of targets) {
  const database = await open();
  try {
    await bench(dialect, database);
  } finally {
    await database.cleanup();
  }
}
