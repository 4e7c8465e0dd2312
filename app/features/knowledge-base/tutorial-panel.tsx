import { tutorialIntro } from '@content/tutorial';
import { Atom } from 'lucide-react';
import { tutorialSteps } from '@content/tutorial';
import { useEffect, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '~/components/ui/dialog';
import { DocumentList } from '~/features/documents/document-list';
import type { DocumentListData } from '~/features/documents/document-list.server';
import { MoleculeTutorial } from './molecule-tutorial';
import { useHashTarget } from './use-hash-target';

/** The anchor of tutorial step n (1-based), what search hits link to: `?tab=tutorials#tutorial-step-<n>` opens the dialog there. */
export const tutorialStepAnchor = (step: number) => `tutorial-step-${step}`;

/** The 0-based step a `#tutorial-step-<n>` fragment names, or null. */
function stepFromHash(hash: string | null): number | null {
  const match = hash ? /^tutorial-step-(\d+)$/.exec(hash) : null;
  const step = match ? Number(match[1]) - 1 : -1;
  return step >= 0 && step < tutorialSteps.length ? step : null;
}

/** The Tutorials tab: the molecule tutorial dialog, then the tutorial documents (from the page's loader). */
export function TutorialPanel({ documents }: { documents: DocumentListData }) {
  const id = useId();
  const hashStep = stepFromHash(useHashTarget());
  const [open, setOpen] = useState(false);
  const [startStep, setStartStep] = useState(0);

  // A search hit's #tutorial-step-<n> opens the dialog on that step.
  useEffect(() => {
    if (hashStep === null) return;
    setStartStep(hashStep);
    setOpen(true);
  }, [hashStep]);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) return;
    // Closed: the fragment no longer describes the page, and the button starts at step 1 again.
    setStartStep(0);
    if (stepFromHash(window.location.hash.slice(1)) !== null) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {tutorialIntro.heading}
      </h2>
      <div className="mt-4 flex flex-col gap-5 rounded-xl border border-brand-200 bg-gradient-to-br from-brand-50 to-white p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-slate-700">{tutorialIntro.text}</p>
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogTrigger asChild>
            <Button size="lg" className="shrink-0">
              <Atom aria-hidden="true" className="h-5 w-5" /> {tutorialIntro.button}
            </Button>
          </DialogTrigger>
          <DialogContent title={tutorialIntro.dialogTitle} description={tutorialIntro.dialogDescription} className="sm:max-w-3xl">
            <MoleculeTutorial key={startStep} initialStep={startStep} />
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
