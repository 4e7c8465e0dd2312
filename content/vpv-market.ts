/**
 * Copy of the VPV Market pages: /vpv-market (the product page) and /vpv-market-sandbox
 * (the trading tool's feature tour). Feature names, the five tool features and their
 * bullets are fixed wording (docs/pages.md); the rest is ours.
 */
import type { Cta, Hero, IconItem, ToolFeature } from './platforms';

/** Why Choose, shared by both market pages (docs/pages.md: Transparency, Efficiency, Profitability, Control). */
export const marketWhyChoose = {
  title: 'Why Choose VPV Market',
  lead: 'Built for producers and sites that sell NGL and LNG, and want to see exactly what every gallon earns.',
  items: [
    {
      icon: 'transparency',
      title: 'Transparency',
      text: 'Every price, deduction, volume and BOL is visible to you. Compare your realized netback with the regional market at any time.',
    },
    {
      icon: 'efficiency',
      title: 'Efficiency',
      text: 'Sales, logistics and settlement in one place replace spreadsheets, phone calls and month-end reconciliation.',
    },
    {
      icon: 'profit',
      title: 'Profitability',
      text: 'Forecasting and composition insight show where to adjust production, pickups or product splits to raise netback.',
    },
    {
      icon: 'control',
      title: 'Control',
      text: 'You decide when to sell, at what price and from which site, with alerts that keep you ahead of tank levels and market moves.',
    },
  ],
} as const satisfies { title: string; lead: string; items: readonly IconItem[] };

export const vpvMarket = {
  hero: {
    eyebrow: 'NGL & LNG trading platform',
    lead: 'Live market data, analytics, forecasting and alerts in one platform. Sell NGL and LNG and arrange the logistics to move it at current commodity pricing, with every number in view.',
    screenshot: 'marketFinancials',
  } satisfies Hero,
  exploreLabel: 'Explore the tool',
  /** The four things the market tool does. */
  capabilities: [
    { icon: 'activity', title: 'Live data', text: 'Tank levels, loads and prices as they happen.' },
    { icon: 'analytics', title: 'Analytics', text: 'Netback, volume and composition by site and product.' },
    { icon: 'forecast', title: 'Forecasting', text: 'Profitability outlook from your own history.' },
    { icon: 'alert', title: 'Alerts', text: 'High tank levels, price targets and pending BOLs.' },
  ] satisfies readonly IconItem[],
  features: {
    title: 'Everything you need to sell NGL and LNG',
    lead: 'From the first price check to the final settlement, VPV Market keeps the sale, the truck and the money on one screen.',
    items: [
      {
        icon: 'activity',
        title: 'Real-Time Market Data',
        text: 'Current NGL and LNG commodity pricing next to live volumes from your sites, refreshed as product moves.',
      },
      {
        icon: 'analytics',
        title: 'Advanced Analytics',
        text: 'Netback, volume and composition trends per site and product, so you know what each gallon really earns.',
      },
      {
        icon: 'profit',
        title: 'Profit Optimization',
        text: 'Forecast netback, benchmark offers against the market and find the sites where margin is being left behind.',
      },
      {
        icon: 'secure',
        title: 'Secure Transactions',
        text: 'Sales settle against verified bills of lading and lab composition, with role-based access for your team.',
      },
      {
        icon: 'network',
        title: 'Network Access',
        text: 'Reach buyers, carriers and storage across the VPV virtual pipeline network without building your own.',
      },
      {
        icon: 'execute',
        title: 'Instant Execution',
        text: 'Accept a price and schedule the pickup in the same place, the moment a load is ready or a target is met.',
      },
    ],
  } satisfies { title: string; lead: string; items: readonly IconItem[] },
  pricing: {
    title: 'Sales and logistics at current commodity pricing',
    text: 'VPV Market connects the sale of your product with the trucks that move it. Prices follow current commodity markets, pickups are scheduled from live tank levels, and settlement follows verified BOLs and composition, so producers and sites that sell NGL and LNG trade with full transparency.',
    points: [
      'Priced against current commodity benchmarks, with every deduction shown',
      'Pickups scheduled from live tank levels, before a tank tops out',
      'Settlement from verified BOLs and lab composition, not estimates',
      'One view for every site, product and buyer',
    ],
    screenshot: 'marketHistory',
    screenshotTitle: 'Historical Analysis',
  },
  cta: {
    title: 'See VPV Market with your own sites',
    text: 'Book a walkthrough and we will show you your netback, volumes and composition in the tool.',
  } satisfies Cta,
} as const;

export const vpvMarketSandbox = {
  hero: {
    eyebrow: 'VPV Market trading tool',
    lead: 'A transparent trading tool for producers and sites that sell NGL and LNG: live data, analytics, forecasting and alerts, with sales and logistics at current commodity pricing.',
  } satisfies Hero,
  features: {
    title: 'Tool Features',
    lead: 'Five views that follow your product from the tank to the settlement. Select a screenshot to enlarge it.',
    items: [
      {
        icon: 'financials',
        title: 'Real-Time Financials',
        summary: 'Know what this month is worth while it is still happening.',
        bullets: [
          'Anticipated netback per gallon',
          'Running $/gal value',
          'Sum of monthly volume',
          'Ongoing load count',
          'Pending data verification of BOLs and composition',
        ],
        screenshot: 'marketFinancials',
      },
      {
        icon: 'tank',
        title: 'Live Tank Data',
        summary: 'Every tank at every site, live, so no pickup comes too early or too late.',
        bullets: [
          'Live operational data',
          'Real-time tank levels',
          'Calculated hourly flow rates',
          '24 hour volumes',
          'Last offload time-stamp',
        ],
        screenshot: 'marketTanks',
      },
      {
        icon: 'history',
        title: 'Historical Analysis',
        summary: 'Learn from last month and see where the next one is heading.',
        bullets: [
          "Last month's highlights",
          'Profitability forecasting',
          'Historical netback/volume',
          'Transparency vs competition',
          'Site optimization opportunity',
        ],
        screenshot: 'marketHistory',
      },
      {
        icon: 'product',
        title: 'Product Overview',
        summary: 'What you produced, in what mix, and how it is changing.',
        bullets: [
          'Composition breakdown',
          'Volumetric analysis',
          'Filter by month/site/product',
          'Change in composition',
          'Plot aggregated volumes',
        ],
        screenshot: 'marketProducts',
      },
      {
        icon: 'composition',
        title: 'Composition Review',
        summary: 'Turn lab results into production decisions that raise netback.',
        bullets: [
          'Compositional statistics',
          'Seasonal fluctuations',
          'Optimize production',
          'Increase netback',
          'Condensate potential',
        ],
        screenshot: 'marketComposition',
      },
    ],
  } satisfies { title: string; lead: string; items: readonly ToolFeature[] },
  cta: {
    title: 'Ready to Get Started?',
    text: 'See your own sites, volumes and netback in VPV Market. Our team will set up a walkthrough around your operation.',
  } satisfies Cta,
} as const;
