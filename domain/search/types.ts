/**
 * What a search over the knowledge base answers (docs/search.md): the JSON of
 * `GET /api/search` and what the server-rendered results page and the header's search
 * dialog show. Plain types and limits, no Zod, so any page can import them.
 */

/** What can be found, in the order results are grouped. */
export const SEARCH_KINDS = ['glossary', 'faq', 'tutorial', 'document', 'page'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Longer queries are cut to this many characters (never refused). */
export const SEARCH_QUERY_MAX_CHARS = 200;
/** Hits per kind when the request does not say. */
export const SEARCH_LIMIT_DEFAULT = 10;
/** The most hits per kind a request may ask for; more is a 400. */
export const SEARCH_LIMIT_MAX = 50;

/**
 * Text cut around the matched words, in parts: `match` marks the words the query found.
 * Plain text only (never HTML), so a page renders it with <mark> and no escaping worries.
 */
export type Excerpt = ReadonlyArray<{ text: string; match?: true }>;

export interface SearchHit {
  kind: SearchKind;
  /** Stable per thing found: `glossary:42`, `faq:<entry id>`, `tutorial:2`, `document:7`, `page:/virtual-pipeline#how-it-works`. */
  id: string;
  /** The term, question, step title, document title or page section heading, as plain text. */
  title: string;
  /** The best-matching text around the query's words (the definition, answer, PDF page…). */
  excerpt: Excerpt;
  /** Where the thing is: a path with query and fragment, e.g. `/knowledge-base#term-netback`. */
  url: string;
  /** Documents: the PDF page (1-based) where the excerpt was found; absent when it matched the title or description. */
  page?: number;
  /** A short label shown beside the title: the glossary category, the document category… */
  label?: string;
}

export interface SearchGroup {
  kind: SearchKind;
  hits: SearchHit[];
}

export interface SearchResponse {
  /** The query as searched: trimmed, control characters dropped, cut at SEARCH_QUERY_MAX_CHARS. */
  query: string;
  /** Groups in SEARCH_KINDS order, only kinds with hits; best hit first in each. */
  groups: SearchGroup[];
  /** Sum of the groups' hits. */
  total: number;
  /**
   * When some of the hits were found only by correcting a typing mistake: the query with
   * the corrected words ("netback" for "netbak"), for "Showing results for …".
   */
  correctedQuery: string | null;
  /** When nothing matched at all: a query built from indexed words to offer as "Did you mean …?". */
  suggestion: string | null;
}
