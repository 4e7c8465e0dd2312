import { affiliations } from '@content/home';
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

function NameList({ id, heading, names }: { id: string; heading: string; names: readonly string[] }) {
  return (
    <div>
      <h3 id={id} className="text-sm font-semibold uppercase tracking-widest text-slate-600">
        {heading}
      </h3>
      <ul aria-labelledby={id} className="mt-5 grid gap-3 sm:grid-cols-2">
        {names.map((name) => (
          <li key={name} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm font-medium text-ink">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-slate-100 to-slate-200 text-xs font-bold text-navy-700"
            >
              {monogram(name)}
            </span>
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The industry associations and associated companies (docs/pages.md; sample names, see content/home.ts). */
export function AffiliationsSection() {
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
          <NameList id="associations-list" heading={affiliations.associations.heading} names={affiliations.associations.names} />
          <NameList id="companies-list" heading={affiliations.companies.heading} names={affiliations.companies.names} />
        </div>
      </div>
    </HomeSection>
  );
}
