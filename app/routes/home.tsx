import { AffiliationsSection } from '~/features/home/affiliations-section';
import { ContactSection } from '~/features/home/contact-section';
import { HeroSection } from '~/features/home/hero-section';
import { HowWeDoItSection } from '~/features/home/how-we-do-it-section';
import { OverviewSection } from '~/features/home/overview-section';
import { ServicesSection } from '~/features/home/services-section';
import { SolutionsSection } from '~/features/home/solutions-section';
import { ToolsSection } from '~/features/home/tools-section';
import { pageMeta } from '~/lib/page-meta';
import { siteUrlFrom } from '~/lib/seo';
import { organizationJsonLd, websiteJsonLd } from '~/lib/structured-data';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = (args) => {
  const siteUrl = siteUrlFrom(args.matches);
  return pageMeta(args, 'home', { structuredData: [organizationJsonLd(siteUrl), websiteJsonLd(siteUrl)] });
};

/** The contact form, posted without JavaScript (docs/leads.md). */
export { leadFormAction as action, leadFormHeaders as headers } from '~/features/leads/lead-form-action.server';

/** The home page, sections in the order of docs/pages.md. */
export default function Home() {
  return (
    <>
      <HeroSection />
      <OverviewSection />
      <ServicesSection />
      <HowWeDoItSection />
      <SolutionsSection />
      <ToolsSection />
      <ContactSection />
      <AffiliationsSection />
    </>
  );
}
