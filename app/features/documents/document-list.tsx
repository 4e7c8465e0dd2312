import { documentsCopy } from '@content/documents';
import type { DocumentView } from '@domain/documents/types';
import { lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { ClientOnly } from '~/components/client-only';
import { Button } from '~/components/ui/button';
import { toast } from '~/lib/toast';
import { useAdmin } from '~/lib/use-admin';
import { DocumentCard } from './document-card';
import type { DocumentListData } from './documents.server';
import { fetchDocuments } from './documents-api';
import { notifyDocumentsChanged, useDocumentsChanged } from './documents-events';
import { ImageViewer } from './image-viewer';

// Admin-only controls load when an admin first needs them, so visitors download neither them
// nor Zod (decision 010).
const EditDocumentDialog = lazy(() => import('./edit-document-dialog').then((module) => ({ default: module.EditDocumentDialog })));
const DeleteDocumentDialog = lazy(() => import('./delete-document-dialog').then((module) => ({ default: module.DeleteDocumentDialog })));

/** The knowledge-base route, whose loader may hand the list over (see documents.server.ts). */
const KNOWLEDGE_BASE_ROUTE_ID = 'routes/knowledge-base';

export interface DocumentListProps {
  /** A document category (tab id), or 'all' for the admin's All Documents tab. */
  category: string;
  /** The list rendered on the server; without it the list is fetched after hydration. */
  initialDocuments?: DocumentView[] | null;
  /** Card titles are h3 under a tab's h2; the Tutorials tab nests them one deeper. */
  headingLevel?: 3 | 4;
}

/**
 * The document cards of one knowledge-base tab. The list comes from `initialDocuments`, or
 * from the knowledge-base loader's `documents` when it is for this category (server-rendered,
 * works without JavaScript), or else from the API once the page has hydrated. After any
 * change (here or in the admin banner's upload) it re-fetches.
 */
export function DocumentList({ category, initialDocuments, headingLevel }: DocumentListProps) {
  const admin = useAdmin();
  const revalidator = useRevalidator();
  const routeData = useRouteLoaderData(KNOWLEDGE_BASE_ROUTE_ID) as { documents?: DocumentListData | null } | undefined;
  const fromServer = initialDocuments ?? (routeData?.documents?.category === category ? routeData.documents.documents : null);

  const { documents, failed, reload } = useDocuments(category, fromServer ?? null);
  const [editing, setEditing] = useState<DocumentView | null>(null);
  const [deleting, setDeleting] = useState<DocumentView | null>(null);
  const [viewer, setViewer] = useState<{ document: DocumentView; index: number } | null>(null);

  useDocumentsChanged(reload);

  const changed = () => {
    notifyDocumentsChanged();
    void revalidator.revalidate();
  };

  const level = headingLevel ?? (category === 'tutorials' ? 4 : 3);
  const emptyText = category === 'all' ? documentsCopy.emptyAll : documentsCopy.emptyCategory;

  if (documents === null) {
    return failed ? (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
        <p>{documentsCopy.loadFailed}</p>
        <Button variant="outline" size="sm" className="mt-4" onClick={reload}>
          {documentsCopy.retry}
        </Button>
      </div>
    ) : (
      <p role="status" className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
        {documentsCopy.loading}
      </p>
    );
  }

  return (
    <>
      {documents.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{emptyText}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {documents.map((document) => (
            <li key={document.id} className="flex">
              <DocumentCard
                document={document}
                headingLevel={level}
                showCategory={category === 'all'}
                onOpenImage={(item, index) => setViewer({ document: item, index })}
                admin={admin ? { onEdit: setEditing, onDelete: setDeleting } : undefined}
              />
            </li>
          ))}
        </ul>
      )}

      <ImageViewer
        title={viewer?.document.title ?? ''}
        images={viewer?.document.carouselImages ?? []}
        index={viewer?.index ?? null}
        onIndexChange={(index) => setViewer((current) => (current ? { ...current, index } : current))}
        onClose={() => setViewer(null)}
      />
      {admin ? (
        <ClientOnly>
          <EditDocumentDialog document={editing} onClose={() => setEditing(null)} onChanged={changed} />
          <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} onDeleted={changed} />
        </ClientOnly>
      ) : null}
    </>
  );
}

/** The list's state: the server's list when there is one, otherwise fetched; `reload` re-fetches. */
function useDocuments(category: string, fromServer: DocumentView[] | null) {
  const [documents, setDocuments] = useState<DocumentView[] | null>(fromServer);
  const [failed, setFailed] = useState(false);
  const latestRequest = useRef(0);

  const reload = useCallback(async () => {
    const request = ++latestRequest.current;
    setFailed(false);
    try {
      const list = await fetchDocuments(category);
      if (request === latestRequest.current) setDocuments(list);
    } catch {
      if (request !== latestRequest.current) return;
      setFailed(true);
      toast({ title: documentsCopy.toasts.fetchFailed, description: documentsCopy.loadFailed, variant: 'destructive' });
    }
  }, [category]);

  // A fresh server list (after revalidation, or another tab) replaces ours.
  useEffect(() => {
    if (fromServer) {
      latestRequest.current++;
      setDocuments(fromServer);
    }
  }, [fromServer]);

  // Without a server list (or when the tab changes in place), fetch once hydrated.
  useEffect(() => {
    if (fromServer) return;
    setDocuments(null);
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the category changes, not on every new server list
  }, [category]);

  return { documents, failed, reload: () => void reload() };
}
