import { comparisonClosing, comparisonIntro, fuels } from '@content/comparison';
import { pages } from '@content/pages';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '~/components/layout/page-header';
import { buttonClass } from '~/components/ui/button';
import { FuelCard } from '~/features/comparison/fuel-card';
import { pageMeta } from '~/lib/page-meta';
import { loadPageSeo } from '~/lib/site-content.server';
import { useSectionLink } from '~/lib/scroll-to-section';
import type { Route } from './+types/lng-vs-cng';

/** The page's search title and description, as published (docs/pages.md, Site content). */
export async function loader({ context }: Route.LoaderArgs) {
  return { seo: await loadPageSeo(context, 'lngVsCng') };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'lngVsCng');

const largestVolumeFactor = Math.max(...fuels.map((fuel) => fuel.volumeFactor));

export default function LngVsCng() {
  const onSectionClick = useSectionLink();
  return (
    <>
      <PageHeader title={pages.lngVsCng.heading} lead={comparisonIntro} />
      <div className="bg-slate-50">
        <div className="container-page py-16 sm:py-20">
          <div className="grid gap-8 md:grid-cols-2">
            {fuels.map((fuel) => (
              <FuelCard key={fuel.id} fuel={fuel} largestVolumeFactor={largestVolumeFactor} />
            ))}
          </div>
          <section
            aria-labelledby="which-fuel"
            className="mt-16 flex flex-col gap-8 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10 lg:flex-row lg:items-center lg:justify-between"
          >
            <div className="max-w-2xl">
              <h2 id="which-fuel" className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
                {comparisonClosing.heading}
              </h2>
              <p className="mt-3 leading-relaxed text-slate-600">{comparisonClosing.text}</p>
            </div>
            <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
              <Link to={comparisonClosing.learnLink.href} className={buttonClass('outline', 'lg', 'h-auto min-h-12 py-3 text-center')}>
                {comparisonClosing.learnLink.label}
              </Link>
              <a
                href={comparisonClosing.contactLink.href}
                onClick={(event) => onSectionClick(event, comparisonClosing.contactLink.href)}
                className={buttonClass('accent', 'lg')}
              >
                {comparisonClosing.contactLink.label}
                <ArrowRight aria-hidden="true" className="h-5 w-5" />
              </a>
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
