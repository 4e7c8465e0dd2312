import { calculatorsCopy } from '@content/knowledge-base';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/input';
import { useHydrated } from '~/lib/use-hydrated';

/** A labelled numeric input whose error message is tied to it for assistive technology. */
export function NumberField({
  id,
  name,
  label,
  value,
  error,
  step = 'any',
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  step?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          name={name}
          type="number"
          inputMode="decimal"
          min={0}
          step={step}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A result line of a calculator. */
export function ResultRow({ label, value, emphasis }: { label: string; value: string; emphasis?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-200 py-2 last:border-0">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className={emphasis ? 'text-lg font-bold text-brand-700' : 'font-semibold text-ink'}>{value}</dd>
    </div>
  );
}

/** The submit button a calculator needs only without JavaScript (the GET form recomputes on the server). */
export function NoScriptCalculateButton() {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <Button type="submit" variant="outline" className="sm:col-span-2 sm:justify-self-start">
      {calculatorsCopy.calculate}
    </Button>
  );
}

/** The live results box: announced to screen readers as the inputs change. */
export function ResultsPanel({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div aria-live="polite" className="mt-5 rounded-lg bg-slate-50 p-4">
      <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{heading}</h4>
      {children}
    </div>
  );
}

/** The assumptions behind a calculator's figures, shown open. */
export function Assumptions({ children }: { children: ReactNode }) {
  return (
    <details open className="mt-4 text-sm text-slate-700">
      <summary className="cursor-pointer font-semibold text-ink">{calculatorsCopy.assumptionsHeading}</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5">{children}</ul>
    </details>
  );
}
