import type { SearchResponse } from '@domain/search/types';

/** What the knowledge base's results page shows (docs/search.md, What visitors see). */
export interface SearchPageData {
  /** The query as the address gave it, shown in the form (cut like the server cuts it). */
  query: string;
  /** Null for an empty query: the page asks for one instead of searching. */
  response: SearchResponse | null;
  /** The index could not be read: the page says so rather than claiming nothing matched. */
  failed: boolean;
}

/** The results page is asked for: ?search= present and no ?tab= (a tab's own search names its tab). */
export function isSearchPage(params: URLSearchParams): boolean {
  return params.has('search') && !params.has('tab');
}
