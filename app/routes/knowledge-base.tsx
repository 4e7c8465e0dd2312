import { pages } from '@content/pages';
import type { FaqEntry } from '@domain/site-content/types';
import { data } from 'react-router';
import { PageHeader } from '~/components/layout/page-header';
import { AdminBar } from '~/features/admin/admin-bar';
import { UploadDocumentOnDemand } from '~/features/documents/upload-document-on-demand';
import type { DocumentListData } from '~/features/documents/document-list.server';
import { loadDocumentsForTab } from '~/features/documents/document-list.server';
import { faqPageJsonLd } from '~/features/knowledge-base/faq-json-ld';
import type { GlossaryPageData } from '~/features/knowledge-base/glossary-data';
import { GlossaryPanel } from '~/features/knowledge-base/glossary-panel';
import { loadGlossaryPage } from '~/features/knowledge-base/glossary.server';
import { loadTabOrKeepPage } from '~/features/knowledge-base/tab-fallback';
import { TabBar } from '~/features/knowledge-base/tab-bar';
import { CalculatorsView, DocumentsView, FaqView, SearchView, TutorialsView, preloadView } from '~/features/knowledge-base/tab-views';
import { KNOWLEDGE_BASE_PATH, type TabId, isDocumentTab, panelElementId, parseTab, tabElementId, tabHref, visibleTabs } from '~/features/knowledge-base/tabs';
import { glossaryJsonLd } from '~/features/knowledge-base/glossary-json-ld';
import { isSearchPage } from '~/features/search/search-page';
import { loadSearchPage } from '~/features/search/search.server';
import { pageMeta } from '~/lib/page-meta';
import { siteUrlFrom } from '~/lib/seo';
import { loadPageSeo } from '~/lib/site-content.server';
import { adminWithPermission } from '~/lib/admin.server';
import { useAdminWith } from '~/lib/use-admin';
import type { Route } from './+types/knowledge-base';

/**
 * ?tab= picks the tab; the glossary tab also honours ?search= and ?category=. ?search=
 * without a tab is the search over the whole knowledge base (the home page's SearchAction,
 * the header's search; docs/search.md): its results instead of a tab. Document tabs get
 * their list here too, so it is in the HTML, and every document change revalidates to get it
 * again (DocumentList has no other source).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // All Documents (drafts included) is for roles that may change documents.
  const documentsAdmin = await adminWithPermission(context, 'documents:edit');
  const searching = isSearchPage(params);
  const tab = parseTab(params.get('tab'), documentsAdmin !== null);
  const [glossaryPage, documents, seo, content, searchPage] = await Promise.all([
    tab === 'glossary' && !searching ? loadGlossaryPage(context, params) : Promise.resolve(null),
    searching ? Promise.resolve(null) : loadDocumentsForTab(context, tab),
    loadPageSeo(context, 'knowledgeBase'),
    context.siteContent(),
    searching ? loadSearchPage(context, params) : Promise.resolve(null),
  ]);
  const glossary: GlossaryPageData | null = glossaryPage?.data ?? null;
  // The FAQ as published (docs/pages.md, Site content), only for its tab.
  const faq = tab === 'faq' ? content.faq : null;
  const search = searchPage?.data ?? null;
  // A search with control characters still gets the page, as a 400 (see loadGlossaryPage, loadSearchPage).
  const invalid = glossaryPage?.invalidSearch || searchPage?.invalidSearch;
  return data({ tab, glossary, documents, seo, faq, search }, { status: invalid ? 400 : 200 });
}

/**
 * A tab change or a search whose data request fails keeps the page and says so (issue 16). The
 * code of the part the address shows comes with its data (tab-views.ts, decision 032).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([loadTabOrKeepPage(request, serverLoader), preloadView(new URL(request.url).searchParams)]);
  return data;
}

// Before hydration (this module is evaluated just before it), the server-rendered tab's part
// starts loading, unless it is the glossary (in this chunk).
if (typeof document !== 'undefined' && window.location.pathname === KNOWLEDGE_BASE_PATH) {
  void preloadView(new URLSearchParams(window.location.search));
}

export const meta: Route.MetaFunction = (args) => {
  const tab = args.loaderData?.tab ?? 'glossary';
  const searching = Boolean(args.loaderData?.search);
  const { faq, glossary } = args.loaderData ?? {};
  return pageMeta(args, 'knowledgeBase', {
    // Each public tab is its own page for search engines; searches and All Documents are not.
    canonical: tab === 'all' || searching ? tabHref('glossary') : tabHref(tab),
    structuredData:
      tab === 'faq' && faq
        ? faqPageJsonLd(faq)
        : glossary && !searching
          ? glossaryJsonLd(siteUrlFrom(args.matches), glossary)
          : undefined,
  });
};

export default function KnowledgeBase({ loaderData }: Route.ComponentProps) {
  const { tab, glossary, documents, faq, search } = loaderData;
  const documentsAdmin = useAdminWith('documents:edit');
  return (
    <>
      <PageHeader title={pages.knowledgeBase.heading} lead={pages.knowledgeBase.description} />
      <div className="container-page py-10 sm:py-12">
        <AdminBar actions={documentsAdmin ? <UploadDocumentOnDemand /> : null} />
        {/* The results page selects no tab: every tab is a way out of the search. */}
        <TabBar tabs={visibleTabs(documentsAdmin !== null)} current={search ? null : tab} />
        {search ? (
          <SearchView.Component data={search} />
        ) : (
        <div
          role="tabpanel"
          id={panelElementId(tab)}
          aria-labelledby={tabElementId(tab)}
          tabIndex={0}
          className="mt-8 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4"
        >
          <TabContent tab={tab} glossary={glossary} documents={documents} faq={faq} />
        </div>
        )}
      </div>
    </>
  );
}

function TabContent({
  tab,
  glossary,
  documents,
  faq,
}: {
  tab: TabId;
  glossary: GlossaryPageData | null;
  documents: DocumentListData | null;
  faq: readonly FaqEntry[] | null;
}) {
  if (tab === 'glossary' && glossary) return <GlossaryPanel data={glossary} />;
  if (tab === 'calculators') return <CalculatorsView.Component />;
  if (tab === 'tutorials' && documents) return <TutorialsView.Component documents={documents} />;
  if (tab === 'faq' && faq) return <FaqView.Component items={faq} />;
  if (isDocumentTab(tab) && documents) return <DocumentsView.Component tab={tab} documents={documents} />;
  return null;
}
