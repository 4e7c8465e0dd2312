import { calculatorsCopy } from '@content/knowledge-base';
import { useId } from 'react';
import { EquivalenceCalculator } from './equivalence-calculator';
import { NetbackCalculator } from './netback-calculator';

/** The Calculators tab: server-rendered with defaults, recomputed in the browser as you type. */
export function CalculatorsPanel() {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {calculatorsCopy.heading}
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">{calculatorsCopy.intro}</p>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <EquivalenceCalculator />
        <NetbackCalculator />
      </div>
    </section>
  );
}
