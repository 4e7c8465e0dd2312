import { glossaryQuerySchema } from '@domain/glossary/schema';
import { GLOSSARY_LIMITS } from '@domain/glossary/term';
import type { AppLoadContext } from 'react-router';
import type { GlossaryPageData } from './glossary-data';

/** The glossary tab's data, and whether the URL's search was refused (the page then answers 400). */
export interface GlossaryPageResult {
  data: GlossaryPageData;
  invalidSearch: boolean;
}

/**
 * The glossary tab's data, through the same service the API's GET /api/glossary uses.
 * A page is forgiving where the API is strict: an unknown category shows all terms and an
 * over-long search is shortened, instead of a 400.
 *
 * A search with control characters (NUL, ESC…) is refused like in every text field, but a
 * visitor still gets the page: the status is 400 (so no crawler or cache keeps it) and the
 * glossary shows its usual "no terms found" state, which is also what the browser's own
 * filter shows for that text. Stripping the characters and searching anyway would answer
 * a different question than the URL asked; an error page would lose the search box.
 */
export async function loadGlossaryPage({ services }: AppLoadContext, params: URLSearchParams): Promise<GlossaryPageResult> {
  const { search: searchSchema, category: categorySchema } = glossaryQuerySchema.shape;
  const rawSearch = (params.get('search') ?? '').slice(0, GLOSSARY_LIMITS.search);
  const parsedSearch = searchSchema.safeParse(rawSearch);
  const parsedCategory = categorySchema.safeParse(params.get('category') ?? undefined);
  const category = parsedCategory.success ? parsedCategory.data : 'all';
  try {
    if (!parsedSearch.success) {
      // Nothing of the refused text goes back into the data; the count tells "none match" from "none yet".
      return { data: { search: '', category, terms: [], total: await services.glossary.count(), failed: false }, invalidSearch: true };
    }
    const query = { search: parsedSearch.data, category };
    const [terms, total] = await Promise.all([services.glossary.search(query), services.glossary.count()]);
    return { data: { ...query, terms, total, failed: false }, invalidSearch: false };
  } catch (error) {
    services.logger.error({ err: error }, 'Failed to fetch glossary terms');
    return { data: { search: parsedSearch.data ?? '', category, terms: [], total: 0, failed: true }, invalidSearch: !parsedSearch.success };
  }
}
