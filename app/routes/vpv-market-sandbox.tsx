import { pages } from '@content/pages';
import { jumpLinksLabel } from '@content/platforms';
import { marketWhyChoose, vpvMarketSandbox } from '@content/vpv-market';
import { RequestDemoButton } from '~/features/leads/request-demo-button';
import { CtaBand } from '~/features/platforms/cta-band';
import { JumpLinks, PlatformHero } from '~/features/platforms/platform-hero';
import { Section } from '~/features/platforms/section';
import { ToolFeatureList, featureAnchor } from '~/features/platforms/tool-feature-list';
import { WhyChoose } from '~/features/platforms/why-choose';
import { pageMeta } from '~/lib/page-meta';
import { loadPageSeo } from '~/lib/site-content.server';
import type { Route } from './+types/vpv-market-sandbox';

/** The page's search title and description, as published (docs/pages.md, Site content). */
export async function loader({ context }: Route.LoaderArgs) {
  return { seo: await loadPageSeo(context, 'vpvMarketSandbox') };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'vpvMarketSandbox');

/** Its Request Demo forms, posted without JavaScript (docs/leads.md). */
export { leadFormAction as action, leadFormHeaders as headers } from '~/features/leads/lead-form-action.server';

export default function VpvMarketSandbox() {
  const { hero, features, cta } = vpvMarketSandbox;
  return (
    <>
      <PlatformHero eyebrow={hero.eyebrow} title={pages.vpvMarketSandbox.heading} lead={hero.lead} actions={<RequestDemoButton />}>
        <JumpLinks
          label={jumpLinksLabel}
          links={features.items.map((feature) => ({ href: `#${featureAnchor(feature.title)}`, label: feature.title }))}
        />
      </PlatformHero>
      <Section id="tool-features" title={features.title} lead={features.lead} tone="muted">
        <ToolFeatureList features={features.items} />
      </Section>
      <WhyChoose {...marketWhyChoose} />
      <CtaBand title={cta.title} text={cta.text}>
        <RequestDemoButton />
      </CtaBand>
    </>
  );
}
