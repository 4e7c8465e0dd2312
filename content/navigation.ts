import { type ClientPlatform, clientLoginPanels } from './client-login.ts';

/**
 * Header, footer and mobile-menu links. One list, so the header, the footer and the
 * sitemap never disagree about where a page lives.
 */
export interface NavLink {
  label: string;
  href: string;
  description?: string;
}

export const sectionLinks = {
  services: { label: 'Services', href: '/#services' },
  solutions: { label: 'Solutions', href: '/#solutions' },
  contact: { label: 'Contact Us', href: '/#contact' },
} as const satisfies Record<string, NavLink>;

/** The Tools dropdown (desktop) and the Platforms group (mobile). */
export const toolLinks: NavLink[] = [
  {
    label: 'VPV Market',
    href: '/vpv-market-sandbox',
    description: 'Transparent NGL and LNG trading with live financials',
  },
  {
    label: 'VPV Lease',
    href: '/vpv-lease-sandbox',
    description: 'On-demand tanks, trailers and regasification equipment',
  },
];

export const pageLinks: NavLink[] = [
  { label: 'Leadership', href: '/leadership' },
  { label: 'Knowledge Base', href: '/knowledge-base' },
];

export interface ClientLoginLink extends NavLink {
  platform: ClientPlatform;
}

/**
 * Client Log In: in-page hash links that open the access panel, or the platform's sign-in
 * page when MARKET_APP_URL / LEASE_APP_URL is set (see the client-login-links record in docs/decisions).
 */
export const clientLoginLinks: ClientLoginLink[] = [
  { label: 'VPV Market Login', href: clientLoginPanels.market.hash, platform: 'market' },
  { label: 'VPV Lease Login', href: clientLoginPanels.lease.hash, platform: 'lease' },
];

export const footerServiceLinks: NavLink[] = [
  { label: 'Data Analytics', href: '/#services' },
  { label: 'Technical Services', href: '/#services' },
  { label: 'LNG Supply', href: '/#solutions' },
  { label: 'NGL Takeaway', href: '/#solutions' },
];

export const footerToolLinks: NavLink[] = [
  { label: 'VPV Market', href: '/vpv-market' },
  { label: 'VPV Lease', href: '/vpv-lease' },
];

export const footerLearnLinks: NavLink[] = [
  { label: 'The LNG Virtual Pipeline', href: '/virtual-pipeline' },
  { label: 'LNG vs CNG', href: '/lng-vs-cng' },
  { label: 'Knowledge Base', href: '/knowledge-base' },
  { label: 'Leadership', href: '/leadership' },
  { label: 'Sitemap', href: '/sitemap' },
];
