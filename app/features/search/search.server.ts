import { SEARCH_QUERY_MAX_CHARS, type SearchResponse } from '@domain/search/types';
import { withoutForbiddenOneLine } from '@domain/text-characters';
import type { AppLoadContext } from 'react-router';
import type { SearchPageData } from './search-page';

/** Hits per kind on the results page (the dialog asks for fewer: search-dialog.tsx). */
export const RESULTS_PAGE_LIMIT = 20;

/** The results page's data, and whether the address's query was refused (the page then answers 400). */
export interface SearchPageResult {
  data: SearchPageData;
  invalidSearch: boolean;
}

/**
 * `/knowledge-base?search=<q>` without a tab: one search over every kind, through the same
 * service `GET /api/search` uses. A query with control characters (NUL, ESC…) gets the page
 * as a 400 with nothing found, like the glossary tab's search (glossary.server.ts): no
 * crawler or cache keeps it, and the page never echoes the characters. Any other text is a
 * normal answer; only a database failure is caught, logged and shown as such.
 */
export async function loadSearchPage({ services }: AppLoadContext, params: URLSearchParams): Promise<SearchPageResult> {
  const raw = (params.get('search') ?? '').slice(0, SEARCH_QUERY_MAX_CHARS);
  const query = withoutForbiddenOneLine(raw);
  if (query !== raw) {
    const nothing: SearchResponse = { query: query.trim(), groups: [], total: 0, correctedQuery: null, suggestion: null };
    return { data: { query, response: query.trim() ? nothing : null, failed: false }, invalidSearch: true };
  }
  if (!query.trim()) return { data: { query, response: null, failed: false }, invalidSearch: false };
  try {
    const response = await services.search.query({ q: query, limit: RESULTS_PAGE_LIMIT });
    return { data: { query, response, failed: false }, invalidSearch: false };
  } catch (error) {
    services.logger.error({ err: error }, 'Search failed');
    return { data: { query, response: null, failed: true }, invalidSearch: false };
  }
}
