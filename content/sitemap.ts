import type { PageKey } from './pages.ts';

/**
 * The human sitemap at /sitemap (SPEC §2): a card per main page with what is on it.
 * Paths and names come from content/pages.ts through `page`, so links never drift.
 */
export interface SitemapSection {
  label: string;
  /** Set when the section has its own address (a home-page anchor or a companion page). */
  href?: string;
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
    sections: [{ label: 'Leadership team profiles' }, { label: 'Join Our Team' }],
  },
  {
    page: 'knowledgeBase',
    label: 'Knowledge Base',
    icon: 'book',
    description: 'Learn the language and the economics of LNG and NGL logistics.',
    sections: [
      { label: 'Glossary of industry terms' },
      { label: 'Document library: calculators, infographics, articles and brochures' },
      { label: 'Tutorials and FAQ' },
      { label: 'Admin portal for staff' },
    ],
  },
  {
    page: 'vpvMarket',
    label: 'VPV Market',
    icon: 'line-chart',
    description: 'Our trading platform: transparent NGL and LNG sales at current commodity pricing.',
    sections: [
      { label: 'Live tank data and real-time financials' },
      { label: 'Trading tool tour', href: '/vpv-market-sandbox' },
      { label: 'Demo request' },
    ],
  },
  {
    page: 'vpvLease',
    label: 'VPV Lease',
    icon: 'container',
    description: 'Our leasing platform: storage tanks, cryogenic trailers, regasification equipment, skids and transport on demand.',
    sections: [
      { label: 'Equipment leasing and logistics services' },
      { label: 'Leasing platform tour', href: '/vpv-lease-sandbox' },
      { label: '24/7 support' },
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
