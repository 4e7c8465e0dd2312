/**
 * The knowledge-base FAQ (docs/knowledge-base.md: nine questions). Rendered as an accordion and as
 * FAQPage structured data, so the answers are plain text.
 */
export type FaqCategory = 'general' | 'platforms' | 'products' | 'services' | 'safety';

export interface FaqItem {
  question: string;
  answer: string;
  category: FaqCategory;
}

export const faqHeading = 'Frequently Asked Questions';
export const faqIntro = 'Straight answers about virtual pipelines, our platforms and how we work with producers and industrial customers.';
export const faqContact = {
  text: 'Still have a question? Our team is glad to help.',
  label: 'Contact Our Team',
  href: '/#contact',
} as const;

export const faqItems: FaqItem[] = [
  {
    category: 'general',
    question: 'What is a virtual pipeline?',
    answer:
      'A virtual pipeline delivers gas or gas liquids where no fixed pipeline reaches, or where the pipeline is full. Instead of a steel pipe, we use trucks and containers: natural gas is liquefied into LNG (about 600 times smaller in volume), carried in vacuum-insulated cryogenic trailers, stored on site and turned back into gas by regasification equipment. For NGL producers, the same idea moves Y-grade in pressurized trailers to the best available fractionation market. A virtual pipeline can start in weeks, scales up or down by adding or removing trucks, and moves on when the project ends.',
  },
  {
    category: 'platforms',
    question: 'What is VPV Market?',
    answer:
      'VPV Market is our trading and analytics platform for NGL and LNG. Producers and sites that sell NGL and LNG see live tank data, real-time financials such as the anticipated netback per gallon, historical analysis, composition reviews and forecasts, with alerts when something needs attention. Sales and logistics run at current commodity pricing, so every party sees the same transparent numbers.',
  },
  {
    category: 'platforms',
    question: 'What is VPV Lease?',
    answer:
      'VPV Lease is our equipment leasing and logistics platform. It provides on-demand storage tanks, cryogenic trailers, regasification equipment, skids and transport, with tank management, quoting, scheduling and smart leasing in one place. You choose the equipment and dates; we handle delivery, setup and pickup.',
  },
  {
    category: 'products',
    question: 'What is the difference between LNG and NGL?',
    answer:
      'LNG (liquefied natural gas) is natural gas, mostly methane, cooled to about -162 °C (-260 °F) so it becomes a liquid for transport; it is turned back into gas and burned for power, heat or fuel. NGLs (natural gas liquids) are the heavier hydrocarbons separated from natural gas: ethane, propane, butanes and natural gasoline. They are liquid under moderate pressure at ordinary temperatures, travel in pressurized trailers, and are sold as petrochemical feedstock, heating fuel and blendstock after fractionation. In short: LNG is a way to move gas; NGLs are separate products with their own markets.',
  },
  {
    category: 'services',
    question: 'How do you optimize netback for NGL producers?',
    answer:
      'Netback is what you keep per gallon after fractionation, transportation and marketing costs. We raise it in three ways: by trucking Y-grade to the fractionator and market that pay the most after fees, rather than the only one a pipeline reaches; by using composition and volume data to time sales and decide when recovering or rejecting ethane pays; and by giving you transparent, load-by-load statements with verified bills of lading and compositions, so every deduction is visible. The netback calculator in this knowledge base shows how price, fees and volume add up.',
  },
  {
    category: 'general',
    question: 'What industries do you serve?',
    answer:
      'Upstream oil and gas producers and gas processors who need NGL takeaway or an outlet for stranded or flared gas; industrial plants, mines and manufacturers that need gas beyond the pipeline; power projects needing 2-10 MW of temporary, bridge or backup generation; utilities facing pipeline constraints or maintenance outages; and construction, agriculture and remote communities that need reliable fuel supply.',
  },
  {
    category: 'safety',
    question: 'How do you ensure safety?',
    answer:
      'Safety is designed into every step. Our trailers, ISO containers, tanks and skids are built to DOT, ASME and NFPA 59A codes, with relief valves, emergency shut-offs and gas detection. Drivers hold hazmat endorsements and are trained in cryogenic and pressurized-product handling; every site gets a hazard review, a layout that respects required setbacks and an emergency response plan before the first delivery. Tank levels and pressures are monitored continuously, and every load is documented from loading to offloading.',
  },
  {
    category: 'general',
    question: 'What regions do you serve?',
    answer:
      'We serve customers across the United States from our headquarters in Houston, Texas, with a focus on Texas, the Gulf Coast and the major producing basins such as the Permian. Because a virtual pipeline travels by road, we can supply sites hundreds of miles from the nearest pipeline or liquefaction plant. Contact us to confirm service and delivery times for your location.',
  },
  {
    category: 'general',
    question: 'How do I get started?',
    answer:
      'Contact our team with your location, the volumes you produce or need, and your timeline. We will review your site and requirements, propose a supply or takeaway plan with the equipment and logistics it needs, and give you a quote. Once agreed, we deliver and set up the equipment, train your staff, and start deliveries, often within a few weeks.',
  },
];
