import { glossaryAnchor } from '@domain/glossary/anchor';
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

/**
 * The anchor id of every term's card (glossaryAnchor: 'Boil-off gas' → 'term-boil-off-gas'),
 * unique within the list: when two names differ only in punctuation, the second gets its id
 * appended (search hits point at the first).
 */
export function anchorIds(terms: readonly GlossaryTerm[]): Map<number, string> {
  const used = new Set<string>();
  const ids = new Map<number, string>();
  for (const term of terms) {
    let id = glossaryAnchor(term.term);
    if (used.has(id)) id = `${id}-${term.id}`;
    used.add(id);
    ids.set(term.id, id);
  }
  return ids;
}

export interface RelatedLink {
  label: string;
  /** '#term-…' when the term's card is on the page, else the whole glossary at that card, or a glossary search when no such term exists. */
  href: string;
}

/**
 * Where each related term links (docs/glossary.md, Anchors). `everyTerm` is the whole
 * glossary when the page has it (no search, no category), so a name that is no term at all
 * becomes a glossary search instead of an anchor that leads nowhere.
 */
export function relatedLinks(
  term: GlossaryTerm,
  shown: readonly GlossaryTerm[],
  ids: ReadonlyMap<number, string>,
  glossaryPath: string,
  everyTerm?: readonly GlossaryTerm[],
): RelatedLink[] {
  const byName = new Map(shown.map((entry) => [entry.term.toLowerCase(), entry]));
  const known = everyTerm ? new Set(everyTerm.map((entry) => entry.term.toLowerCase())) : null;
  return splitList(term.relatedTerms).map((label) => {
    const target = byName.get(label.toLowerCase());
    const anchor = target ? ids.get(target.id) : undefined;
    if (anchor) return { label, href: `#${anchor}` };
    if (known && !known.has(label.toLowerCase())) return { label, href: `${glossaryPath}?tab=glossary&search=${encodeURIComponent(label)}` };
    return { label, href: `${glossaryPath}#${glossaryAnchor(label)}` };
  });
}
