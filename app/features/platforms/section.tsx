import { type ReactNode, useId } from 'react';
import { cn } from '~/lib/cn';

const tones = {
  white: 'bg-white',
  muted: 'bg-slate-50',
} as const;

/**
 * A page section with its h2 and lead. The heading names the section for screen readers
 * (aria-labelledby), so the page's landmarks read as its outline.
 */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  tone = 'white',
  centered = false,
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  tone?: keyof typeof tones;
  centered?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={cn(tones[tone], id && 'scroll-mt-20')}>
      <div className="container-page py-16 sm:py-20 lg:py-24">
        <div className={cn('max-w-3xl', centered && 'mx-auto text-center')}>
          {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p> : null}
          <h2 id={headingId} className={cn('text-3xl font-bold tracking-tight text-ink sm:text-4xl', eyebrow && 'mt-2')}>
            {title}
          </h2>
          {lead ? <p className="mt-4 text-lg leading-relaxed text-slate-600">{lead}</p> : null}
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}
