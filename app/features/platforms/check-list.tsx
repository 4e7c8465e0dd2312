import { CircleCheck } from 'lucide-react';
import { cn } from '~/lib/cn';

export function CheckList({ items, className, inverse = false }: { items: readonly string[]; className?: string; inverse?: boolean }) {
  return (
    <ul className={cn('space-y-3', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <CircleCheck aria-hidden="true" className={cn('mt-0.5 h-5 w-5 shrink-0', inverse ? 'text-brand-200' : 'text-brand-600')} />
          <span className={inverse ? 'text-slate-200' : 'text-slate-700'}>{item}</span>
        </li>
      ))}
    </ul>
  );
}
