import { ArrowRight, Flame, Snowflake, Truck } from 'lucide-react';

const stepIcons = [Snowflake, Truck, Flame] as const;

/** Liquefaction, transport, regasification: three cards joined by arrows on desktops. */
export function ProcessSteps({ steps, stepLabel }: { steps: ReadonlyArray<{ title: string; text: string }>; stepLabel: string }) {
  return (
    <ol className="grid gap-6 lg:grid-cols-3 lg:gap-10">
      {steps.map((step, index) => {
        const Icon = stepIcons[index % stepIcons.length]!;
        return (
          <li key={step.title} className="relative rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 sm:p-7">
            <div className="flex items-center gap-4">
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-500/15 text-brand-200 ring-1 ring-brand-500/30">
                <Icon aria-hidden="true" className="h-6 w-6" />
              </span>
              <span className="text-sm font-semibold uppercase tracking-wider text-slate-300">{`${stepLabel} ${index + 1}`}</span>
            </div>
            <h3 className="mt-5 text-xl font-semibold text-white">{step.title}</h3>
            <p className="mt-2 leading-relaxed text-slate-300">{step.text}</p>
            {index < steps.length - 1 ? (
              <ArrowRight aria-hidden="true" className="absolute -right-8 top-1/2 hidden h-6 w-6 -translate-y-1/2 text-brand-200 lg:block" />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
