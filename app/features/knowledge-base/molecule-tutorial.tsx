import { type MoleculeStep, type ProcessStep, tutorialSteps } from '@content/tutorial';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { MoleculeDiagram, ProcessDiagram } from './molecule-diagram';

/**
 * The five-step molecule tutorial inside its dialog (docs/knowledge-base.md: step 0 to 4, Previous
 * disabled on the first, Next on the last, step cards jump to any step).
 */
export function MoleculeTutorial({ initialStep = 0 }: { initialStep?: number }) {
  const [step, setStep] = useState(initialStep);
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const last = tutorialSteps.length - 1;
  const current = tutorialSteps[step];

  // A button that becomes disabled drops keyboard focus; hand it to the other one.
  function go(to: number) {
    setStep(to);
    if (to === 0) nextRef.current?.focus();
    if (to === last) previousRef.current?.focus();
  }

  return (
    <div>
      <ol className="grid grid-cols-5 gap-1.5 sm:gap-2" aria-label="Tutorial steps">
        {tutorialSteps.map((entry, index) => (
          <li key={entry.title}>
            <button
              type="button"
              onClick={() => setStep(index)}
              aria-current={index === step ? 'step' : undefined}
              className={cn(
                'flex h-full w-full cursor-pointer flex-col items-center gap-1 rounded-lg border px-1 py-2 text-center text-xs font-semibold transition-colors sm:text-sm',
                index === step
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:bg-brand-50',
              )}
            >
              <span className="text-base font-bold">{index + 1}</span>
              <span className="hidden leading-tight sm:block">{entry.title}</span>
              <span className="sr-only sm:hidden">{entry.title}</span>
            </button>
          </li>
        ))}
      </ol>

      <p className="mt-4 text-sm font-semibold text-brand-700" aria-live="polite">
        Step {step + 1} of {tutorialSteps.length}
      </p>

      <div className="mt-2">
        {current?.kind === 'molecule' ? <MoleculeStepView step={current} /> : null}
        {current?.kind === 'process' ? <ProcessStepView step={current} /> : null}
      </div>

      {/* Stays in view at the bottom of the scrolling dialog on small screens. */}
      <div className="sticky -bottom-6 -mx-6 -mb-6 mt-6 flex items-center justify-between gap-3 border-t border-slate-200 bg-white px-6 py-4">
        <Button ref={previousRef} variant="outline" onClick={() => go(step - 1)} disabled={step === 0}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous
        </Button>
        <Button ref={nextRef} onClick={() => go(step + 1)} disabled={step === last}>
          Next <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </div>
  );
}

function MoleculeStepView({ step }: { step: MoleculeStep }) {
  return (
    <article aria-labelledby="tutorial-step-title">
      <h3 id="tutorial-step-title" className="text-xl font-bold">
        {step.title} <span className="font-semibold text-brand-700">{step.formula}</span>
      </h3>
      <p className="mt-2 text-slate-700">{step.summary}</p>
      <div className="mt-4 rounded-xl bg-slate-50 p-4">
        <MoleculeDiagram carbons={step.carbons} formula={step.formula} />
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
          {step.facts.map((fact) => (
            <div key={fact.label} className="contents">
              <dt className="font-semibold text-ink">{fact.label}</dt>
              <dd className="text-slate-700">{fact.value}</dd>
            </div>
          ))}
        </dl>
        <div>
          <h4 className="text-sm font-semibold text-ink">Uses</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {step.uses.map((use) => (
              <li key={use}>{use}</li>
            ))}
          </ul>
        </div>
      </div>
    </article>
  );
}

function ProcessStepView({ step }: { step: ProcessStep }) {
  return (
    <article aria-labelledby="tutorial-step-title">
      <h3 id="tutorial-step-title" className="text-xl font-bold">
        {step.title}
      </h3>
      <p className="mt-2 text-slate-700">{step.summary}</p>
      {/* Too small to read on a phone; the numbered stages below say the same. */}
      <div className="mt-4 hidden rounded-xl bg-slate-50 p-4 sm:block">
        <ProcessDiagram stages={step.stages.map((stage) => stage.short)} />
      </div>
      <ol className="mt-4 grid gap-3 sm:grid-cols-2">
        {step.stages.map((stage, index) => (
          <li key={stage.title} className="rounded-lg border border-slate-200 p-3">
            <h4 className="text-sm font-semibold text-ink">
              {index + 1}. {stage.title}
            </h4>
            <p className="mt-1 text-sm text-slate-700">{stage.text}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}
