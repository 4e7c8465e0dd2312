// Rebuilds the knowledge base's search index from its sources (README, "Search"; docs/search.md):
//   npm run search:reindex
// Uses DATABASE_URL (or DATA_DIR's SQLite file) like the server does, and runs while it serves:
// one transaction, so visitors search the old index until the new one commits.
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createSearchIndex } from '../server/services/search/create-search-index.ts';
import { reindexAll } from '../server/services/search/reindex.ts';
import { runCli } from './lib/run-cli.ts';

const usage = `Usage: npm run search:reindex
  Rebuilds the search index from the glossary, documents (with their stored PDF text), the
  published FAQ, the tutorial and the pages, in one transaction; prints what it indexed.`;

async function main(args: string[]): Promise<number> {
  if (args.length > 0) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const counts = await reindexAll(database.db, createSearchIndex(database.db, config.database.dialect));
    console.log(`Search index rebuilt on ${config.database.dialect} in ${(counts.ms / 1000).toFixed(2)} s: ${counts.entries} entries.`);
    console.log(`  glossary terms ${counts.glossary}, FAQ entries ${counts.faq}, tutorial steps ${counts.tutorial}`);
    console.log(`  documents ${counts.document} (${counts.documentPages} PDF pages with text), page sections ${counts.page}`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, { label: 'Search reindex failed', explained: [ConfigError] });
