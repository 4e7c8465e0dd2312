/**
 * Copy of the home page (docs/pages.md), section by section in page order. The h1 (the
 * slogan) lives in content/pages.ts, so the page heading and the tests read one value.
 * Icons are named here and drawn by the components, so this file stays plain data.
 */

export type HomeIcon =
  | 'truck'
  | 'zap'
  | 'trending-up'
  | 'chart'
  | 'database'
  | 'dollar'
  | 'gauge'
  | 'clipboard'
  | 'search'
  | 'settings'
  | 'container'
  | 'snowflake'
  | 'droplets'
  | 'line-chart'
  | 'factory'
  | 'wrench';

export interface Tile {
  icon: HomeIcon;
  title: string;
  text: string;
}

export const hero = {
  eyebrow: 'LNG & NGL virtual pipeline',
  lead: 'We deliver liquefied natural gas and natural gas liquids by truck wherever pipelines fall short: short-term LNG supply for 2-10 MW power solutions, and a midstream alternative for NGL takeaway that optimizes netback for upstream producers.',
  primaryAction: { label: 'Talk to our team', href: '/#contact' },
  secondaryAction: { label: 'Explore our solutions', href: '/#solutions' },
  highlights: [
    { value: '< 24 months', label: 'Short-term LNG supply' },
    { value: '2-10 MW', label: 'Power solutions served' },
    { value: '600x', label: 'Volume reduction of LNG' },
  ],
  /** Labels of the route drawn in the hero illustration. */
  route: { source: 'Gas plant & wellsite', pipeline: 'Virtual pipeline', site: 'Your site' },
} as const;

export const overview = {
  eyebrow: 'Overview',
  heading: 'Energy logistics without the pipeline',
  lead: 'Gas processors, oil producers and industrial operators rely on us to move molecules where fixed pipelines are missing, full or years away, on terms that fit the project rather than a 20-year contract.',
  tiles: [
    {
      icon: 'truck',
      title: 'Virtual Pipeline Logistics',
      text: 'Cryogenic LNG trailers and pressurized NGL transports carry product from source to site on a managed schedule, with no pipeline to build.',
    },
    {
      icon: 'zap',
      title: 'Short-Term LNG Supply',
      text: 'LNG supply agreements under 24 months for 2-10 MW power solutions: bridge power, remote generation and cover during pipeline outages.',
    },
    {
      icon: 'trending-up',
      title: 'NGL Takeaway & Netback',
      text: 'A midstream alternative for NGL takeaway that moves stranded liquids to market and optimizes netback for upstream customers.',
    },
    {
      icon: 'chart',
      title: 'Data-Driven Operations',
      text: 'Volume, price and composition data behind every load, with two platforms for trading product and leasing equipment.',
    },
  ] satisfies Tile[],
} as const;

export interface ServiceGroup {
  id: string;
  icon: HomeIcon;
  title: string;
  summary: string;
  items: Tile[];
}

export const services = {
  eyebrow: 'Services',
  heading: 'Our Services',
  lead: 'Beyond moving product, we help you measure it, price it and engineer the operation around it.',
  groups: [
    {
      id: 'data-analytics',
      icon: 'database',
      title: 'Data Analytics',
      summary: 'Turn load tickets, tank readings and market prices into decisions you can act on.',
      items: [
        {
          icon: 'gauge',
          title: 'Volume Data',
          text: 'Load-by-load and site-level volumes, reconciled against bills of lading and tank levels.',
        },
        {
          icon: 'line-chart',
          title: 'Price Analytics',
          text: 'Current NGL and LNG commodity pricing with the history and trends to time your sales.',
        },
        {
          icon: 'dollar',
          title: 'Net Back',
          text: 'What each gallon is really worth at your site after transport, fractionation and fees.',
        },
      ],
    },
    {
      id: 'technical-services',
      icon: 'wrench',
      title: 'Technical Services',
      summary: 'Engineering support from first assessment to a site that runs at its best.',
      items: [
        {
          icon: 'clipboard',
          title: 'Engineering Review',
          text: 'Independent review of storage, regasification and handling designs against codes and field practice.',
        },
        {
          icon: 'search',
          title: 'Project Assessment',
          text: 'Feasibility, equipment sizing and economics of a virtual pipeline supply before you commit capital.',
        },
        {
          icon: 'settings',
          title: 'Process Optimization',
          text: 'Tuning of processing, storage and offloading to cut product losses, flaring and downtime.',
        },
      ],
    },
  ] satisfies ServiceGroup[],
} as const;

export const howWeDoIt = {
  eyebrow: 'Our approach',
  heading: 'How We Do It',
  lead: 'One team manages the whole chain, from the source of the molecule to the flange at your site.',
  steps: [
    {
      icon: 'truck',
      title: 'Transportation',
      text: 'DOT-compliant cryogenic trailers for LNG and pressurized transports for NGLs, dispatched and tracked so every load arrives when your operation needs it.',
    },
    {
      icon: 'container',
      title: 'Storage',
      text: 'On-site cryogenic tanks and NGL storage sized to your draw rate, with level monitoring that schedules the next delivery before you run low.',
    },
    {
      icon: 'factory',
      title: 'Implementation',
      text: 'Site assessment, permitting support, equipment set-up, regasification and commissioning, then operating support for the life of the supply.',
    },
  ] satisfies Tile[],
} as const;

