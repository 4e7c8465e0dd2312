import { isGlossaryCategory } from '@domain/glossary/term';
import type { FaqEntry, PageSeo } from '@domain/site-content/types';
import { withoutForbiddenOneLine } from '@domain/text-characters';
import { isRouteErrorResponse } from 'react-router';
import type { DocumentListData } from '~/features/documents/document-list.server';
import { type SearchPageData, isSearchPage } from '~/features/search/search-page';
import type { GlossaryPageData } from './glossary-data';
import { type TabId, isDocumentTab, parseTab } from './tabs';

/** The knowledge-base loader's data, as the page shows it. */
export interface TabData {
  tab: TabId;
  glossary: GlossaryPageData | null;
  documents: DocumentListData | null;
  /** The page's stored search title and description; null when the data did not arrive (meta falls back to content/pages.ts). */
  seo: PageSeo | null;
  /** The published FAQ, on the FAQ tab (docs/pages.md, Site content). */
  faq: readonly FaqEntry[] | null;
  /** The results page's data, for ?search= without a tab (docs/search.md). */
  search: SearchPageData | null;
}

/**
 * The browser's side of the knowledge-base loader (the route's clientLoader): the server's
 * data as usual, but when the data request gets no answer (a network blip on a tab change,
 * a glossary search or a Try again), the page stays, with the tab the URL asks for in its
 * "could not be loaded" state (docs/knowledge-base.md): the notice ('Failed to fetch glossary terms' /
 * 'Failed to fetch documents') and Try again. Without this the error reaches the root error
 * boundary and the whole page becomes "Something went wrong". A redirect or an error
 * response the server chose still goes its usual way.
 *
 * @example
 * export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => loadTabOrKeepPage(request, serverLoader);
 */
export async function loadTabOrKeepPage(request: Request, serverLoader: () => Promise<TabData>): Promise<TabData> {
  try {
    return await serverLoader();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return unloadedTab(new URL(request.url).searchParams);
  }
}

/**
 * The tab ?tab= names, with nothing loaded. All Documents is allowed: only an admin's page
 * links to it, and the browser does not know here who is logged in.
 */
export function unloadedTab(params: URLSearchParams): TabData {
  const tab = parseTab(params.get('tab'), true);
  if (isSearchPage(params)) {
    const search: SearchPageData = { query: withoutForbiddenOneLine(params.get('search') ?? ''), response: null, failed: true };
    return { tab, glossary: null, documents: null, seo: null, faq: null, search };
  }
  const category = params.get('category');
  const glossary: GlossaryPageData | null =
    tab === 'glossary'
      ? {
          search: withoutForbiddenOneLine(params.get('search') ?? ''),
          category: isGlossaryCategory(category) ? category : 'all',
          terms: [],
          total: 0,
          failed: true,
        }
      : null;
  const documents: DocumentListData | null = isDocumentTab(tab) || tab === 'tutorials' ? { category: tab, documents: null } : null;
  return { tab, glossary, documents, seo: null, faq: null, search: null };
}

