/** The article's sections as in-page links, numbered like the sections themselves. */
export function TableOfContents({ label, sections }: { label: string; sections: ReadonlyArray<{ id: string; title: string }> }) {
  return (
    <nav aria-label={label} className="mt-10">
      <p className="text-sm font-semibold text-slate-300">{label}</p>
      <ol className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="flex items-center gap-3 rounded-lg bg-white/5 px-4 py-3 text-sm font-medium text-white ring-1 ring-white/10 transition-colors hover:bg-white/15"
            >
              <span aria-hidden="true" className="font-bold text-brand-200">
                {String(index + 1).padStart(2, '0')}
              </span>
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
