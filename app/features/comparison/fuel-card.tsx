import type { Fuel, FuelFact } from '@content/comparison';
import { Flame, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

const tones = {
  lng: {
    header: 'from-navy-900 via-navy-800 to-brand-700',
    accent: 'text-brand-700',
    bar: 'bg-brand-500',
    truck: 'text-brand-600',
  },
  cng: {
    header: 'from-slate-700 via-slate-600 to-slate-500',
    accent: 'text-slate-700',
    bar: 'bg-slate-500',
    truck: 'text-slate-500',
  },
} as const;

const flameColors = { blue: 'text-blue-600', orange: 'text-flame-500' } as const;

/** Trucks drawn to scale: whole trucks plus a part truck for the fraction (2.4 → 2 and 0.4). */
function TruckRow({ count, className }: { count: number; className: string }) {
  const whole = Math.floor(count);
  const part = count - whole;
  return (
    <span aria-hidden="true" className={cn('flex items-center gap-1', className)}>
      {Array.from({ length: whole }, (_, index) => (
        <Truck key={index} className="h-6 w-6" />
      ))}
      {part > 0 ? (
        <span className="relative h-6 overflow-hidden" style={{ width: `${part * 1.5}rem` }}>
          <Truck className="absolute left-0 top-0 h-6 w-6" />
        </span>
      ) : null}
    </span>
  );
}

/**
 * One side of the LNG/CNG comparison. The figures are text in a description list; the bar,
 * trucks and flame beside them are drawings of the same numbers, hidden from screen readers.
 */
export function FuelCard({ fuel, largestVolumeFactor }: { fuel: Fuel; largestVolumeFactor: number }) {
  const tone = tones[fuel.id];
  const headingId = `fuel-${fuel.id}`;
  const visuals: Record<NonNullable<FuelFact['visual']>, ReactNode> = {
    volume: (
      <span aria-hidden="true" className="mt-3 block h-2 w-full overflow-hidden rounded-full bg-slate-100">
        <span
          className={cn('block h-full rounded-full', tone.bar)}
          style={{ width: `${(fuel.volumeFactor / largestVolumeFactor) * 100}%` }}
        />
      </span>
    ),
    trucks: <TruckRow count={fuel.trucksPerLngTruck} className={cn('mt-3', tone.truck)} />,
    flame: <Flame aria-hidden="true" className={cn('mt-3 h-6 w-6', flameColors[fuel.flame])} />,
  };

  return (
    <article aria-labelledby={headingId} className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className={cn('bg-gradient-to-br p-6 text-white sm:p-8', tone.header)}>
        <h2 id={headingId} className="text-4xl font-extrabold tracking-tight">
          {fuel.name}
        </h2>
        <p className="mt-1 font-semibold text-white/90">{fuel.fullName}</p>
        <p className="mt-3 text-sm leading-relaxed text-white/80">{fuel.summary}</p>
      </header>
      <dl className="divide-y divide-slate-100 px-6 sm:px-8">
        {fuel.facts.map((fact) => (
          <div key={fact.label} className="py-5">
            <dt className="text-xs font-semibold uppercase tracking-widest text-slate-600">{fact.label}</dt>
            <dd className="mt-1">
              <span className={cn('block text-lg font-bold', tone.accent)}>{fact.value}</span>
              <span className="mt-1 block text-sm leading-relaxed text-slate-600">{fact.detail}</span>
              {fact.visual ? visuals[fact.visual] : null}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
