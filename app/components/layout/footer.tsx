import { privacyPolicy, termsOfService } from '@content/legal';
import { footerLearnLinks, footerServiceLinks, footerToolLinks, type NavLink } from '@content/navigation';
import { site } from '@content/site';
import { Link } from 'react-router';
import { useCompany } from '~/lib/site-content';
import { useSectionLink } from '~/lib/scroll-to-section';
import { ContactDetails } from './contact-details';
import { LegalDialog } from './legal-dialog';
import { Logo } from './logo';

const linkClass = 'text-sm text-slate-300 underline-offset-4 hover:text-white hover:underline';

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `footer-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wider text-white">
        {title}
      </h2>
      <ul className="mt-4 space-y-2.5">{children}</ul>
    </nav>
  );
}

function PageLinks({ links }: { links: NavLink[] }) {
  return links.map((link) => (
    <li key={link.label}>
      <Link to={link.href} className={linkClass}>
        {link.label}
      </Link>
    </li>
  ));
}

export function Footer() {
  const onSectionClick = useSectionLink();
  const company = useCompany();
  return (
    <footer className="bg-navy-950 text-slate-300">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo inverse />
          <p className="mt-4 max-w-sm text-sm leading-relaxed">
            {site.slogan}. LNG and NGL virtual pipeline transportation, storage and logistics for power,
            industry and upstream producers.
          </p>
          <ContactDetails inverse className="mt-6" />
        </div>
        <FooterColumn title="Services">
          {footerServiceLinks.map((link) => (
            <li key={link.label}>
              <a href={link.href} className={linkClass} onClick={(event) => onSectionClick(event, link.href)}>
                {link.label}
              </a>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Tools">
          <PageLinks links={footerToolLinks} />
        </FooterColumn>
        <FooterColumn title="Learn">
          <PageLinks links={footerLearnLinks} />
        </FooterColumn>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-3 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {site.copyrightYear} {company.legalName}. All rights reserved.
          </p>
          <div className="flex gap-6">
            <LegalDialog document={privacyPolicy(company)} label="Privacy Policy" />
            <LegalDialog document={termsOfService(company)} label="Terms of Service" />
          </div>
        </div>
      </div>
    </footer>
  );
}
