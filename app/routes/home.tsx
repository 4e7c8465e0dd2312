import { pages } from '@content/pages';
import { site } from '@content/site';
import { ContactDetails } from '~/components/layout/contact-details';
import { pageMeta } from '~/lib/page-meta';
import { siteUrlFrom } from '~/lib/seo';
import { organizationJsonLd, websiteJsonLd } from '~/lib/structured-data';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = (args) => {
  const siteUrl = siteUrlFrom(args.matches);
  return pageMeta(args, 'home', { structuredData: [organizationJsonLd(siteUrl), websiteJsonLd(siteUrl)] });
};

const sections = [
  { id: 'services', title: 'Our Services' },
  { id: 'solutions', title: 'Solutions' },
  { id: 'tools', title: 'Our Platforms' },
] as const;

export default function Home() {
  return (
    <>
      <section className="bg-gradient-to-br from-navy-950 via-navy-900 to-navy-700 text-white">
        <div className="container-page py-24">
          <h1 className="text-5xl font-extrabold tracking-tight">{pages.home.heading}</h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-200">{site.description}</p>
        </div>
      </section>
      {sections.map((section) => (
        <section key={section.id} id={section.id} tabIndex={-1} className="container-page py-20 focus:outline-none">
          <h2 className="text-3xl font-bold">{section.title}</h2>
        </section>
      ))}
      <section id="contact" tabIndex={-1} className="bg-slate-50 py-20 focus:outline-none">
        <div className="container-page">
          <h2 className="text-3xl font-bold">Contact Us</h2>
          <ContactDetails className="mt-6" />
        </div>
      </section>
    </>
  );
}
