/**
 * The molecule tutorial of the knowledge base (docs/knowledge-base.md: five steps). Molecule steps
 * are drawn from their carbon count (a straight chain with its hydrogens), so this file
 * stays plain data. Figures: boiling points at 1 atm, from standard reference tables.
 */
export interface MoleculeFact {
  label: string;
  value: string;
}

export interface MoleculeStep {
  kind: 'molecule';
  title: string;
  /** Carbons in the straight chain: 1 methane, 2 ethane, 3 propane, 4 normal butane. */
  carbons: 1 | 2 | 3 | 4;
  formula: string;
  summary: string;
  facts: MoleculeFact[];
  uses: string[];
}

export interface ProcessStage {
  title: string;
  /** One word for the flow diagram. */
  short: string;
  text: string;
}

export interface ProcessStep {
  kind: 'process';
  title: string;
  summary: string;
  stages: ProcessStage[];
}

export type TutorialStep = MoleculeStep | ProcessStep;

export const tutorialIntro = {
  heading: 'Tutorials',
  text: 'Meet the molecules we move. The interactive tutorial walks through methane, ethane, propane and butane, then follows gas through the virtual pipeline from source to burner tip.',
  button: 'Start the Molecule Tutorial',
  dialogTitle: 'The Molecule Tutorial',
  dialogDescription: 'Five short steps from the simplest hydrocarbon to the virtual pipeline.',
  documentsHeading: 'Tutorial Documents',
} as const;

export const tutorialSteps: TutorialStep[] = [
  {
    kind: 'molecule',
    title: 'Methane',
    carbons: 1,
    formula: 'CH₄',
    summary:
      'The simplest hydrocarbon: one carbon atom bonded to four hydrogen atoms. Methane makes up most of natural gas and typically more than 90% of LNG.',
    facts: [
      { label: 'Formula', value: 'CH₄' },
      { label: 'Boiling point', value: '-161.5 °C (-258.7 °F)' },
      { label: 'Molar mass', value: '16.04 g/mol' },
      { label: 'Heating value', value: 'about 1,010 Btu per standard cubic foot' },
    ],
    uses: [
      'Power generation and industrial heat',
      'LNG and CNG for sites beyond the pipeline',
      'Home heating and cooking as pipeline gas',
      'Feedstock for hydrogen, ammonia and methanol',
    ],
  },
  {
    kind: 'molecule',
    title: 'Ethane',
    carbons: 2,
    formula: 'C₂H₆',
    summary:
      'Two carbons joined by a single bond, each carrying three hydrogens. The lightest natural gas liquid: it can be recovered as a liquid or left in the gas stream (ethane rejection), whichever pays more.',
    facts: [
      { label: 'Formula', value: 'C₂H₆' },
      { label: 'Boiling point', value: '-88.6 °C (-127.5 °F)' },
      { label: 'Molar mass', value: '30.07 g/mol' },
      { label: 'Heating value', value: 'about 1,770 Btu per standard cubic foot' },
    ],
    uses: [
      'Feedstock for ethylene crackers, and from there plastics',
      'Sold as fuel gas within natural gas when rejected',
      'Exported by ship as a petrochemical feedstock',
    ],
  },
  {
    kind: 'molecule',
    title: 'Propane',
    carbons: 3,
    formula: 'C₃H₈',
    summary:
      'A three-carbon chain with eight hydrogens. Propane turns liquid under modest pressure at room temperature, so it is stored and trucked in pressure vessels rather than cryogenic tanks.',
    facts: [
      { label: 'Formula', value: 'C₃H₈' },
      { label: 'Boiling point', value: '-42.1 °C (-43.8 °F)' },
      { label: 'Molar mass', value: '44.10 g/mol' },
      { label: 'Energy', value: 'about 91,500 Btu per gallon' },
    ],
    uses: [
      'Space and water heating (LPG)',
      'Crop drying, forklifts and autogas',
      'Petrochemical feedstock for propylene',
      'Exported worldwide from Gulf Coast terminals',
    ],
  },
  {
    kind: 'molecule',
    title: 'Butane',
    carbons: 4,
    formula: 'C₄H₁₀',
    summary:
      'Four carbons with ten hydrogens. Normal butane is the straight chain drawn here; its branched twin, isobutane (boiling point -11.7 °C), has the same formula. Butane is liquid just below freezing at atmospheric pressure.',
    facts: [
      { label: 'Formula', value: 'C₄H₁₀ (normal butane)' },
      { label: 'Boiling point', value: '-0.5 °C (31.1 °F)' },
      { label: 'Molar mass', value: '58.12 g/mol' },
      { label: 'Energy', value: 'about 102,900 Btu per gallon' },
    ],
    uses: [
      'Gasoline blending, especially in winter',
      'Isomerized to isobutane for refinery alkylation',
      'LPG blends, lighters and aerosol propellant',
      'Petrochemical feedstock',
    ],
  },
  {
    kind: 'process',
    title: 'Virtual Pipeline Process',
    summary:
      'How these molecules travel when there is no pipe: gas is shrunk, trucked, stored and turned back into gas at the customer site, while NGLs travel as pressurized liquids to the best market.',
    stages: [
      {
        title: 'Treat and liquefy',
        short: 'Liquefy',
        text: 'Gas is cleaned of water, CO₂ and sulfur, then cooled to about -162 °C (-260 °F). As LNG it takes about 1/600th of its volume as gas.',
      },
      {
        title: 'Load and transport',
        short: 'Transport',
        text: 'LNG rides in vacuum-insulated cryogenic trailers of about 10,000 gallons; Y-grade NGL rides in pressurized MC-331 trailers.',
      },
      {
        title: 'Store on site',
        short: 'Store',
        text: 'Trailers offload into vacuum-insulated tanks, or stay on site as mobile storage, sized to the customer’s demand and delivery schedule.',
      },
      {
        title: 'Regasify and deliver',
        short: 'Regasify',
        text: 'Vaporizers on a skid warm the LNG back into gas, regulate its pressure and feed generators, burners or a local line.',
      },
    ],
  },
];
