/**
 * The product screenshots of the two platforms. The images are drawn by
 * scripts/generate-dashboards.ts (sample data, no customer data) into
 * public/images/dashboards/<id>-<width>.{avif,webp}; the alt text here is what a screen
 * reader announces, so it describes what the dashboard shows.
 */
export interface DashboardShot {
  /** File stem under /images/dashboards/. */
  id: string;
  alt: string;
}

export const dashboardImage = {
  basePath: '/images/dashboards',
  /** Full size, shown in the enlarged view. */
  width: 1200,
  height: 750,
  /** The smaller rendition offered in srcset for cards on narrow screens. */
  thumbWidth: 600,
  thumbHeight: 375,
} as const;

export const dashboards = {
  marketFinancials: {
    id: 'market-real-time-financials',
    alt: 'VPV Market Real-Time Financials dashboard: anticipated netback per gallon, running dollars per gallon, monthly volume and load count tiles, a daily netback trend, daily volumes by product and a table of BOLs pending data verification.',
  },
  marketTanks: {
    id: 'market-live-tank-data',
    alt: 'VPV Market Live Tank Data dashboard: four storage tank gauges with current levels, calculated hourly flow rates over the last 24 hours, 24 hour volumes per tank and the last offload time-stamp.',
  },
  marketHistory: {
    id: 'market-historical-analysis',
    alt: "VPV Market Historical Analysis dashboard: last month's highlights, twelve months of netback and volume with a profitability forecast, netback compared with the regional market and site optimization opportunities.",
  },
  marketProducts: {
    id: 'market-product-overview',
    alt: 'VPV Market Product Overview dashboard: month, site and product filters, a composition breakdown donut chart, aggregated monthly volumes by product and the change in composition from the previous month.',
  },
  marketComposition: {
    id: 'market-composition-review',
    alt: 'VPV Market Composition Review dashboard: compositional statistics per component, seasonal fluctuation of ethane, propane and butane content, condensate potential and the netback uplift from optimized production.',
  },
  leaseEquipment: {
    id: 'lease-equipment-on-demand',
    alt: 'VPV Lease Equipment On Demand screen: available cryogenic trailers, storage tanks, regasification units and skids with capacity, location, day rate and availability.',
  },
  leaseScheduling: {
    id: 'lease-flexible-scheduling',
    alt: 'VPV Lease Flexible Scheduling screen: a two-week timeline of equipment bookings, deliveries, swaps and pickups per unit, with upcoming moves listed beside it.',
  },
  leaseRemote: {
    id: 'lease-remote-leasing',
    alt: 'VPV Lease Remote Leasing Services screen: active leases with contract status, remote telemetry of tank level and pressure for a leased unit, and recent documents.',
  },
} as const satisfies Record<string, DashboardShot>;

export type DashboardKey = keyof typeof dashboards;
