import { tools } from '@content/home';
import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import { SectionHeading } from '~/components/layout/section-heading';
import { buttonClass } from '~/components/ui/button';
import { HomeSection } from './home-section';
import { LeaseArt, MarketArt } from './platform-art';

const art = { 'vpv-market': MarketArt, 'vpv-lease': LeaseArt } as const;

/** The two platforms (docs/pages.md); Learn More goes to /vpv-market and Discover to /vpv-lease. Anchor: #tools. */
export function ToolsSection() {
  return (
    <HomeSection id="tools">
      <div className="container-page">
        <SectionHeading id="tools-heading" eyebrow={tools.eyebrow} title={tools.heading} lead={tools.lead} />
        <div className="mt-14 grid gap-8 lg:grid-cols-2">
          {tools.platforms.map((platform) => {
            const Art = art[platform.id as keyof typeof art];
            return (
              <article
                key={platform.id}
                aria-labelledby={`${platform.id}-name`}
                className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-xl"
              >
                <div className="bg-gradient-to-br from-navy-900 to-navy-700 px-6 pt-8 sm:px-8">
                  {Art ? <Art /> : null}
                </div>
                <div className="flex flex-1 flex-col p-6 sm:p-8">
                  <h3 id={`${platform.id}-name`} className="text-2xl font-bold text-ink">
                    {platform.name}
                  </h3>
                  <p className="mt-1 font-medium text-brand-700">{platform.tagline}</p>
                  <p className="mt-4 leading-relaxed text-slate-600">{platform.description}</p>
                  <ul className="mt-6 grid gap-3 sm:grid-cols-2">
                    {platform.features.map((feature) => (
                      <li key={feature} className="flex gap-2 text-sm text-slate-700">
                        <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                  <div className="mt-auto pt-8">
                    <Link to={platform.action.href} className={buttonClass('primary', 'lg')}>
                      {platform.action.label}
                      {/* In the link's text, not only its label: crawlers judge links by their text. */}
                      <span className="sr-only"> {platform.name}</span>
                      <ArrowRight aria-hidden="true" className="h-5 w-5" />
                    </Link>
                  </div>
                </div>
              </article>
            );
          })}
        </div>
      </div>
    </HomeSection>
  );
}
