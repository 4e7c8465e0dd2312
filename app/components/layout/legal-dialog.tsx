import type { LegalDocument } from '@content/legal';
import { Dialog, DialogContent, DialogTrigger } from '~/components/ui/dialog';

/** A footer link that opens a legal document in a modal with a close control. */
export function LegalDialog({ document, label }: { document: LegalDocument; label: string }) {
  return (
    <Dialog>
      <DialogTrigger className="cursor-pointer text-sm text-slate-300 underline-offset-4 hover:text-white hover:underline">
        {label}
      </DialogTrigger>
      <DialogContent title={document.title} description={`Last updated ${document.updated}`} className="max-w-2xl">
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
