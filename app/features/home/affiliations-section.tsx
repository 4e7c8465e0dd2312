import { affiliations } from '@content/home';
import type { AssociationEntry, Associations } from '@domain/site-content/types';
import { SectionHeading } from '~/components/layout/section-heading';
import { HomeSection } from './home-section';

function monogram(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
}

function NameList({ id, heading, entries }: { id: string; heading: string; entries: readonly AssociationEntry[] }) {
  return (
    <div>
      <h3 id={id} className="text-sm font-semibold uppercase tracking-widest text-slate-600">
        {heading}
      </h3>
      <ul aria-labelledby={id} className="mt-5 grid gap-3 sm:grid-cols-2">
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm font-medium text-ink">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-slate-100 to-slate-200 text-xs font-bold text-navy-700"
            >
              {monogram(entry.name)}
            </span>
            {entry.url ? (
              <a href={entry.url} target="_blank" rel="noopener noreferrer" className="underline-offset-4 hover:text-brand-700 hover:underline">
                {entry.name}
              </a>
            ) : (
              entry.name
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The industry associations and associated companies (docs/pages.md), as staff publish them (docs/pages.md, Site content). */
export function AffiliationsSection({ associations }: { associations: Associations }) {
  return (
    <HomeSection id="associations" className="border-t border-slate-200">
      <div className="container-page">
        <SectionHeading
          id="associations-heading"
          eyebrow={affiliations.eyebrow}
          title={affiliations.heading}
          lead={affiliations.lead}
        />
        <div className="mt-12 grid gap-12 lg:grid-cols-2">
          <NameList id="associations-list" heading={affiliations.associations.heading} entries={associations.associations} />
          <NameList id="companies-list" heading={affiliations.companies.heading} entries={associations.companies} />
        </div>
      </div>
    </HomeSection>
  );
}
