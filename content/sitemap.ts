import type { PageKey } from './pages.ts';

/**
 * The human sitemap at /sitemap (docs/pages.md): a card per main page with what is on it.
 * Paths and names come from content/pages.ts through `page`, so links never drift.
 */
export interface SitemapSection {
  label: string;
  /**
   * Where the section is: a home-page anchor ('/#contact'), another page's anchor, or a
   * knowledge-base tab. Every entry links somewhere (tests/e2e/sitemap.spec.ts follows each).
   */
  href: string;
}

export interface SitemapCard {
  page: PageKey;
  label: string;
  icon: 'home' | 'users' | 'book' | 'line-chart' | 'container' | 'truck' | 'scale';
  description: string;
  sections: SitemapSection[];
}

export const sitemapIntro = 'Every page of the VPV Energy website and what you will find on it.';

export const mainPages: SitemapCard[] = [
  {
    page: 'home',
    label: 'Home',
    icon: 'home',
    description: 'Who we are and what we move: our services, solutions, platforms and how to reach us.',
    sections: [
      { label: 'Services: Data Analytics and Technical Services', href: '/#services' },
      { label: 'Solutions: LNG, NGLs, VPV Lease and VPV Market', href: '/#solutions' },
      { label: 'Our platforms', href: '/#tools' },
      { label: 'Contact form', href: '/#contact' },
    ],
  },
  {
    page: 'leadership',
    label: 'Leadership',
    icon: 'users',
    description: 'The people behind the company and their experience across trading, oilfield services, operations and finance.',
    sections: [
      { label: 'Leadership team profiles', href: '/leadership#leadership-team' },
      { label: 'Join Our Team', href: '/leadership#join-our-team' },
    ],
  },
  {
    page: 'knowledgeBase',
    label: 'Knowledge Base',
    icon: 'book',
    description: 'Learn the language and the economics of LNG and NGL logistics.',
    sections: [
      { label: 'Glossary of industry terms', href: '/knowledge-base?tab=glossary' },
      { label: 'Calculators', href: '/knowledge-base?tab=calculators' },
      { label: 'Document library: infographics, articles and brochures', href: '/knowledge-base?tab=infographics' },
      { label: 'Tutorials', href: '/knowledge-base?tab=tutorials' },
      { label: 'FAQ', href: '/knowledge-base?tab=faq' },
      { label: 'Admin portal for staff', href: '/knowledge-base' },
    ],
  },
  {
    page: 'vpvMarket',
    label: 'VPV Market',
    icon: 'line-chart',
    description: 'Our trading platform: transparent NGL and LNG sales at current commodity pricing.',
    sections: [
      { label: 'Live tank data and real-time financials', href: '/vpv-market-sandbox#live-tank-data' },
      { label: 'Trading tool tour', href: '/vpv-market-sandbox' },
      { label: 'Demo request', href: '/vpv-market#get-started' },
    ],
  },
  {
    page: 'vpvLease',
    label: 'VPV Lease',
    icon: 'container',
    description: 'Our leasing platform: storage tanks, cryogenic trailers, regasification equipment, skids and transport on demand.',
    sections: [
      { label: 'Equipment leasing and logistics services', href: '/vpv-lease#equipment-and-logistics' },
      { label: 'Leasing platform tour', href: '/vpv-lease-sandbox' },
      { label: '24/7 support', href: '/vpv-lease-sandbox#24-7-support' },
    ],
  },
];

export const learnPages: SitemapCard[] = [
  {
    page: 'virtualPipeline',
    label: 'The LNG Virtual Pipeline',
    icon: 'truck',
    description: 'What LNG is, how a virtual pipeline moves it, and where it is used.',
    sections: [],
  },
  {
    page: 'lngVsCng',
    label: 'LNG vs CNG',
    icon: 'scale',
    description: 'Volume, truckloads, purity and the sites each fuel suits best.',
    sections: [],
  },
];

export const sitemapContact = {
  heading: 'Can’t find what you need?',
  text: 'Our team is happy to point you in the right direction.',
  action: { label: 'Contact Us', href: '/#contact' },
} as const;
