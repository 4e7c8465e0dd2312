import { CircleCheck, TriangleAlert } from 'lucide-react';
import { cn } from '~/lib/cn';

interface Point {
  title: string;
  text: string;
}

function PointList({ title, points, kind }: { title: string; points: readonly Point[]; kind: 'advantage' | 'consideration' }) {
  const Icon = kind === 'advantage' ? CircleCheck : TriangleAlert;
  return (
    <div
      className={cn(
        'rounded-3xl border bg-white p-6 shadow-sm sm:p-8',
        kind === 'advantage' ? 'border-emerald-200' : 'border-amber-200',
      )}
    >
      <h3 className="text-2xl font-bold tracking-tight text-ink">{title}</h3>
      <ul className="mt-6 space-y-6">
        {points.map((point) => (
          <li key={point.title} className="flex gap-4">
            <Icon
              aria-hidden="true"
              className={cn('mt-0.5 h-6 w-6 shrink-0', kind === 'advantage' ? 'text-emerald-600' : 'text-amber-600')}
            />
            <div>
              <h4 className="font-semibold text-ink">{point.title}</h4>
              <p className="mt-1 leading-relaxed text-slate-600">{point.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Advantages beside considerations (stacked on phones). */
export function Tradeoffs(props: {
  advantagesTitle: string;
  considerationsTitle: string;
  advantages: readonly Point[];
  considerations: readonly Point[];
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <PointList title={props.advantagesTitle} points={props.advantages} kind="advantage" />
      <PointList title={props.considerationsTitle} points={props.considerations} kind="consideration" />
    </div>
  );
}
