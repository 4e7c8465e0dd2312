import type { LegalDocument } from '@content/legal';
import { Suspense, lazy, useRef, useState } from 'react';

// The dialog, Radix Dialog with it, loads when a visitor first opens a legal document, not
// with every page that has a footer (issue 15: nothing for closed dialogs until they open).
const LegalDocumentDialog = lazy(() => import('./legal-document-dialog'));

/** A footer link that opens a legal document in a modal with a close control. */
export function LegalDialog({ document, label }: { document: LegalDocument; label: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="cursor-pointer text-sm text-slate-300 underline-offset-4 hover:text-white hover:underline"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {label}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <LegalDocumentDialog document={document} open={open} onOpenChange={setOpen} opener={opener} />
        </Suspense>
      ) : null}
    </>
  );
}
