import type { GlossaryTerm } from '@domain/glossary/term';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '~/components/ui/dialog';
import { failureNotice } from '~/lib/api';
import { toast } from '~/lib/toast';
import { toastDeletedWithUndo } from '~/lib/undo-delete';
import { deleteTerm } from './glossary-api';

/**
 * Asks before deleting a term; toasts 'Term deleted' (with Undo, which restores it from the
 * trash) or 'Failed to delete term' (docs/glossary.md, docs/admin.md).
 */
export function DeleteTermDialog({
  term,
  onClose,
  onDeleted,
}: {
  term: GlossaryTerm | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [pending, setPending] = useState(false);

  async function confirm() {
    if (!term) return;
    setPending(true);
    try {
      await deleteTerm(term.id);
      toastDeletedWithUndo({ title: 'Term deleted', description: term.term, kind: 'glossary', id: term.id, onRestored: onDeleted });
      onDeleted();
    } catch (error) {
      toast({ title: 'Failed to delete term', description: failureNotice(error, 'Failed to delete term'), variant: 'destructive' });
    } finally {
      setPending(false);
      onClose();
    }
  }

  return (
    <Dialog open={term !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {term ? (
        <DialogContent
          title="Delete this term?"
          description={`“${term.term}” will be removed from the glossary for everyone and moved to the Trash, where an admin can restore it.`}
        >
          <div className="flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={confirm} disabled={pending}>
              {pending ? 'Deleting...' : 'Delete Term'}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
