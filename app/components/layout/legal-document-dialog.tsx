import type { LegalDocument } from '@content/legal';
import type { RefObject } from 'react';
import { Dialog, DialogContent } from '~/components/ui/dialog';

interface LegalDocumentDialogProps {
  document: LegalDocument;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The footer button that opened it: focus goes back there on close (there is no Radix Trigger). */
  opener: RefObject<HTMLButtonElement | null>;
}

/** A legal document in a modal with a close control; loaded when its footer link is first used (./legal-dialog). */
export default function LegalDocumentDialog({ document, open, onOpenChange, opener }: LegalDocumentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={document.title}
        description={`Last updated ${document.updated}`}
        className="max-w-2xl"
        returnFocusTo={opener}
      >
        <div className="space-y-5 text-sm leading-relaxed text-slate-700">
          {document.sections.map((section) => (
            <section key={section.heading}>
              <h3 className="font-semibold text-ink">{section.heading}</h3>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-1.5">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
