import { tutorialIntro } from '@content/tutorial';
import { Atom } from 'lucide-react';
import { useId } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '~/components/ui/dialog';
import { DocumentList } from '~/features/documents/document-list';
import type { DocumentListData } from '~/features/documents/document-list.server';
import { MoleculeTutorial } from './molecule-tutorial';

/** The Tutorials tab: the molecule tutorial dialog, then the tutorial documents (from the page's loader). */
export function TutorialPanel({ documents }: { documents: DocumentListData }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {tutorialIntro.heading}
      </h2>
      <div className="mt-4 flex flex-col gap-5 rounded-xl border border-brand-200 bg-gradient-to-br from-brand-50 to-white p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-slate-700">{tutorialIntro.text}</p>
        <Dialog>
          <DialogTrigger asChild>
            <Button size="lg" className="shrink-0">
              <Atom aria-hidden="true" className="h-5 w-5" /> {tutorialIntro.button}
            </Button>
          </DialogTrigger>
          <DialogContent title={tutorialIntro.dialogTitle} description={tutorialIntro.dialogDescription} className="sm:max-w-3xl">
            <MoleculeTutorial />
          </DialogContent>
        </Dialog>
      </div>
      <h3 className="mt-10 text-xl font-bold">{tutorialIntro.documentsHeading}</h3>
      <div className="mt-4">
        <DocumentList list={documents} />
      </div>
    </section>
  );
}
