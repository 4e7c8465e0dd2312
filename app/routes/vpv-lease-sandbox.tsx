import { pages } from '@content/pages';
import { jumpLinksLabel } from '@content/platforms';
import { leaseWhyChoose, vpvLeaseSandbox } from '@content/vpv-lease';
import { CtaBand } from '~/features/platforms/cta-band';
import { JumpLinks, PlatformHero } from '~/features/platforms/platform-hero';
import { Section } from '~/features/platforms/section';
import { ToolFeatureList, featureAnchor } from '~/features/platforms/tool-feature-list';
import { ViewInventoryLink } from '~/features/platforms/view-inventory-link';
import { WhyChoose } from '~/features/platforms/why-choose';
import { pageMeta } from '~/lib/page-meta';
import { loadPageSeo } from '~/lib/site-content.server';
import type { Route } from './+types/vpv-lease-sandbox';

/** The page's search title and description, as published (docs/pages.md, Site content). */
export async function loader({ context }: Route.LoaderArgs) {
  return { seo: await loadPageSeo(context, 'vpvLeaseSandbox') };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'vpvLeaseSandbox');

export default function VpvLeaseSandbox() {
  const { hero, features, cta } = vpvLeaseSandbox;
  return (
    <>
      <PlatformHero
        eyebrow={hero.eyebrow}
        title={pages.vpvLeaseSandbox.heading}
        lead={hero.lead}
        actions={<ViewInventoryLink variant="accent" />}
      >
        <JumpLinks
          label={jumpLinksLabel}
          links={features.items.map((feature) => ({ href: `#${featureAnchor(feature.title)}`, label: feature.title }))}
        />
      </PlatformHero>
      <Section id="platform-features" title={features.title} lead={features.lead} tone="muted">
        <ToolFeatureList features={features.items} />
      </Section>
      <WhyChoose {...leaseWhyChoose} />
      <CtaBand title={cta.title} text={cta.text}>
        <ViewInventoryLink variant="accent" />
      </CtaBand>
    </>
  );
}
