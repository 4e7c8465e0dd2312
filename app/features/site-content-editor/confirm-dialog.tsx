import type { ReactNode, RefObject } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '~/components/ui/dialog';

/** A question before a step that changes what is saved or published: Cancel (focused first) or the step. */
export function ConfirmDialog({
  title,
  description,
  cancel,
  confirm,
  destructive,
  pending,
  returnFocusTo,
  onCancel,
  onConfirm,
  children,
}: {
  title: string;
  description: string;
  cancel: string;
  confirm: string;
  destructive?: boolean;
  pending?: boolean;
  returnFocusTo?: RefObject<HTMLElement | null>;
  onCancel: () => void;
  onConfirm: () => void | Promise<void>;
  children?: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open || pending ? undefined : onCancel())}>
      <DialogContent title={title} description={description} returnFocusTo={returnFocusTo}>
        {children}
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {cancel}
            </Button>
          </DialogClose>
          <Button variant={destructive ? 'destructive' : 'primary'} onClick={() => void onConfirm()} disabled={pending}>
            {confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
