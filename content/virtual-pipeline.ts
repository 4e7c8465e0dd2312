/**
 * Copy and chart data of /virtual-pipeline, the educational article on the LNG virtual
 * pipeline. The figures are the site's fixed figures (docs/pages.md: volume equivalence 1/250/600, purity
 * 98% vs 85%, application shares 40/25/20/15, -260°F / -162°C).
 */

export interface ChartDatum {
  label: string;
  value: number;
}

export interface ChartContent {
  /** The chart's caption and the accessible name of its canvas. */
  title: string;
  description: string;
  /** Column headers of the data table that stands in for the chart. */
  columns: readonly [string, string];
  /** How a value reads in the table, the axis ticks and the tooltips. */
  unit: 'volume' | 'percent';
  data: readonly ChartDatum[];
  /** For charts with a clickable legend: what a click on an entry does. */
  legendHint?: string;
}

export const virtualPipeline = {
  subtitle: 'High-Volume Energy for the Long Haul',
  intro:
    'Where no pipeline reaches, or where one would take years to build, LNG travels by road instead. A virtual pipeline liquefies natural gas, trucks it in insulated cryogenic tanks and turns it back into gas at the customer’s site: the same molecule, delivered without the steel in the ground.',
  published: '2025-01-15',
  modified: '2025-09-01',
  tocLabel: 'On this page',
  whatIsLng: {
    id: 'what-is-lng',
    title: 'What Is LNG?',
    paragraphs: [
      'Liquefied natural gas (LNG) is natural gas, almost entirely methane, cooled to about -260°F (-162°C). At that temperature it condenses into a clear, odorless liquid that is neither corrosive nor toxic.',
      'As a liquid it takes up about 1/600th of the space it occupies as a gas at atmospheric pressure. That is what makes it practical to store and move large amounts of energy by truck, rail or ship, then warm it back into gas where it is needed.',
    ],
    facts: [
      { value: '-260°F', label: 'Liquefaction temperature', detail: 'about -162°C at atmospheric pressure' },
      { value: '600x', label: 'Volume reduction', detail: 'compared with gas at atmospheric pressure' },
      { value: '>95%', label: 'Methane content', detail: 'a consistent heating value at the burner' },
    ],
  },
  density: {
    id: 'high-density',
    title: 'The High-Density Advantage',
    paragraphs: [
      'Compressed natural gas (CNG) squeezes gas to about 3,600 psi and shrinks it roughly 250 times. Liquefaction goes further: LNG holds about 600 times the gas of the same volume at atmospheric pressure.',
      'On the road that difference is decisive. One LNG truck carries the energy of about 2.4 CNG trucks, so fewer deliveries keep a site running, and each one travels farther economically.',
    ],
    chart: {
      title: 'Volume Equivalence',
      description: 'Volume of natural gas held in the same space, relative to standard gas at atmospheric pressure.',
      columns: ['Form of natural gas', 'Relative volume'],
      unit: 'volume',
      data: [
        { label: 'Standard Gas', value: 1 },
        { label: 'CNG', value: 250 },
        { label: 'LNG', value: 600 },
      ],
    } satisfies ChartContent,
  },
  purity: {
    id: 'purity',
    title: 'Purity You Can Plan Around',
    paragraphs: [
      'Before gas can be liquefied, water, carbon dioxide, sulfur compounds and most heavier hydrocarbons must be removed, or they would freeze in the process. What arrives as LNG is therefore almost pure methane.',
      'Gas from a pipeline varies with its source and can carry more ethane, inerts and heavier components. LNG’s consistent composition means a predictable heating value, clean combustion and engines and turbines that can be tuned once and left alone.',
    ],
    chart: {
      title: 'Methane Purity',
      description: 'Typical methane content of LNG compared with pipeline gas.',
      columns: ['Fuel', 'Methane content'],
      unit: 'percent',
      data: [
        { label: 'LNG', value: 98 },
        { label: 'Pipeline Gas', value: 85 },
      ],
    } satisfies ChartContent,
  },
  process: {
    id: 'process',
    title: 'How the Virtual Pipeline Works',
    lead: 'Three steps take gas from where it is produced to where it is burned, with no pipe in between.',
    stepLabel: 'Step',
    steps: [
      {
        title: 'Liquefaction',
        text: 'At a liquefaction plant, natural gas is cleaned and cooled to about -260°F (-162°C) until it becomes a liquid, shrinking its volume about 600 times.',
      },
      {
        title: 'Transport',
        text: 'The LNG travels by road in insulated cryogenic tanks: double-walled, vacuum-jacketed trailers that keep it cold for the journey, however long the haul.',
      },
      {
        title: 'Regasification',
        text: 'At the customer’s site, vaporizers warm the LNG back into gas, and a pressure-reduction skid delivers it at the pressure the equipment needs.',
      },
    ],
  },
  applications: {
    id: 'applications',
    title: 'Key Applications',
    paragraphs: [
      'LNG fuels operations that need a lot of energy in places a pipeline does not reach, or not yet. Power generation is the largest share, from remote sites to bridging power while grid or pipeline capacity is built.',
      'Ships and ferries burn it to meet marine emission limits, heavy-duty trucks run on it for long hauls, and industrial plants use it for process heat and steam where no gas line exists.',
    ],
    chart: {
      title: 'LNG Application Share',
      description: 'Share of LNG use by application, in percent.',
      legendHint: 'Select an application to hide or show it in the chart.',
      columns: ['Application', 'Share'],
      unit: 'percent',
      data: [
        { label: 'Power Generation', value: 40 },
        { label: 'Maritime and Shipping Fuel', value: 25 },
        { label: 'Heavy-Duty Trucking', value: 20 },
        { label: 'Industrial Operations', value: 15 },
      ],
    } satisfies ChartContent,
  },
  tradeoffs: {
    id: 'advantages',
    title: 'Advantages and Considerations',
    advantagesTitle: 'Advantages',
    considerationsTitle: 'Considerations',
    advantages: [
      {
        title: 'High Energy Density',
        text: 'About 600 times denser than gas at atmospheric pressure, LNG moves more energy per truckload than any other form of natural gas, with fewer deliveries.',
      },
      {
        title: 'Global Versatility',
        text: 'LNG can be produced, shipped and regasified almost anywhere: by road, rail or sea, for power, industry, trucking and marine fuel alike.',
      },
    ],
    considerations: [
      {
        title: 'Higher Initial Cost',
        text: 'Liquefaction, cryogenic tanks and regasification equipment cost more up front than a CNG setup. Leasing equipment keeps that capital off your books.',
      },
      {
        title: 'Complex Handling',
        text: 'Cryogenic liquid needs trained people, insulated equipment and strict procedures. An experienced operator handles it for you, safely and by the book.',
      },
    ],
  },
  cta: {
    title: 'Compare LNG with CNG',
    text: 'Not sure which fuel fits your site? See how LNG and CNG differ in volume, trucks, purity and the operations each suits best.',
    linkLabel: 'LNG vs CNG',
  },
} as const;
