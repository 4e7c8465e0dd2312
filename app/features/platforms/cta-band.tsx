import { type ReactNode, useId } from 'react';

/**
 * The closing call to action: a dark panel with a heading, a line of text and buttons.
 * `id` makes it a link target (the /sitemap links to a page's demo request this way).
 */
export function CtaBand({ id, title, text, children }: { id?: string; title: string; text: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className="bg-white">
      <div className="container-page py-16 sm:py-20">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-navy-950 via-navy-900 to-navy-700 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
          <div aria-hidden="true" className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full border-[40px] border-brand-500/10" />
          <div aria-hidden="true" className="pointer-events-none absolute -bottom-32 -left-20 h-72 w-72 rounded-full border-[40px] border-flame-500/10" />
          <h2 id={headingId} className="relative text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </h2>
          <p className="relative mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-slate-200">{text}</p>
          <div className="relative mt-8 flex flex-wrap justify-center gap-3">{children}</div>
        </div>
      </div>
    </section>
  );
}
