import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { cn } from '~/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Visually hide the title (it stays the dialog's accessible name). */
  hideTitle?: boolean;
  /** Runs as the dialog closes; call event.preventDefault() to move focus somewhere else yourself. */
  onCloseAutoFocus?: (event: Event) => void;
  /**
   * Where focus goes when it closes, for a dialog opened without a Radix Trigger (a stand-in
   * button that loads the dialog on first use): Radix returns focus only to its own Trigger.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * A modal with a visible close button: Radix gives focus trapping, Escape, backdrop
 * click and focus return. Its height is capped at 90% of the viewport, and it scrolls.
 */
export function DialogContent({ title, description, children, className, hideTitle, onCloseAutoFocus, returnFocusTo }: DialogContentProps) {
  const closeAutoFocus = returnFocusTo
    ? (event: Event) => {
        event.preventDefault();
        returnFocusTo.current?.focus();
      }
    : onCloseAutoFocus;
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-navy-950/70 backdrop-blur-[2px]" />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
          'max-h-[90vh] overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        onCloseAutoFocus={closeAutoFocus}
      >
        <DialogPrimitive.Title className={cn('pr-8 text-xl font-bold text-ink', hideTitle && 'sr-only')}>
          {title}
        </DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">{description}</DialogPrimitive.Description>
        ) : null}
        <div className={cn(!hideTitle && 'mt-4')}>{children}</div>
        <DialogPrimitive.Close
          className="absolute right-3 top-3 rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-ink"
          aria-label="Close"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
