import { overview } from '@content/home';
import { SectionHeading } from '~/components/layout/section-heading';
import { HomeIcon } from './home-icon';
import { HomeSection } from './home-section';

export function OverviewSection() {
  return (
    <HomeSection id="overview">
      <div className="container-page">
        <SectionHeading id="overview-heading" eyebrow={overview.eyebrow} title={overview.heading} lead={overview.lead} />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {overview.tiles.map((tile) => (
            <li
              key={tile.title}
              className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-1 hover:border-brand-200 hover:shadow-lg"
            >
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 transition group-hover:bg-brand-700 group-hover:text-white">
                <HomeIcon name={tile.icon} className="h-6 w-6" />
              </span>
              <h3 className="mt-5 text-lg font-bold text-ink">{tile.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{tile.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </HomeSection>
  );
}
