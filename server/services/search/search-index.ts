import type { SearchKind, SearchResponse } from '@domain/search/types.ts';
import type { Db } from '../../db/connection.ts';

/** One thing to find (docs/search.md, "What is indexed"): a source has part 0 and, for a document, one part per PDF page with text. */
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
  url: string;
  label?: string;
}

export interface SearchQuery {
  /** As the visitor typed it; the index normalises it (never throws on any text). */
  q: string;
  kind?: SearchKind;
  /** Hits per kind. */
  limit: number;
}

/** The search index of one database, one dialect's SQL behind it; writes take the caller's transaction. */
export interface SearchIndex {
  /** Replaces every entry of one source (an empty list removes it). */
  replaceSource(trx: Db, kind: SearchKind, sourceId: string, entries: readonly SearchEntry[]): Promise<void>;
  /** replaceSource for several sources, with one vocabulary write for all of them. */
  replaceSources(trx: Db, sources: ReadonlyArray<{ kind: SearchKind; sourceId: string; entries: readonly SearchEntry[] }>): Promise<void>;
  removeSource(trx: Db, kind: SearchKind, sourceId: string): Promise<void>;
  /** Removes every entry of one kind, or of all kinds. */
  clear(trx: Db, kind?: SearchKind): Promise<void>;
  query(input: SearchQuery): Promise<SearchResponse>;
  /** After a whole reindex, outside its transaction: FTS5's `optimize` on SQLite. */
  compact?(): Promise<void>;
}
