import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

/**
 * A home-page section. tabIndex -1 lets the header's section links move focus here after
 * scrolling (screen readers then start reading at the section), without a focus ring.
 */
export function HomeSection({
  id,
  className,
  children,
}: {
  id: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} tabIndex={-1} className={cn('py-20 focus:outline-none sm:py-24', className)}>
      {children}
    </section>
  );
}
