import { Snowflake } from 'lucide-react';

/** Key figures about LNG, in a dark card beside the text. */
export function FactTiles({ facts }: { facts: ReadonlyArray<{ value: string; label: string; detail: string }> }) {
  return (
    <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-navy-900 to-navy-700 p-6 text-white shadow-xl sm:p-8">
      <Snowflake aria-hidden="true" className="absolute -right-6 -top-6 h-32 w-32 text-white/5" />
      <dl className="relative grid gap-6">
        {facts.map((fact) => (
          <div key={fact.label} className="border-l-2 border-brand-500 pl-4">
            <dt className="text-sm font-medium text-slate-300">{fact.label}</dt>
            <dd className="mt-1">
              <span className="block text-4xl font-extrabold tracking-tight">{fact.value}</span>
              <span className="mt-1 block text-sm text-slate-300">{fact.detail}</span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
