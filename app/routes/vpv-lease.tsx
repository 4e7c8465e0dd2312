import { pages } from '@content/pages';
import { capabilitiesLabel } from '@content/platforms';
import { leaseWhyChoose, vpvLease } from '@content/vpv-lease';
import { Link } from 'react-router';
import { RequestDemoButton } from '~/features/leads/request-demo-button';
import { CapabilityStrip } from '~/features/platforms/capability-strip';
import { CtaBand } from '~/features/platforms/cta-band';
import { DashboardPicture } from '~/features/platforms/dashboard-picture';
import { FeatureGrid } from '~/features/platforms/feature-grid';
import { HeroScreenshotFrame, PlatformHero } from '~/features/platforms/platform-hero';
import { Section } from '~/features/platforms/section';
import { ServiceLists } from '~/features/platforms/service-lists';
import { ViewInventoryLink } from '~/features/platforms/view-inventory-link';
import { WhyChoose } from '~/features/platforms/why-choose';
import { pageMeta } from '~/lib/page-meta';
import { loadPageSeo } from '~/lib/site-content.server';
import type { Route } from './+types/vpv-lease';

/** The page's search title and description, as published (docs/pages.md, Site content). */
export async function loader({ context }: Route.LoaderArgs) {
  return { seo: await loadPageSeo(context, 'vpvLease') };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'vpvLease');

/** Its Request Demo forms, posted without JavaScript (docs/leads.md). */
export { leadFormAction as action, leadFormHeaders as headers } from '~/features/leads/lead-form-action.server';

export default function VpvLease() {
  const { hero, capabilities, features, offer, equipmentLeasing, logisticsServices, cta } = vpvLease;
  return (
    <>
      <PlatformHero
        eyebrow={hero.eyebrow}
        title={pages.vpvLease.heading}
        lead={hero.lead}
        actions={
          <>
            <ViewInventoryLink variant="accent" />
            <RequestDemoButton variant="inverse" />
          </>
        }
        media={
          <HeroScreenshotFrame>
            <DashboardPicture shot={hero.screenshot} sizes="(min-width: 80rem) 40rem, (min-width: 64rem) 50vw, calc(100vw - 3rem)" loading="eager" />
          </HeroScreenshotFrame>
        }
      >
        <p className="mt-6 text-sm text-slate-300">
          <Link to={pages.vpvLeaseSandbox.path} className="font-semibold text-white underline underline-offset-4 hover:text-brand-200">
            {vpvLease.exploreLabel}
          </Link>
        </p>
      </PlatformHero>
      <CapabilityStrip label={capabilitiesLabel} items={capabilities} />
      <Section title={features.title} lead={features.lead} tone="muted">
        <FeatureGrid items={features.items} />
      </Section>
      <Section id="equipment-and-logistics" title={offer.title} lead={offer.lead}>
        <ServiceLists lists={[equipmentLeasing, logisticsServices]} />
      </Section>
      <WhyChoose {...leaseWhyChoose} />
      <CtaBand title={cta.title} text={cta.text}>
        <ViewInventoryLink variant="accent" />
        <RequestDemoButton variant="inverse" />
      </CtaBand>
    </>
  );
}
