/**
 * Company facts shown across the site. Sales or marketing can change any of these
 * without touching a component.
 *
 * SAMPLE CONTENT: the company name, address, phone number, e-mail and store URL below are
 * placeholders for the company to replace with its own. The phone number uses the 555-01xx
 * range reserved for fiction. content/README.md says which file holds each fact and how to
 * check a change.
 */
export const site = {
  name: 'VPV Energy',
  legalName: 'VPV Energy, LLC',
  slogan: 'We Move the Molecule',
  description:
    'LNG and NGL virtual pipeline transportation, storage and logistics: short-term LNG supply for 2-10 MW power and a midstream alternative for NGL takeaway.',
  copyrightYear: 2025,
  phone: {
    display: '1-888-555-0148',
    tel: '+18885550148',
  },
  email: {
    sales: 'sales@vpv-energy.example',
  },
  address: {
    street: '1000 Main Street, Suite 2400',
    city: 'Houston',
    region: 'Texas',
    regionCode: 'TX',
    postalCode: '77002',
    country: 'US',
  },
  /** The external equipment-rental store opened by View Inventory; EQUIPMENT_STORE_URL, when set, wins. */
  rentalStoreUrl: 'https://store.vpv-energy.example/equipment-rentals',
  /** Default Open Graph image, served from public/. */
  ogImage: { path: '/og-default.png', width: 1200, height: 630, alt: 'VPV Energy: We Move the Molecule' },
} as const;

export type Site = typeof site;
