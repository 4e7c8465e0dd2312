import { pages } from '@content/pages';
import { site } from '@content/site';
import type { CompanyFacts, PageSeo } from '@domain/site-content/types';
import { virtualPipeline } from '@content/virtual-pipeline';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '~/components/layout/page-header';
import { buttonClass } from '~/components/ui/button';
import { ArticleSection, Paragraphs } from '~/features/education/article-section';
import { ChartFigure } from '~/features/education/chart-figure';
import { FactTiles } from '~/features/education/fact-tiles';
import { ProcessSteps } from '~/features/education/process-steps';
import { TableOfContents } from '~/features/education/table-of-contents';
import { Tradeoffs } from '~/features/education/tradeoffs';
import { pageMeta, pageSeo } from '~/lib/page-meta';
import { absoluteUrl, siteUrlFrom } from '~/lib/seo';
import { companyFrom } from '~/lib/site-content';
import { loadPageSeo } from '~/lib/site-content.server';
import type { Route } from './+types/virtual-pipeline';

const page = pages.virtualPipeline;

function articleJsonLd(siteUrl: string, seo: PageSeo, company: CompanyFacts) {
  const url = absoluteUrl(siteUrl, page.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: `${page.heading}: ${virtualPipeline.subtitle}`,
    description: seo.description,
    image: absoluteUrl(siteUrl, site.ogImage.path),
    datePublished: virtualPipeline.published,
    dateModified: virtualPipeline.modified,
    inLanguage: 'en-US',
    keywords: page.keywords.join(', '),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: { '@type': 'Organization', name: company.name, url: `${siteUrl}/` },
    publisher: {
      '@type': 'Organization',
      name: company.name,
      url: `${siteUrl}/`,
      logo: { '@type': 'ImageObject', url: absoluteUrl(siteUrl, '/favicon.svg') },
    },
  };
}

/** The page's search title and description, as published (docs/pages.md, Site content). */
export async function loader({ context }: Route.LoaderArgs) {
  return { seo: await loadPageSeo(context, 'virtualPipeline') };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'virtualPipeline', {
    ogType: 'article',
    structuredData: articleJsonLd(siteUrlFrom(args.matches), pageSeo(args, 'virtualPipeline'), companyFrom(args.matches)),
  });

export default function VirtualPipeline() {
  const { whatIsLng, density, purity, process, applications, tradeoffs, cta } = virtualPipeline;
  const sections = [whatIsLng, density, purity, process, applications, tradeoffs];
  return (
    <article>
      <PageHeader
        title={page.heading}
        lead={<span className="block text-2xl font-semibold text-brand-200 sm:text-3xl">{virtualPipeline.subtitle}</span>}
      >
        <p className="mt-6 max-w-3xl text-lg leading-relaxed text-slate-200">{virtualPipeline.intro}</p>
        <TableOfContents label={virtualPipeline.tocLabel} sections={sections} />
      </PageHeader>

      <ArticleSection id={whatIsLng.id} number={1} title={whatIsLng.title}>
        <div className="grid items-start gap-10 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)] lg:gap-16">
          <Paragraphs items={whatIsLng.paragraphs} />
          <FactTiles facts={whatIsLng.facts} />
        </div>
      </ArticleSection>

      <ArticleSection id={density.id} number={2} title={density.title} tone="muted">
        <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
          <Paragraphs items={density.paragraphs} />
          <ChartFigure kind="volume" chart={density.chart} boxClassName="h-80" />
        </div>
      </ArticleSection>

      <ArticleSection id={purity.id} number={3} title={purity.title}>
        <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
          <Paragraphs items={purity.paragraphs} className="lg:order-2" />
          <ChartFigure kind="purity" chart={purity.chart} boxClassName="h-60" />
        </div>
      </ArticleSection>

      <ArticleSection id={process.id} number={4} title={process.title} tone="dark">
        <p className="-mt-2 mb-10 max-w-3xl text-lg leading-relaxed text-slate-300">{process.lead}</p>
        <ProcessSteps steps={process.steps} stepLabel={process.stepLabel} />
      </ArticleSection>

      <ArticleSection id={applications.id} number={5} title={applications.title}>
        <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
          <Paragraphs items={applications.paragraphs} />
          <ChartFigure kind="applications" chart={applications.chart} boxClassName="h-[27rem] sm:h-[25rem]" />
        </div>
      </ArticleSection>

      <ArticleSection id={tradeoffs.id} number={6} title={tradeoffs.title} tone="muted">
        <Tradeoffs {...tradeoffs} />
      </ArticleSection>

      <aside aria-labelledby="virtual-pipeline-next" className="bg-white">
        <div className="container-page flex flex-col items-start gap-6 py-16 sm:py-20 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 id="virtual-pipeline-next" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
              {cta.title}
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-slate-600">{cta.text}</p>
          </div>
          <Link to={pages.lngVsCng.path} className={buttonClass('primary', 'lg')}>
            {cta.linkLabel}
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
      </aside>
    </article>
  );
}
