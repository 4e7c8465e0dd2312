import type { SearchKind, SearchResponse } from '@domain/search/types.ts';
import type { Db } from '../../db/connection.ts';

/**
 * One thing to find, as stored in the index (docs/search.md). A source (one glossary term,
 * one document, one FAQ entry, one tutorial step, one page) has one or more entries:
 * a document has part 0 (title and description) and one part per PDF page with text.
 */
export interface SearchEntry {
  kind: SearchKind;
  /** The source's id within its kind: glossary term id, document id, FAQ entry id, step number, page path. */
  sourceId: string;
  /** 0 for the source itself; a PDF page number (1-based) for text found inside a document. */
  part: number;
  /** Shown and weighted highest: the term, question, title, heading. */
  title: string;
  /** Weighted like the title, never shown: synonyms, hyphen-joined compounds ("boiloff"), abbreviations. */
  keywords: string;
  /** Weighted lowest; the excerpt is cut from here (or the title when the body has no match). */
  body: string;
  /** SearchHit.url */
  url: string;
  /** SearchHit.label */
  label?: string;
}

export interface SearchQuery {
  /** As the visitor typed it; the index normalises it (never throws on any text). */
  q: string;
  kind?: SearchKind;
  /** Hits per kind. */
  limit: number;
}

/**
 * The search index of one database: raw SQL per dialect (sqlite-search.ts,
 * postgres-search.ts) behind this one interface. Writes take the caller's transaction, so
 * the index changes with the glossary, documents and site content it describes.
 */
export interface SearchIndex {
  /** Replaces every entry of one source (an empty list removes it). */
  replaceSource(trx: Db, kind: SearchKind, sourceId: string, entries: readonly SearchEntry[]): Promise<void>;
  /**
   * Replaces several sources' entries at once, as replaceSource does for each, with one
   * vocabulary write for all of them (search:reindex and other bulk writes).
   */
  replaceSources?(trx: Db, sources: ReadonlyArray<{ kind: SearchKind; sourceId: string; entries: readonly SearchEntry[] }>): Promise<void>;
  /** Removes every entry of one source. */
  removeSource(trx: Db, kind: SearchKind, sourceId: string): Promise<void>;
  /** Removes every entry of one kind, or of all kinds (search:reindex starts from nothing). */
  clear(trx: Db, kind?: SearchKind): Promise<void>;
  query(input: SearchQuery): Promise<SearchResponse>;
  /**
   * Merges the dialect's index into as few pieces as it can, after a whole reindex (outside
   * its transaction): on SQLite, FTS5's `optimize` (docs/search.md, "Figures"); nothing on PostgreSQL.
   */
  compact?(): Promise<void>;
}
