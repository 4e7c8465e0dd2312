import type { ReactNode } from 'react';

/** The dark banner that opens an inner page: its one <h1> and an optional lead paragraph. */
export function PageHeader({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-navy-950 via-navy-900 to-navy-700 text-white">
      <div className="container-page py-16 sm:py-20">
        <h1 className="max-w-4xl text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {lead ? <p className="mt-5 max-w-3xl text-lg leading-relaxed text-slate-200">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
