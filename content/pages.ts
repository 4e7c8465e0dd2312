/**
 * Per-page metadata: the <title>, meta description, keywords and the page's main heading.
 * The route modules, /sitemap and /sitemap.xml all read this one list.
 */
export interface PageMeta {
  path: string;
  title: string;
  description: string;
  keywords: string[];
  heading: string;
}

export const pages = {
  home: {
    path: '/',
    title: 'VPV Energy | LNG & NGL Virtual Pipeline Solutions: We Move the Molecule',
    description:
      'Virtual pipeline LNG and NGL transportation, storage and logistics. Short-term LNG supply for 2-10 MW power, NGL takeaway that optimizes netback, data analytics and technical services.',
    keywords: ['LNG virtual pipeline', 'NGL takeaway', 'LNG supply', 'netback optimization', 'cryogenic transport', 'LNG storage', 'natural gas liquids'],
    heading: 'We Move the Molecule',
  },
  leadership: {
    path: '/leadership',
    title: 'Leadership Team | VPV Energy',
    description:
      'Meet the leadership team behind VPV Energy: experience in energy trading, oilfield services, operations and supply chain, and private equity.',
    keywords: ['VPV Energy leadership', 'LNG executives', 'NGL logistics leadership', 'energy company management'],
    heading: 'Leadership Team',
  },
  knowledgeBase: {
    path: '/knowledge-base',
    title: 'Knowledge Base: LNG & NGL Glossary, FAQ and Tutorials | VPV Energy',
    description:
      'Learn the language of LNG and NGL logistics: an industry glossary, calculators, brochures, spec sheets, tutorials and answers to common questions about virtual pipelines.',
    keywords: ['LNG glossary', 'NGL glossary', 'virtual pipeline FAQ', 'LNG calculator', 'netback calculator', 'LNG tutorial'],
    heading: 'Knowledge Base',
  },
  vpvMarket: {
    path: '/vpv-market',
    title: 'VPV Market: NGL & LNG Trading and Market Analytics | VPV Energy',
    description:
      'VPV Market gives producers live market data, analytics, forecasting and alerts, with NGL and LNG sales and logistics at current commodity pricing.',
    keywords: ['NGL trading platform', 'LNG trading', 'commodity pricing', 'netback analytics', 'market data'],
    heading: 'VPV Market',
  },
  vpvLease: {
    path: '/vpv-lease',
    title: 'VPV Lease: LNG & NGL Equipment Leasing and Logistics | VPV Energy',
    description:
      'Lease cryogenic trailers, storage tanks, regasification equipment and skids on demand, with transport, scheduling and quoting managed in one place.',
    keywords: ['LNG equipment leasing', 'cryogenic trailer rental', 'storage tank lease', 'regasification skid', 'virtual pipeline logistics'],
    heading: 'VPV Lease',
  },
  vpvMarketSandbox: {
    path: '/vpv-market-sandbox',
    title: 'VPV Market Trading Tool: Features and Dashboards | VPV Energy',
    description:
      'Explore the VPV Market trading tool: real-time financials, live tank data, historical analysis, product overview and composition review for NGL and LNG sellers.',
    keywords: ['NGL trading tool', 'live tank data', 'netback per gallon', 'composition analysis', 'LNG trading dashboard'],
    heading: 'Your Gateway to Transparent NGL and LNG Trading',
  },
  vpvLeaseSandbox: {
    path: '/vpv-lease-sandbox',
    title: 'VPV Lease Equipment Leasing Platform | VPV Energy',
    description:
      'The VPV Lease platform: equipment on demand, flexible scheduling, remote leasing, 24/7 support and streamlined quotes for virtual pipeline equipment.',
    keywords: ['equipment leasing platform', 'LNG equipment on demand', 'cryogenic equipment quotes', 'remote leasing'],
    heading: 'Comprehensive Virtual Pipeline Leasing Solutions',
  },
  virtualPipeline: {
    path: '/virtual-pipeline',
    title: 'The LNG Virtual Pipeline: High-Volume Energy for the Long Haul | VPV Energy',
    description:
      'How an LNG virtual pipeline works: liquefaction, cryogenic transport and regasification, the 600x volume advantage, purity, applications, advantages and considerations.',
    keywords: ['LNG virtual pipeline', 'what is LNG', 'LNG regasification', 'LNG volume reduction', 'LNG applications'],
    heading: 'The LNG Virtual Pipeline',
  },
  lngVsCng: {
    path: '/lng-vs-cng',
    title: 'LNG vs CNG: Which Is Right for Your Operation? | VPV Energy',
    description:
      'Compare LNG and CNG for virtual pipeline supply: volume reduction, truckloads, methane content, energy consistency and the sites each fuel suits best.',
    keywords: ['LNG vs CNG', 'CNG trucks', 'LNG truck equivalent', 'methane content', 'virtual pipeline fuel'],
    heading: 'LNG vs CNG',
  },
  sitemap: {
    path: '/sitemap',
    title: 'Sitemap | VPV Energy',
    description: 'Every page and section of the VPV Energy website, from services and leadership to the knowledge base and our platforms.',
    keywords: ['sitemap', 'VPV Energy pages'],
    heading: 'Sitemap',
  },
} as const satisfies Record<string, PageMeta>;

export type PageKey = keyof typeof pages;

export const notFoundPage = {
  title: 'Page Not Found',
  description: 'The page you were looking for does not exist. Return to the VPV Energy home page.',
  heading: '404 Page Not Found',
  text: 'Did you forget to add the page to the router?',
  /** Below the fixed text (docs/pages.md): where a lost visitor can go next (issue 16). */
  helpTitle: 'Where to next?',
  helpLinks: [
    { label: 'Home page', page: 'home' },
    { label: 'Knowledge base', page: 'knowledgeBase' },
    { label: 'Sitemap', page: 'sitemap' },
  ],
} as const;

/**
 * A page with a search, tab or category asked for while this process already renders as many
 * such pages as it may (a crawler walking searches): a 503 with Retry-After (decision 020).
 */
export const busyPage = {
  text: 'The site is answering many searches at once. Please try again in a moment.',
} as const;
