import { trashCopy, undoCopy } from '@content/admin-trash';
import type { TrashKind } from '@domain/trash';
import { failureNotice } from './api';
import { toast } from './toast';
import { restoreFromTrash } from './trash-api';

/**
 * The toast after a delete (docs/admin.md, Undo): its title stays what it was ('Document
 * deleted', 'Term deleted', 'Lead deleted'), and Undo restores the item from the trash, says
 * so ('Document restored'…) and calls `onRestored` so the page shows it again.
 */
export function toastDeletedWithUndo({
  title,
  description,
  kind,
  id,
  onRestored,
}: {
  title: string;
  description: string;
  kind: TrashKind;
  id: number;
  onRestored: () => void | Promise<void>;
}): void {
  toast({
    title,
    description,
    action: {
      label: undoCopy.label,
      onClick: () => {
        void undo();
      },
    },
  });

  async function undo() {
    try {
      const restored = await restoreFromTrash(kind, id);
      toast({ title: trashCopy.restored[kind], description: restored.title });
      await onRestored();
    } catch (error) {
      toast({ title: undoCopy.failed, description: failureNotice(error, undoCopy.failed), variant: 'destructive' });
    }
  }
}
