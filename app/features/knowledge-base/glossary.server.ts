import type { AppLoadContext } from 'react-router';
import type { GlossaryPageData } from './glossary-data';
import { glossaryQuerySchema } from './glossary-schema';
import { GLOSSARY_LIMITS } from './glossary-term';

/**
 * The glossary tab's data, through the same service the API's GET /api/glossary uses.
 * A page is forgiving where the API is strict: an unknown category shows all terms and an
 * over-long search is shortened, instead of a 400.
 */
export async function loadGlossaryPage({ services }: AppLoadContext, params: URLSearchParams): Promise<GlossaryPageData> {
  const parsed = glossaryQuerySchema.safeParse({
    search: (params.get('search') ?? '').slice(0, GLOSSARY_LIMITS.search),
    category: params.get('category') ?? undefined,
  });
  const query = parsed.success ? parsed.data : { search: (params.get('search') ?? '').slice(0, GLOSSARY_LIMITS.search).trim(), category: 'all' as const };
  try {
    const [terms, total] = await Promise.all([services.glossary.search(query), services.glossary.count()]);
    return { ...query, terms, total, failed: false };
  } catch (error) {
    services.logger.error({ err: error }, 'Failed to fetch glossary terms');
    return { ...query, terms: [], total: 0, failed: true };
  }
}
