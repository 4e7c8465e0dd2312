import { demoForm as copy } from '@content/leads';
import type { ReactNode, RefObject } from 'react';
import { Dialog, DialogContent } from '~/components/ui/dialog';

interface DemoRequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Request Demo button: focus goes back there on close (there is no Radix Trigger). */
  opener: RefObject<HTMLButtonElement | null>;
  /** The form, which the button renders and owns, so closing by mistake loses nothing. */
  children: ReactNode;
}

/**
 * The demo request modal. Its own module, loaded when a Request Demo button is first used,
 * so the platform pages download Radix Dialog only for a visitor who asks for a demo
 * (decision 021).
 */
export default function DemoRequestDialog({ open, onOpenChange, opener, children }: DemoRequestDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={copy.title}
        description={copy.description}
        className="max-w-xl"
        returnFocusTo={opener}
      >
        {children}
      </DialogContent>
    </Dialog>
  );
}
