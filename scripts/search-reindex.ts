// Rebuilds the knowledge base's search index from its sources (README, "Search"; docs/search.md):
//   npm run search:reindex [-- --pdf-text]
// Uses DATABASE_URL (or DATA_DIR's SQLite file) and, with --pdf-text, the storage (S3_* or
// DATA_DIR) like the server does, and runs while it serves: the index is rebuilt in one
// transaction, so visitors search the old index until the new one commits.
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createLogger } from '../server/logger.ts';
import { createSearchIndex } from '../server/services/search/create-search-index.ts';
import { extractStoredPdfText } from '../server/services/search/document-text.ts';
import { readMissingPdfText, reindexAll } from '../server/services/search/reindex.ts';
import { createStorage } from '../server/storage/create-storage.ts';
import { runCli } from './lib/run-cli.ts';

const usage = `Usage: npm run search:reindex [-- --pdf-text]
  Rebuilds the search index from the glossary, documents (with their stored PDF text), the
  published FAQ, the tutorial and the pages, in one transaction; prints what it indexed.
  --pdf-text  first read the text of every PDF document that has none stored (uploaded
              before the search read PDFs, or a seeded sample), within the PDF_TEXT_* limits`;

async function main(args: string[]): Promise<number> {
  const pdfText = args.includes('--pdf-text');
  if (args.some((arg) => arg !== '--pdf-text')) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    if (pdfText) {
      const storage = await createStorage(config);
      const logger = createLogger(config);
      const read = await readMissingPdfText(database.db, (key, size) => extractStoredPdfText(storage, config, logger, key, size));
      console.log(`PDF text read in ${(read.ms / 1000).toFixed(2)} s: ${read.read} PDFs without text, ${read.withText} gave text (${read.pages} pages).`);
    }
    const counts = await reindexAll(database.db, createSearchIndex(database.db, config.database.dialect));
    console.log(`Search index rebuilt on ${config.database.dialect} in ${(counts.ms / 1000).toFixed(2)} s: ${counts.entries} entries.`);
    console.log(`  glossary terms ${counts.glossary}, FAQ entries ${counts.faq}, tutorial steps ${counts.tutorial}`);
    console.log(`  documents ${counts.document} (${counts.documentPages} PDF pages with text), pages and page sections ${counts.page}`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, { label: 'Search reindex failed', explained: [ConfigError] });
