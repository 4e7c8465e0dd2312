import { isDocumentCategory } from '@domain/documents/rules';
import { type DocumentView, viewOfAdmin } from '@domain/documents/types';
import type { AppLoadContext } from 'react-router';
import { adminWithPermission } from '~/lib/admin.server';

/**
 * One tab's documents, as the knowledge-base loader returns them (`documents`) and
 * DocumentList shows them: the loader is the list's only source.
 */
export interface DocumentListData {
  /** A category, or 'all' for the admin's All Documents. */
  category: string;
  /** null when the list could not be loaded: the list says so and offers to try again. */
  documents: DocumentView[] | null;
}

/**
 * A knowledge-base tab's documents for the loader, through the same service as the API, so
 * the cards arrive in the HTML (and work without JavaScript), and arrive again whenever the
 * page revalidates after a change:
 *
 * @example
 * return { tab, glossary, documents: await loadDocumentsForTab(context, tab) };
 *
 * null for tabs without documents; `documents: null` inside when loading failed (logged
 * here). 'all' only for an admin.
 */
export async function loadDocumentsForTab(context: AppLoadContext, tab: string): Promise<DocumentListData | null> {
  const { services } = context;
  try {
    if (tab === 'all') {
      if (!(await adminWithPermission(context, 'documents:edit'))) return null;
      return { category: tab, documents: (await services.documents.listAdmin()).map(viewOfAdmin) };
    }
    if (!isDocumentCategory(tab) || !DOCUMENT_TABS.has(tab)) return null;
    return { category: tab, documents: await services.documents.listPublic(tab) };
  } catch (error) {
    services.logger.error({ err: error, tab }, 'Failed to fetch documents');
    return { category: tab, documents: null };
  }
}

/** The tabs that show a document list (the glossary, calculators and FAQ do not). */
const DOCUMENT_TABS = new Set(['infographics', 'articles', 'spec-sheets', 'social-content', 'tutorials']);
