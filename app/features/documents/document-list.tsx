import { documentsCopy } from '@content/documents';
import type { DocumentView } from '@domain/documents/types';
import { lazy, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ClientOnly } from '~/components/client-only';
import { Button } from '~/components/ui/button';
import { toast } from '~/lib/toast';
import { useAdminWith } from '~/lib/use-admin';
import { DocumentCard } from './document-card';
import type { DocumentListData } from './document-list.server';
import { ImageViewer } from './image-viewer';

// Admin-only controls load when an admin first needs them, so visitors download neither them
// nor Zod (decision 016).
const EditDocumentDialog = lazy(() => import('./edit-document-dialog').then((module) => ({ default: module.EditDocumentDialog })));
const DeleteDocumentDialog = lazy(() => import('./delete-document-dialog').then((module) => ({ default: module.DeleteDocumentDialog })));

/**
 * The document cards of one knowledge-base tab, as the page's loader listed them (rendered
 * on the server, so they work without JavaScript). The loader is the only source: after any
 * change, here or in the admin banner's upload, the page revalidates and the new list
 * arrives the same way (docs/knowledge-base.md: after any document change, lists refresh).
 */
export function DocumentList({ list }: { list: DocumentListData }) {
  const { category, documents } = list;
  // Editing controls only for roles that may change documents (docs/admin.md, "Roles").
  const admin = useAdminWith('documents:edit');
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<DocumentView | null>(null);
  const [deleting, setDeleting] = useState<DocumentView | null>(null);
  const [viewer, setViewer] = useState<{ document: DocumentView; index: number } | null>(null);

  // Each list the loader could not load is reported once (a failed Try again too: a new list each time).
  useEffect(() => {
    if (list.documents === null) toast({ title: documentsCopy.toasts.fetchFailed, description: documentsCopy.loadFailed, variant: 'destructive' });
  }, [list]);

  const refresh = () => void revalidator.revalidate();

  // Card titles are h3 under a tab's h2; the Tutorials tab has an h3 of its own above them.
  const level = category === 'tutorials' ? 4 : 3;
  const emptyText = category === 'all' ? documentsCopy.emptyAll : documentsCopy.emptyCategory;

  if (documents === null) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
        <p>{documentsCopy.loadFailed}</p>
        <Button variant="outline" size="sm" className="mt-4" onClick={refresh} disabled={revalidator.state === 'loading'}>
          {documentsCopy.retry}
        </Button>
      </div>
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
          <EditDocumentDialog document={editing} onClose={() => setEditing(null)} onDone={refresh} />
          <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} onDone={refresh} />
        </ClientOnly>
      ) : null}
    </>
  );
}
