import { documentsCopy } from '@content/documents';
import type { DocumentView } from '@domain/documents/types';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '~/components/ui/dialog';
import { toast } from '~/lib/toast';
import { toastDeletedWithUndo } from '~/lib/undo-delete';
import { deleteDocument, failureMessage } from './document-api';

/** The edit and delete dialogs' props: the document (null: closed), and what to call when closed or done. */
export interface DocumentDialogProps {
  document: DocumentView | null;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Asks before deleting; toasts 'Document deleted' (with Undo, which restores it from the trash)
 * or 'Delete failed' (docs/knowledge-base.md, docs/admin.md).
 */
export function DeleteDocumentDialog({ document, onClose, onDone }: DocumentDialogProps) {
  const [pending, setPending] = useState(false);
  const copy = documentsCopy.remove;

  async function confirm() {
    if (!document) return;
    setPending(true);
    try {
      await deleteDocument(document.id);
      toastDeletedWithUndo({ title: documentsCopy.toasts.deleted, description: document.title, kind: 'document', id: document.id, onRestored: onDone });
      onDone();
    } catch (error) {
      toast({ title: documentsCopy.toasts.deleteFailed, description: failureMessage(error, documentsCopy.toasts.deleteFailed), variant: 'destructive' });
    } finally {
      setPending(false);
      onClose();
    }
  }

  return (
    <Dialog open={document !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {document ? (
        <DialogContent title={copy.title} description={copy.description(document.title)}>
          <div className="flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                {copy.cancel}
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={confirm} disabled={pending}>
              {pending ? copy.confirming : copy.confirm}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
