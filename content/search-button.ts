/**
 * The header's search button (docs/search.md, What visitors see). Apart from content/search.ts
 * because every page carries it: the rest of the search's copy loads with the dialog or the
 * results page.
 */
export const searchButtonCopy = {
  label: 'Search',
  shortcut: 'Ctrl K',
} as const;
