/**
 * The Privacy Policy and Terms of Service shown in the footer dialogs. The privacy text
 * states exactly what the site does: it keeps only what a visitor submits, sets no
 * cookies for visitors and loads nothing from third parties.
 */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/** The company facts the documents name (stored and edited on the site: docs/pages.md, Site content). */
export interface LegalParties {
  name: string;
  legalName: string;
  salesEmail: string;
}

export interface LegalDocument {
  title: string;
  updated: string;
  sections: LegalSection[];
}

export const privacyPolicy = (company: LegalParties): LegalDocument => ({
  title: 'Privacy Policy',
  updated: 'January 1, 2025',
  sections: [
    {
      heading: 'What we collect',
      paragraphs: [
        `${company.name} collects only the contact information you choose to submit through our contact form or demo request form: your name, company, e-mail address, phone number, job title and message.`,
        'We do not collect any other personal data from your visit.',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        'We use the information you submit solely to respond to your inquiry, schedule a demo you requested, or follow up about our services.',
        'Your information is never sold, rented or shared with third parties.',
      ],
    },
    {
      heading: 'Cookies and tracking',
      paragraphs: [
        'This website uses no cookies and no tracking of any kind: no analytics, advertising pixels or third-party scripts. Fonts and images are served from our own servers.',
      ],
    },
    {
      heading: 'Retention and your choices',
      paragraphs: [
        `We keep inquiries only as long as needed to do business with you. To see, correct or delete what you sent us, e-mail ${company.salesEmail}.`,
      ],
    },
  ],
});

export const termsOfService = (company: LegalParties): LegalDocument => ({
  title: 'Terms of Service',
  updated: 'January 1, 2025',
  sections: [
    {
      heading: 'Use of this website',
      paragraphs: [
        `This website is provided by ${company.legalName} for general information about our LNG and NGL virtual pipeline services. By using it you agree to these terms.`,
      ],
    },
    {
      heading: 'No offer or advice',
      paragraphs: [
        'Content on this site, including prices, figures, calculators and educational material, is provided for information only. It is not an offer to sell, a binding quote, or engineering, legal or financial advice. Supply, transport, storage and leasing are governed by separate written agreements.',
      ],
    },
    {
      heading: 'Intellectual property',
      paragraphs: [
        `All text, graphics and product screenshots on this site belong to ${company.legalName} and may not be reproduced without permission.`,
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        `To the extent permitted by law, ${company.legalName} is not liable for any loss arising from the use of this website or reliance on its content.`,
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [`Questions about these terms can be sent to ${company.salesEmail}.`],
    },
  ],
});
