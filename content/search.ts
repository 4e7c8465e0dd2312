/**
 * Copy of the knowledge-base search (docs/search.md, What visitors see): the results page at
 * /knowledge-base?search=, and the header's search button and dialog.
 */

/** Group headings, one per SearchKind (domain/search/types.ts), in its order. */
export const searchKindLabels = {
  glossary: 'Glossary',
  faq: 'FAQ',
  tutorial: 'Tutorials',
  document: 'Documents',
  page: 'Pages',
} as const;

export const searchCopy = {
  /** The results page. */
  tabLabel: 'Search',
  formLabel: 'Search the knowledge base',
  inputLabel: 'Search the knowledge base',
  placeholder: 'Glossary terms, FAQ, tutorials, documents…',
  submit: 'Search',
  heading: (query: string) => `Results for “${query}”`,
  emptyHeading: 'Search the knowledge base',
  emptyQuery: 'Type a word or two above: a glossary term, a question, a document title or a phrase from inside a brochure.',
  resultCount: (total: number) => (total === 1 ? '1 result' : `${total} results`),
  showingResultsFor: 'Showing results for',
  noResults: (query: string) => `Nothing in the knowledge base matches “${query}”.`,
  noResultsHint: 'Check the spelling, try fewer or more general words, or browse the glossary.',
  didYouMean: 'Did you mean',
  pageLabel: (page: number) => `Page ${page}`,
  failed: 'The search could not be run just now. Please try again in a moment.',
  browseGlossary: 'Browse the glossary',
  /** The dialog (the header's button: search-button.ts). */
  dialogTitle: 'Search the knowledge base',
  dialogHint: 'Use the arrow keys to pick a result and Enter to open it; Escape closes.',
  resultsRegion: 'Search results',
  loading: 'Searching…',
  fetchFailed: 'Search is not available just now. Check your connection and try again.',
  seeAll: (query: string) => `See all results for “${query}”`,
  typeToSearch: 'Start typing to search glossary terms, the FAQ, tutorials and documents.',
  close: 'Close search',
} as const;
