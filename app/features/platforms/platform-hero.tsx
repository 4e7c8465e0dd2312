import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

/**
 * The opening banner of the platform pages: eyebrow, the page's one <h1>, a lead, the
 * calls to action and (on the product pages) a product screenshot beside the text.
 */
export function PlatformHero({
  eyebrow,
  title,
  lead,
  actions,
  media,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  actions?: ReactNode;
  media?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-gradient-to-br from-navy-950 via-navy-900 to-navy-700 text-white">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -right-40 -top-40 h-[32rem] w-[32rem] rounded-full bg-brand-500/15 blur-3xl" />
        <div className="absolute -bottom-48 left-1/3 h-96 w-96 rounded-full bg-flame-500/10 blur-3xl" />
      </div>
      <div
        className={cn(
          'container-page py-16 sm:py-20 lg:py-24',
          Boolean(media) && 'grid items-center gap-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-16',
        )}
      >
        <div className={cn(!media && 'max-w-4xl')}>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-200">{eyebrow}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">{title}</h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200">{lead}</p>
          {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
          {children}
        </div>
        {media ? <div className="relative">{media}</div> : null}
      </div>
    </section>
  );
}

/** A screenshot in the hero, framed like an app window. */
export function HeroScreenshotFrame({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-white/5 p-2 shadow-2xl ring-1 ring-white/15 backdrop-blur-sm sm:p-3">
      <div className="mb-2 flex gap-1.5 px-1 sm:mb-3" aria-hidden="true">
        <span className="h-2.5 w-2.5 rounded-full bg-white/25" />
        <span className="h-2.5 w-2.5 rounded-full bg-white/25" />
        <span className="h-2.5 w-2.5 rounded-full bg-white/25" />
      </div>
      <div className="overflow-hidden rounded-lg">{children}</div>
    </div>
  );
}

/** In-page links to the feature cards, under a tool page's hero. */
export function JumpLinks({ label, links }: { label: string; links: ReadonlyArray<{ href: string; label: string }> }) {
  return (
    <nav aria-label={label} className="mt-10">
      <p className="text-sm font-semibold text-slate-300">{label}</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className="inline-flex rounded-full bg-white/10 px-4 py-2 text-sm font-medium text-white ring-1 ring-white/15 transition-colors hover:bg-white/20"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
