/**
 * The sample documents a new database starts with, so the knowledge-base library is not
 * empty on first start. `npx tsx scripts/generate-sample-pdfs.ts` turns each entry into
 * content/sample-documents/<file>; the server copies them into storage once per database.
 *
 * SAMPLE CONTENT: placeholders for the company to replace with its real brochures. Text is
 * plain ASCII, because the generator writes it with the PDF standard fonts.
 */

export interface SampleDocument {
  file: string;
  title: string;
  description: string;
  /** A knowledge-base tab id. */
  category: 'spec-sheets' | 'infographics' | 'articles' | 'tutorials';
  /** The PDF's sections: a heading and its paragraphs (or bullet points starting with '- '). */
  sections: { heading: string; paragraphs: string[] }[];
}

export const sampleDocuments: SampleDocument[] = [
  {
    file: 'vpv-energy-company-brochure.pdf',
    title: 'VPV Energy Company Brochure',
    description: 'Who we are and what we move: LNG supply for power, NGL takeaway, data analytics and technical services.',
    category: 'spec-sheets',
    sections: [
      {
        heading: 'We Move the Molecule',
        paragraphs: [
          'VPV Energy runs a virtual pipeline: liquefied natural gas (LNG) and natural gas liquids (NGL) carried by road in cryogenic and pressurised trailers, stored on site and delivered where a pipeline does not reach or is not worth building.',
        ],
      },
      {
        heading: 'What we offer',
        paragraphs: [
          '- Short-term LNG supply (under 24 months) for 2-10 MW power solutions.',
          '- A midstream alternative for NGL takeaway that improves netback for upstream producers.',
          '- Data analytics: volume data, price analytics and netback reporting.',
          '- Technical services: engineering review, project assessment and process optimisation.',
        ],
      },
      {
        heading: 'How we do it',
        paragraphs: [
          'Transportation in insulated cryogenic trailers, storage in on-site tanks, and implementation from site survey to first gas. Our VPV Market and VPV Lease platforms give customers live data and on-demand equipment.',
        ],
      },
    ],
  },
  {
    file: 'lng-cryogenic-trailer-spec-sheet.pdf',
    title: 'LNG Cryogenic Trailer Spec Sheet',
    description: 'Capacity, pressure rating and dimensions of the cryogenic trailers in our LNG fleet.',
    category: 'spec-sheets',
    sections: [
      {
        heading: 'Trailer overview',
        paragraphs: [
          'A vacuum-insulated, double-walled trailer built to carry LNG at about -260 F (-162 C) over long distances with minimal boil-off.',
        ],
      },
      {
        heading: 'Specifications (typical)',
        paragraphs: [
          '- Gross water capacity: 13,000 US gallons',
          '- Net LNG capacity: 10,500-11,500 US gallons',
          '- Maximum allowable working pressure: 70 psig',
          '- Holding time: 10 days or more, depending on conditions',
          '- Inner vessel: stainless steel; outer shell: carbon steel',
          '- Length: 48 ft; axles: tandem or spread',
        ],
      },
      {
        heading: 'Safety',
        paragraphs: [
          'Dual pressure-relief systems, emergency shut-off valves and drivers trained for cryogenic hazardous materials. Figures are typical and vary by unit; ask us for the data sheet of a specific trailer.',
        ],
      },
    ],
  },
  {
    file: 'ngl-netback-at-a-glance.pdf',
    title: 'NGL Netback at a Glance',
    description: 'A one-page guide to what a producer keeps per gallon of NGL, and the levers that raise it.',
    category: 'infographics',
    sections: [
      {
        heading: 'Netback in one line',
        paragraphs: ['Netback per gallon = NGL price - fractionation fee - transport fee. Multiply by monthly volume for what you keep each month.'],
      },
      {
        heading: 'Levers that raise it',
        paragraphs: [
          '- Shorter or fuller truck routes lower the transport fee per gallon.',
          '- Composition matters: more propane and butane fetch better prices.',
          '- Timing sales with price seasonality captures the best months.',
          '- Live tank data avoids shut-ins and demurrage.',
        ],
      },
      {
        heading: 'Example',
        paragraphs: [
          'Price $0.85/gal, fractionation $0.10/gal, transport $0.18/gal: netback $0.57/gal. At 300,000 gallons a month that is $171,000 kept each month.',
        ],
      },
    ],
  },
  {
    file: 'how-a-virtual-pipeline-works.pdf',
    title: 'How a Virtual Pipeline Delivers Gas Where Pipes Do Not Reach',
    description: 'An article on liquefaction, cryogenic transport and regasification, and when trucking gas beats laying pipe.',
    category: 'articles',
    sections: [
      {
        heading: 'The problem',
        paragraphs: [
          'Many industrial sites, remote power projects and new developments sit far from a gas pipeline. Building a lateral takes years and only pays off over decades of steady demand.',
        ],
      },
      {
        heading: 'Three steps',
        paragraphs: [
          '- Liquefaction: natural gas is cooled to about -260 F, shrinking it to 1/600 of its volume.',
          '- Transport: insulated cryogenic trailers carry the LNG by road, rail or sea.',
          '- Regasification: at the customer site the LNG is warmed back to gas and fed to the burner or engine.',
        ],
      },
      {
        heading: 'When it wins',
        paragraphs: [
          'A virtual pipeline is fast to start, scales with demand and moves with the project. It suits bridging supply until a pipeline arrives, seasonal peaks, and remote sites where a pipe would never pay back.',
        ],
      },
    ],
  },
  {
    file: 'getting-started-with-vpv-market.pdf',
    title: 'Tutorial: Getting Started with VPV Market',
    description: 'A step-by-step walkthrough of the VPV Market dashboard: sites, tank levels, netback and alerts.',
    category: 'tutorials',
    sections: [
      {
        heading: 'Before you start',
        paragraphs: ['Our team sets up your account and links your sites and tanks. You receive a sign-in link by e-mail.'],
      },
      {
        heading: 'Step by step',
        paragraphs: [
          '- Step 1: Sign in and pick a site from the site list.',
          '- Step 2: Read live tank levels, hourly flow rates and 24-hour volumes.',
          '- Step 3: Open Real-Time Financials for the anticipated netback per gallon.',
          '- Step 4: Use Historical Analysis to compare months and spot optimisation opportunities.',
          '- Step 5: Set alerts for tank levels and price changes.',
        ],
      },
      {
        heading: 'Need help?',
        paragraphs: ['Contact our team from the website and we will walk you through your first week.'],
      },
    ],
  },
];
