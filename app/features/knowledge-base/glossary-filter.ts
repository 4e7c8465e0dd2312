import { type GlossaryCategoryFilter, type GlossaryTerm, splitList } from '@domain/glossary/term';

/** How long typing waits before the URL (and the server's list) follows the search box. */
export const SEARCH_URL_DEBOUNCE_MS = 300;

/**
 * The browser's instant filter: the same rule as the API's search (case-insensitive,
 * anywhere in the term, definition or synonyms), applied to the terms already loaded.
 */
export function termMatches(term: GlossaryTerm, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [term.term, term.definition, term.synonyms].some((field) => field.toLowerCase().includes(needle));
}

export function filterTerms(terms: readonly GlossaryTerm[], search: string, category: GlossaryCategoryFilter): GlossaryTerm[] {
  return terms.filter((term) => (category === 'all' || term.category === category) && termMatches(term, search));
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The anchor id of every term's card ('Boil-off gas' → 'term-boil-off-gas'), unique
 * within the list even when two names differ only in punctuation.
 */
export function anchorIds(terms: readonly GlossaryTerm[]): Map<number, string> {
  const used = new Set<string>();
  const ids = new Map<number, string>();
  for (const term of terms) {
    let id = `term-${slugify(term.term) || term.id}`;
    if (used.has(id)) id = `${id}-${term.id}`;
    used.add(id);
    ids.set(term.id, id);
  }
  return ids;
}

export interface RelatedLink {
  label: string;
  /** '#term-…' when the term's card is on the page, otherwise a glossary search for it. */
  href: string;
}

export function relatedLinks(
  term: GlossaryTerm,
  shown: readonly GlossaryTerm[],
  ids: ReadonlyMap<number, string>,
  searchPath: string,
): RelatedLink[] {
  const byName = new Map(shown.map((entry) => [entry.term.toLowerCase(), entry]));
  return splitList(term.relatedTerms).map((label) => {
    const target = byName.get(label.toLowerCase());
    const anchor = target ? ids.get(target.id) : undefined;
    return { label, href: anchor ? `#${anchor}` : `${searchPath}?search=${encodeURIComponent(label)}` };
  });
}
