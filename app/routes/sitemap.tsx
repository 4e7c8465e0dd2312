import { pages } from '@content/pages';
import { learnPages, mainPages, sitemapContact, sitemapIntro } from '@content/sitemap';
import { MessageSquare } from 'lucide-react';
import { PageHeader } from '~/components/layout/page-header';
import { SectionHeading } from '~/components/layout/section-heading';
import { buttonClass } from '~/components/ui/button';
import { SitemapCard } from '~/features/sitemap/sitemap-card';
import { siteNavigationJsonLd } from '~/features/sitemap/site-navigation-json-ld';
import { pageMeta, pageSeo } from '~/lib/page-meta';
import { siteUrlFrom } from '~/lib/seo';
import { useSectionLink } from '~/lib/scroll-to-section';
import { loadPageSeo } from '~/lib/site-content.server';
import type { Route } from './+types/sitemap';

/** The page's search title and description, as published (docs/pages.md, Site content). */
export async function loader({ context }: Route.LoaderArgs) {
  return { seo: await loadPageSeo(context, 'sitemap') };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'sitemap', {
    structuredData: siteNavigationJsonLd(siteUrlFrom(args.matches), pageSeo(args, 'sitemap'), [...mainPages, ...learnPages]),
  });

export default function Sitemap() {
  const onSectionClick = useSectionLink();
  return (
    <>
      <PageHeader title={pages.sitemap.heading} lead={sitemapIntro} />
      <div className="bg-slate-50">
        <div className="container-page space-y-16 py-16 sm:py-20">
          <section aria-labelledby="sitemap-main">
            <SectionHeading id="sitemap-main" title="Main pages" />
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {mainPages.map((card) => (
                <li key={card.page}>
                  <SitemapCard card={card} />
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="sitemap-learn">
            <SectionHeading id="sitemap-learn" title="Learn about LNG" />
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {learnPages.map((card) => (
                <li key={card.page}>
                  <SitemapCard card={card} />
                </li>
              ))}
            </ul>
          </section>
          <section
            aria-labelledby="sitemap-contact"
            className="flex flex-col items-start gap-6 rounded-3xl bg-navy-900 p-8 text-white sm:flex-row sm:items-center sm:justify-between sm:p-10"
          >
            <div className="flex items-start gap-4">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-white/10 text-brand-100 ring-1 ring-white/20">
                <MessageSquare aria-hidden="true" className="h-6 w-6" />
              </span>
              <div>
                <h2 id="sitemap-contact" className="text-2xl font-bold">
                  {sitemapContact.heading}
                </h2>
                <p className="mt-1 text-slate-300">{sitemapContact.text}</p>
              </div>
            </div>
            <a
              href={sitemapContact.action.href}
              onClick={(event) => onSectionClick(event, sitemapContact.action.href)}
              className={buttonClass('accent', 'lg')}
            >
              {sitemapContact.action.label}
            </a>
          </section>
        </div>
      </div>
    </>
  );
}
