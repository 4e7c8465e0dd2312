import type { Generated, Selectable } from 'kysely';

/**
 * The search index (docs/search.md). Written only through SearchIndex
 * (server/services/search/); the FTS5 tables of SQLite and the `tsv` column of PostgreSQL
 * are the dialects' own and are not typed here.
 */
export interface SearchEntryTable {
  id: Generated<number>;
  /** A SearchKind. */
  kind: string;
  source_id: string;
  /** 0 for the source itself; a PDF page number for text found inside a document. */
  part: number;
  title: string;
  keywords: string;
  body: string;
  url: string;
  label: string | null;
}

/** The vocabulary of the indexed text (folded words and hyphen-joined compounds), for typing mistakes. */
export interface SearchWordTable {
  word: string;
  uses: number;
}

/** Text extracted from one page (1-based) of a PDF document; deleted with the document. */
export interface DocumentPageTable {
  document_id: number;
  page: number;
  text: string;
}

export type SearchEntryRow = Selectable<SearchEntryTable>;

export interface SearchTables {
  search_entries: SearchEntryTable;
  search_words: SearchWordTable;
  document_pages: DocumentPageTable;
}
