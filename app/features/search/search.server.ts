import { SEARCH_QUERY_MAX_CHARS } from '@domain/search/types';
import { withoutForbiddenOneLine } from '@domain/text-characters';
import type { AppLoadContext } from 'react-router';

import type { SearchPageData } from './search-page';

/** Hits per kind on the results page (the dialog asks for fewer: search-dialog.tsx). */
export const RESULTS_PAGE_LIMIT = 20;

/**
 * `/knowledge-base?search=<q>` without a tab: one search over every kind, through the same
 * service `GET /api/search` uses. Any text is a normal answer (the service never throws on
 * input); only a database failure is caught, logged and shown as such.
 */
export async function loadSearchPage({ services }: AppLoadContext, params: URLSearchParams): Promise<SearchPageData> {
  const raw = (params.get('search') ?? '').slice(0, SEARCH_QUERY_MAX_CHARS);
  // The page never echoes control characters into its HTML; the service drops them too.
  const query = withoutForbiddenOneLine(raw);
  if (!query.trim()) return { query, response: null, failed: false };
  try {
    const response = await services.search.query({ q: raw, limit: RESULTS_PAGE_LIMIT });
    return { query, response, failed: false };
  } catch (error) {
    services.logger.error({ err: error }, 'Search failed');
    return { query, response: null, failed: true };
  }
}