export interface SolutionCard {
  id: string;
  icon: HomeIcon;
  title: string;
  subtitle: string;
  tagline: string;
  description: string;
  points: string[];
}

export const solutions = {
  eyebrow: 'Solutions',
  heading: 'Solutions',
  lead: 'Four ways we move the molecule for you. Hover over a card, focus it or tap it to see the details.',
  /** Shown on each card's front face to say that it turns over. */
  flipHint: 'Hover or tap for details',
  cards: [
    {
      id: 'lng',
      icon: 'snowflake',
      title: 'LNG',
      subtitle: 'Liquefied Natural Gas',
      tagline: 'Short-term supply for 2-10 MW power',
      description:
        'Short-term (under 24 months) LNG supply for 2-10 MW power solutions, delivered by virtual pipeline and regasified at your site.',
      points: ['Supply terms under 24 months', 'Sized for 2-10 MW generation', 'Bridge power, remote sites and outage cover'],
    },
    {
      id: 'ngls',
      icon: 'droplets',
      title: 'NGLs',
      subtitle: 'Natural Gas Liquids',
      tagline: 'A midstream alternative for takeaway',
      description: 'A midstream alternative for NGL takeaway that optimizes netback for upstream customers.',
      points: ['Takeaway where pipeline capacity is short', 'Sold at current commodity pricing', 'Volume and composition data on every load'],
    },
    {
      id: 'vpv-lease',
      icon: 'container',
      title: 'VPV Lease',
      subtitle: 'Equipment leasing platform',
      tagline: 'Virtual pipeline equipment on demand',
      description:
        'On-demand storage tanks, cryogenic trailers, regasification equipment, skids and transport, leased through one platform.',
      points: ['Tank management', 'Quoting and scheduling', 'Smart leasing'],
    },
    {
      id: 'vpv-market',
      icon: 'line-chart',
      title: 'VPV Market',
      subtitle: 'NGL and LNG trading platform',
      tagline: 'Transparent trading at current pricing',
      description:
        'Transparent NGL and LNG trading for producers and sites that sell NGL and LNG, with sales and logistics at current commodity pricing.',
      points: ['Live data and analytics', 'Forecasting', 'Price and volume alerts'],
    },
  ] satisfies SolutionCard[],
} as const;

export interface Platform {
  id: string;
  name: string;
  tagline: string;
  description: string;
  features: string[];
  action: { label: string; href: string };
}

export const tools = {
  eyebrow: 'Tools',
  heading: 'Our Platforms',
  lead: 'Two platforms put our logistics and market data in your hands: one to sell your product, one to lease the equipment that moves and stores it.',
  platforms: [
    {
      id: 'vpv-market',
      name: 'VPV Market',
      tagline: 'Your gateway to transparent NGL and LNG trading',
      description:
        'Live data, analytics, forecasting and alerts, with NGL and LNG sales and logistics at current commodity pricing.',
      features: ['Live market and tank data', 'Analytics and forecasting', 'Price and volume alerts', 'Sales and logistics at current pricing'],
      action: { label: 'Learn More', href: '/vpv-market' },
    },
    {
      id: 'vpv-lease',
      name: 'VPV Lease',
      tagline: 'Virtual pipeline equipment, on demand',
      description:
        'Tank management, quoting, scheduling and smart leasing for storage tanks, cryogenic trailers, regasification equipment, skids and transport.',
      features: ['Tank management', 'Instant quoting', 'Delivery scheduling', 'Smart leasing'],
      action: { label: 'Discover', href: '/vpv-lease' },
    },
  ] satisfies Platform[],
} as const;

export const contact = {
  eyebrow: 'Contact',
  heading: 'Contact Us',
  lead: 'Tell us about your site, your volumes and your timeline, and our team will get back to you with options for supply, takeaway or equipment.',
  detailsHeading: 'Reach us directly',
} as const;

/**
 * SAMPLE CONTENT: the association and company names below are placeholders, not real
 * memberships or partnerships. Replace them with the company's own before launch.
 */
export const affiliations = {
  eyebrow: 'Affiliations',
  heading: 'Industry Associations',
  lead: 'We work alongside the organizations and companies that keep North American gas and liquids moving safely.',
  associations: {
    heading: 'Member organizations',
    names: [
      'Small-Scale LNG Council',
      'Midstream Producers Forum',
      'Virtual Pipeline Operators Association',
      'Cryogenic Transport Safety Group',
      'Gulf Coast Energy Alliance',
      'Energy Logistics Safety Network',
    ],
  },
  companies: {
    heading: 'Associated companies',
    names: [
      'Lone Star Cryogenics',
      'Permian Gas Processing Partners',
      'Brazos Tank & Trailer',
      'Bayou Power Rentals',
      'Red River Midstream Services',
      'Coastal Bend Fabrication',
    ],
  },
} as const;
