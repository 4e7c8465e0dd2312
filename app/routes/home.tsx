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
import { companyFrom } from '~/lib/site-content';
import { loadPageSeo } from '~/lib/site-content.server';
import { organizationJsonLd, websiteJsonLd } from '~/lib/structured-data';
import type { Route } from './+types/home';

/** The page's search title and the associations, as published (docs/pages.md, Site content). */
export async function loader({ context }: Route.LoaderArgs) {
  const [seo, { associations }] = await Promise.all([loadPageSeo(context, 'home'), context.siteContent()]);
  return { seo, associations };
}

export const meta: Route.MetaFunction = (args) => {
  const siteUrl = siteUrlFrom(args.matches);
  const company = companyFrom(args.matches);
  return pageMeta(args, 'home', { structuredData: [organizationJsonLd(siteUrl, company), websiteJsonLd(siteUrl, company)] });
};

/** The contact form, posted without JavaScript (docs/leads.md). */
export { leadFormAction as action, leadFormHeaders as headers } from '~/features/leads/lead-form-action.server';

/** The home page, sections in the order of docs/pages.md. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HeroSection />
      <OverviewSection />
      <ServicesSection />
      <HowWeDoItSection />
      <SolutionsSection />
      <ToolsSection />
      <ContactSection />
      <AffiliationsSection associations={loaderData.associations} />
    </>
  );
}
