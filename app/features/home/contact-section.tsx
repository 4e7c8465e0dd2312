import { contact } from '@content/home';
import { ContactDetails } from '~/components/layout/contact-details';
import { SectionHeading } from '~/components/layout/section-heading';
import { ContactForm } from '~/features/leads/contact-form';
import { HomeSection } from './home-section';

/** The contact section (anchor #contact, docs/pages.md) with the contact details beside the form. */
export function ContactSection() {
  return (
    <HomeSection id="contact" className="bg-slate-50">
      <div className="container-page grid gap-12 lg:grid-cols-[2fr_3fr] lg:gap-16">
        <div>
          <SectionHeading id="contact-heading" eyebrow={contact.eyebrow} title={contact.heading} lead={contact.lead} />
          <div className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <h3 className="text-base font-bold text-ink">{contact.detailsHeading}</h3>
            <ContactDetails className="mt-5" />
          </div>
        </div>
        {/* Hidden while the form renders nothing, so no empty card shows. */}
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 empty:hidden sm:p-8">
          <ContactForm />
        </div>
      </div>
    </HomeSection>
  );
}
