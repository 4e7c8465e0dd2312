/**
 * Copy of the VPV Lease pages: /vpv-lease (the product page) and /vpv-lease-sandbox (the
 * leasing platform's feature tour). Feature and card names are fixed wording (docs/pages.md).
 */
import type { Cta, Hero, IconItem, ToolFeature } from './platforms';

export const viewInventoryLabel = 'View Inventory';

/** Why Choose, shared by both lease pages (docs/pages.md: Cost Efficiency, Operational Excellence, Scalability, Compliance). */
export const leaseWhyChoose = {
  title: 'Why Choose VPV Lease',
  lead: 'Equipment and logistics from a team that runs virtual pipelines every day.',
  items: [
    {
      icon: 'cost',
      title: 'Cost Efficiency',
      text: 'Lease only what the project needs, for as long as it needs it, instead of tying up capital in equipment that sits idle.',
    },
    {
      icon: 'excellence',
      title: 'Operational Excellence',
      text: 'Inspected, certified equipment delivered and commissioned by crews who handle cryogenic and pressurized product daily.',
    },
    {
      icon: 'scale',
      title: 'Scalability',
      text: 'Start with one trailer and a vaporizer, grow to a full virtual pipeline, and scale back down when the permanent line arrives.',
    },
    {
      icon: 'compliance',
      title: 'Compliance',
      text: 'DOT and ASME documentation, inspection records and insurance certificates kept current and available in your account.',
    },
  ],
} as const satisfies { title: string; lead: string; items: readonly IconItem[] };

export const vpvLease = {
  hero: {
    eyebrow: 'LNG & NGL equipment leasing',
    lead: 'Tank management, quoting, scheduling and smart leasing in one platform. Lease storage tanks, cryogenic trailers, regasification equipment and skids on demand, with the transport to move them.',
    screenshot: 'leaseEquipment',
  } satisfies Hero,
  exploreLabel: 'Explore the platform',
  /** The four things the lease tool does. */
  capabilities: [
    { icon: 'tank', title: 'Tank management', text: 'Levels, pressure and location of every leased unit.' },
    { icon: 'quote', title: 'Quoting', text: 'Equipment, transport and setup priced in one quote.' },
    { icon: 'calendar', title: 'Scheduling', text: 'Deliveries, swaps and pickups on one calendar.' },
    { icon: 'lease', title: 'Smart leasing', text: 'Terms that follow your project, renewed in a click.' },
  ] satisfies readonly IconItem[],
  features: {
    title: 'Leasing built around the job site',
    lead: 'Equipment, transport and paperwork handled together, so your team can focus on the project.',
    items: [
      {
        icon: 'fleet',
        title: 'Fleet Management',
        text: 'Track every leased trailer, tank and skid: location, status, inspection dates and utilization in one view.',
      },
      {
        icon: 'route',
        title: 'Route Optimization',
        text: 'Deliveries planned around drive time, hours of service and site access, so equipment and product arrive when needed.',
      },
      {
        icon: 'calendar',
        title: 'Flexible Scheduling',
        text: 'Lease by the day, week or month and move dates as your project changes, without renegotiating.',
      },
      {
        icon: 'insurance',
        title: 'Full Insurance Coverage',
        text: 'Leased equipment and transport are covered by comprehensive insurance, with certificates in your account.',
      },
      {
        icon: 'support',
        title: '24/7 Support',
        text: 'Operations and technical support around the clock, from commissioning through demobilization.',
      },
      {
        icon: 'contract',
        title: 'Streamlined Contracts',
        text: 'Standard terms, online quotes and e-signature take a lease from request to signed contract in hours.',
      },
    ],
  } satisfies { title: string; lead: string; items: readonly IconItem[] },
  offer: {
    title: 'Equipment and logistics, one provider',
    lead: 'Lease the equipment and book the transport that moves it, from the same team and the same platform.',
  },
  equipmentLeasing: {
    icon: 'equipment',
    title: 'Equipment Leasing',
    lead: 'Inspected, certified equipment for LNG and NGL, ready to deploy.',
    items: [
      'On-demand LNG and NGL storage tanks',
      'Cryogenic trailers and ISO containers for LNG',
      'Regasification equipment: ambient and heated vaporizers',
      'Skids for pressure reduction, metering and odorization',
      'Pressurized NGL bullet tanks and transports',
      'Telemetry for remote level and pressure monitoring',
    ],
  },
  logisticsServices: {
    icon: 'fleet',
    title: 'Logistics Services',
    lead: 'The people and trucks that get equipment and product where they need to be.',
    items: [
      'LNG and NGL transport by qualified carriers',
      'Delivery, swap and pickup scheduling',
      'Route planning and dispatch',
      'Mobilization and demobilization of equipment',
      'On-site setup and commissioning support',
      'Load tracking with digital bills of lading',
    ],
  },
  cta: {
    title: 'Find the equipment your site needs',
    text: 'Browse available tanks, trailers, vaporizers and skids in our rental store, or ask us for a walkthrough of VPV Lease.',
  } satisfies Cta,
} as const;

export const vpvLeaseSandbox = {
  hero: {
    eyebrow: 'VPV Lease platform',
    lead: 'Lease cryogenic and NGL equipment and the logistics to move it from one platform: see what is available, schedule it, and manage every lease remotely.',
  } satisfies Hero,
  features: {
    title: 'Platform Features',
    lead: 'Five ways VPV Lease keeps equipment where your project needs it. Select a screenshot to enlarge it.',
    items: [
      {
        icon: 'equipment',
        title: 'Equipment On Demand',
        summary: 'The equipment you need, where you need it, when you need it.',
        bullets: [
          'Live availability of tanks, trailers, vaporizers and skids',
          'Capacity, ratings and location for every unit',
          'Reserve equipment in a few clicks',
        ],
        screenshot: 'leaseEquipment',
      },
      {
        icon: 'calendar',
        title: 'Flexible Scheduling',
        summary: 'Lease terms that move with your project.',
        bullets: [
          'Daily, weekly and monthly terms',
          'Deliveries, swaps and pickups on one timeline',
          'Reschedule as project dates change',
        ],
        screenshot: 'leaseScheduling',
      },
      {
        icon: 'remote',
        title: 'Remote Leasing Services',
        summary: 'Run every lease from the office or the field.',
        bullets: [
          'Quote, sign and renew leases online',
          'Remote telemetry of tank level and pressure',
          'Contracts, certificates and invoices in one place',
        ],
        screenshot: 'leaseRemote',
      },
      {
        icon: 'support',
        title: '24/7 Support',
        summary: 'A person on the line whenever your site needs one.',
        bullets: [
          'Round-the-clock operations desk',
          'Field technicians for setup and troubleshooting',
          'Emergency response coordination',
        ],
        screenshot: null,
      },
      {
        icon: 'quote',
        title: 'Streamlined Quotes',
        summary: 'Clear prices, fast.',
        bullets: [
          'Pricing for standard equipment in minutes',
          'Transport and setup in the same quote',
          'Compare options side by side',
        ],
        screenshot: null,
      },
    ],
  } satisfies { title: string; lead: string; items: readonly ToolFeature[] },
  cta: {
    title: 'Ready to Streamline Your Operations?',
    text: 'See what is available today: tanks, trailers, regasification equipment and skids, ready to deploy.',
  } satisfies Cta,
} as const;
