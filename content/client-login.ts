/**
 * The Client Log In panel (see docs/decisions for why it exists): what a visitor sees
 * after choosing VPV Market Login or VPV Lease Login while the platform's sign-in page
 * (MARKET_APP_URL / LEASE_APP_URL) is not configured.
 */
export type ClientPlatform = 'market' | 'lease';

export interface ClientLoginPanel {
  /** The header link's hash; visiting it opens this panel. */
  hash: `#${string}`;
  title: string;
  lead: string;
  steps: string[];
}

export const clientLoginPanels: Record<ClientPlatform, ClientLoginPanel> = {
  market: {
    hash: '#vpv-market-login',
    title: 'VPV Market client log in',
    lead: 'VPV Market accounts are set up by our team for producers and sites that sell NGL and LNG with us, rather than created online.',
    steps: [
      'Agree a sales or takeaway arrangement with our commercial team.',
      'We connect your sites, tanks and loads to the platform.',
      'Your account manager sends each of your users a sign-in invitation by e-mail.',
    ],
  },
  lease: {
    hash: '#vpv-lease-login',
    title: 'VPV Lease client log in',
    lead: 'VPV Lease accounts are set up by our team for customers who lease tanks, trailers and regasification equipment, rather than created online.',
    steps: [
      'Request a quote or a demo of the leasing platform.',
      'We set up your company, sites and equipment on the platform.',
      'Your account manager sends each of your users a sign-in invitation by e-mail.',
    ],
  },
};

export const clientLoginHelp = {
  existingClient: 'Already a client but no invitation, or locked out? Contact us and we will restore your access.',
  contactLabel: 'Contact us',
  contactHref: '/#contact',
} as const;
