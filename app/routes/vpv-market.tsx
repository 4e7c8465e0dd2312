import { pages } from '@content/pages';
import { capabilitiesLabel } from '@content/platforms';
import { marketWhyChoose, vpvMarket } from '@content/vpv-market';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { RequestDemoButton } from '~/features/leads/request-demo-button';
import { CapabilityStrip } from '~/features/platforms/capability-strip';
import { CheckList } from '~/features/platforms/check-list';
import { CtaBand } from '~/features/platforms/cta-band';
import { DashboardPicture } from '~/features/platforms/dashboard-picture';
import { FeatureGrid } from '~/features/platforms/feature-grid';
import { HeroScreenshotFrame, PlatformHero } from '~/features/platforms/platform-hero';
import { ScreenshotDialog } from '~/features/platforms/screenshot-dialog';
import { Section } from '~/features/platforms/section';
import { WhyChoose } from '~/features/platforms/why-choose';
import { pageMeta } from '~/lib/page-meta';
import { loadPageSeo } from '~/lib/site-content.server';
import type { Route } from './+types/vpv-market';

/** The page's search title and description, as published (docs/pages.md, Site content). */
export async function loader({ context }: Route.LoaderArgs) {
  return { seo: await loadPageSeo(context, 'vpvMarket') };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'vpvMarket');

/** Its Request Demo forms, posted without JavaScript (docs/leads.md). */
export { leadFormAction as action, leadFormHeaders as headers } from '~/features/leads/lead-form-action.server';

export default function VpvMarket() {
  const { hero, capabilities, features, pricing, cta } = vpvMarket;
  return (
    <>
      <PlatformHero
        eyebrow={hero.eyebrow}
        title={pages.vpvMarket.heading}
        lead={hero.lead}
        actions={
          <>
            <RequestDemoButton />
            <Link to={pages.vpvMarketSandbox.path} className={buttonClass('inverse', 'lg')}>
              {vpvMarket.exploreLabel}
            </Link>
          </>
        }
        media={
          <HeroScreenshotFrame>
            <DashboardPicture shot={hero.screenshot} sizes="(min-width: 80rem) 40rem, (min-width: 64rem) 50vw, calc(100vw - 3rem)" loading="eager" />
          </HeroScreenshotFrame>
        }
      />
      <CapabilityStrip label={capabilitiesLabel} items={capabilities} />
      <Section title={features.title} lead={features.lead}>
        <FeatureGrid items={features.items} />
      </Section>
      <section aria-labelledby="market-pricing-title" className="bg-navy-950 text-white">
        <div className="container-page grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-2 lg:py-24">
          <div>
            <h2 id="market-pricing-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {pricing.title}
            </h2>
            <p className="mt-5 text-lg leading-relaxed text-slate-300">{pricing.text}</p>
            <CheckList items={pricing.points} inverse className="mt-8" />
          </div>
          <ScreenshotDialog shot={pricing.screenshot} title={pricing.screenshotTitle} sizes="(min-width: 80rem) 36rem, (min-width: 64rem) 45vw, calc(100vw - 2rem)" />
        </div>
      </section>
      <WhyChoose {...marketWhyChoose} />
      <CtaBand id="get-started" title={cta.title} text={cta.text}>
        <RequestDemoButton />
      </CtaBand>
    </>
  );
}
