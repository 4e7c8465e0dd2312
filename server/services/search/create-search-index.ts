import type { Db, Dialect } from '../../db/connection.ts';
import { createPostgresSearchIndex } from './postgres-search.ts';
import type { SearchIndex } from './search-index.ts';
import { createSqliteSearchIndex } from './sqlite-search.ts';

/** The search index of the app's database, in its dialect's SQL (docs/search.md). */
export function createSearchIndex(db: Db, dialect: Dialect): SearchIndex {
  return dialect === 'postgres' ? createPostgresSearchIndex(db) : createSqliteSearchIndex(db);
}
