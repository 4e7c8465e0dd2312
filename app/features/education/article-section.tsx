import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

/** One numbered section of an educational article, reachable by its anchor. */
export function ArticleSection({
  id,
  number,
  title,
  tone = 'white',
  children,
}: {
  id: string;
  number: number;
  title: string;
  tone?: 'white' | 'muted' | 'dark';
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  const dark = tone === 'dark';
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('scroll-mt-20', tone === 'muted' && 'bg-slate-50', dark && 'bg-navy-950 text-white')}
    >
      <div className="container-page py-16 sm:py-20">
        <p className={cn('text-sm font-bold tracking-widest', dark ? 'text-brand-200' : 'text-brand-700')}>
          {String(number).padStart(2, '0')}
        </p>
        <h2 id={headingId} className={cn('mt-2 text-3xl font-bold tracking-tight sm:text-4xl', !dark && 'text-ink')}>
          {title}
        </h2>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export function Paragraphs({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <div className={cn('space-y-4 text-lg leading-relaxed text-slate-700', className)}>
      {items.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}
