import { SEARCH_QUERY_MAX_CHARS, type SearchResponse } from '@domain/search/types.ts';
import type { Db } from '../../db/connection.ts';
import type { Logger } from '../../logger.ts';
import { type ReindexCounts, reindexAll, syncAtStart } from './reindex.ts';
import type { SearchIndex, SearchQuery } from './search-index.ts';

/** `services.search` (docs/search.md): answers queries and rebuilds the index; the content services write `index` in their transactions. */
export interface SearchService {
  /** Never throws on any text: the query is cleaned and cut first (cleanQuery), the index copes with the rest. */
  query(input: SearchQuery): Promise<SearchResponse>;
  index: SearchIndex;
  /** Everything again from the sources, in one transaction (npm run search:reindex). */
  reindex(): Promise<ReindexCounts>;
  /** At start: builds the index the first time, re-indexes the tutorial and pages when content/*.ts changed. */
  syncAtStart(): Promise<'built' | 'fixed-content' | 'unchanged'>;
}

/** C0 and C1 controls (line breaks and tabs included), DEL, and lone surrogates: none of them is a word. */
// eslint-disable-next-line no-control-regex -- these are exactly the characters removed
const NOT_SEARCHABLE = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The query as searched (SearchResponse.query): controls become spaces, runs of spaces one, trimmed, cut at SEARCH_QUERY_MAX_CHARS whole. */
export function cleanQuery(q: string): string {
  let text = q.replace(NOT_SEARCHABLE, ' ').replace(/\s+/g, ' ').trim();
  if (text.length > SEARCH_QUERY_MAX_CHARS) {
    text = text.slice(0, SEARCH_QUERY_MAX_CHARS);
    if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1);
    text = text.trimEnd();
  }
  return text;
}

export function emptyResponse(query: string): SearchResponse {
  return { query, groups: [], total: 0, correctedQuery: null, suggestion: null };
}

export function createSearchService(db: Db, index: SearchIndex, logger: Logger): SearchService {
  return {
    index,
    async query(input) {
      const q = cleanQuery(input.q);
      if (q === '') return emptyResponse(q);
      const response = await index.query({ ...input, q });
      return { ...response, query: q };
    },
    reindex: () => reindexAll(db, index, logger),
    syncAtStart: () => syncAtStart(db, index, logger),
  };
}
