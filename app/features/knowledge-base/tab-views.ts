import { isSearchPage } from '~/features/search/search-page';
import { onDemand } from '~/lib/on-demand';
import { isDocumentTab, parseTab } from './tabs';

/*
 * What the knowledge base shows besides the glossary (its first view, in the route's chunk):
 * each other tab and the search results load with the first visit to them (decision 032).
 * Still rendered on the server; in the browser the part the address shows starts loading with
 * the route's module, before hydration, and a tab change waits for its part with its data.
 */
export const CalculatorsView = onDemand(() => import('./calculators-panel').then((module) => module.CalculatorsPanel));
export const TutorialsView = onDemand(() => import('./tutorial-panel').then((module) => module.TutorialPanel));
export const FaqView = onDemand(() => import('./faq-panel').then((module) => module.FaqPanel));
export const DocumentsView = onDemand(() => import('./document-panel').then((module) => module.DocumentPanel));
export const SearchView = onDemand(() => import('~/features/search/search-results').then((module) => module.SearchResults));

/**
 * Loads the part an address of the knowledge base shows (nothing for the glossary); never
 * fails: a part that did not arrive is asked for again when it renders.
 */
export async function preloadView(params: URLSearchParams): Promise<void> {
  // All Documents counts as a tab: the browser does not know here who is logged in.
  const tab = parseTab(params.get('tab'), true);
  const view = isSearchPage(params)
    ? SearchView
    : tab === 'calculators'
      ? CalculatorsView
      : tab === 'tutorials'
        ? TutorialsView
        : tab === 'faq'
          ? FaqView
          : isDocumentTab(tab)
            ? DocumentsView
            : null;
  await view?.preload().catch(() => undefined);
}
