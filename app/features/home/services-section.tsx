import { services } from '@content/home';
import { SectionHeading } from '~/components/layout/section-heading';
import { HomeIcon } from './home-icon';
import { HomeSection } from './home-section';

/** Data Analytics and Technical Services with their three items each. Anchor: #services (docs/pages.md). */
export function ServicesSection() {
  return (
    <HomeSection id="services" className="bg-slate-50">
      <div className="container-page">
        <SectionHeading id="services-heading" eyebrow={services.eyebrow} title={services.heading} lead={services.lead} />
        <div className="mt-14 grid gap-8 lg:grid-cols-2">
          {services.groups.map((group) => (
            <article
              key={group.id}
              id={group.id}
              aria-labelledby={`${group.id}-title`}
              className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
            >
              <div className="flex items-start gap-4 bg-gradient-to-br from-navy-900 to-navy-700 p-6 sm:p-8">
                <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-white/10 text-brand-200 ring-1 ring-white/15">
                  <HomeIcon name={group.icon} className="h-6 w-6" />
                </span>
                <div>
                  <h3 id={`${group.id}-title`} className="text-2xl font-bold text-white">
                    {group.title}
                  </h3>
                  <p className="mt-1 text-sm leading-relaxed text-slate-300">{group.summary}</p>
                </div>
              </div>
              <ul className="divide-y divide-slate-100 px-6 sm:px-8">
                {group.items.map((item) => (
                  <li key={item.title} className="flex gap-4 py-5">
                    <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                      <HomeIcon name={item.icon} className="h-5 w-5" />
                    </span>
                    <div>
                      <h4 className="font-semibold text-ink">{item.title}</h4>
                      <p className="mt-1 text-sm leading-relaxed text-slate-600">{item.text}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </HomeSection>
  );
}
