/** The address of the knowledge base's results page for a query (docs/search.md, What visitors see). */
export function searchPageHref(query: string): string {
  return `/knowledge-base?search=${encodeURIComponent(query)}`;
}
