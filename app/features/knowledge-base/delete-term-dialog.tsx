import type { GlossaryTerm } from '@domain/glossary/term';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '~/components/ui/dialog';
import { failureNotice } from '~/lib/api';
import { toast } from '~/lib/toast';
import { deleteTerm } from './glossary-api';

/** Asks before deleting a term; toasts 'Term deleted' or 'Failed to delete term' (docs/glossary.md). */
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
      toast({ title: 'Term deleted', description: term.term });
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
          description={`“${term.term}” will be removed from the glossary for everyone. This cannot be undone.`}
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
