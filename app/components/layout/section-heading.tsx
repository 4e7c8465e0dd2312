import { cn } from '~/lib/cn';

interface SectionHeadingProps {
  /** The id the section's aria-labelledby points at. */
  id: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  /** Light text for dark sections. */
  inverse?: boolean;
  align?: 'left' | 'center';
  className?: string;
}

/** The eyebrow, <h2> and lead paragraph that open a page section. */
export function SectionHeading({ id, eyebrow, title, lead, inverse = false, align = 'left', className }: SectionHeadingProps) {
  const centered = align === 'center';
  return (
    <div className={cn('max-w-3xl', centered && 'mx-auto text-center', className)}>
      {eyebrow ? (
        <p
          className={cn(
            'text-sm font-semibold uppercase tracking-widest',
            inverse ? 'text-brand-200' : 'text-brand-700',
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={cn('mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl', inverse ? 'text-white' : 'text-ink')}
      >
        {title}
      </h2>
      {lead ? (
        <p className={cn('mt-4 text-lg leading-relaxed', inverse ? 'text-slate-300' : 'text-slate-600')}>{lead}</p>
      ) : null}
    </div>
  );
}
