import type { GlossaryCategoryFilter, GlossaryTerm } from '@domain/glossary/term';

/** What the knowledge-base loader hands the glossary tab. */
export interface GlossaryPageData {
  /** The search and category the server filtered by (from ?search= and ?category=). */
  search: string;
  category: GlossaryCategoryFilter;
  terms: GlossaryTerm[];
  /** Terms in the whole glossary, to tell "none yet" from "none match". */
  total: number;
  /** The database could not be read; the page says so instead of claiming it is empty. */
  failed: boolean;
}
