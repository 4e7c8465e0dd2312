/**
 * /lng-vs-cng: the two fuel cards. Every figure is one of the site's fixed figures (docs/pages.md: 600x vs
 * about 250x, 2.4 trucks, methane above 95% vs above 85%); change them only on purpose, with that table.
 */

export type FuelId = 'lng' | 'cng';

export interface FuelFact {
  label: string;
  value: string;
  detail: string;
  /** A drawing of the figure beside the text: a volume bar, trucks to scale, or the flame. */
  visual?: 'volume' | 'trucks' | 'flame';
}

export interface Fuel {
  id: FuelId;
  name: string;
  fullName: string;
  summary: string;
  /** How many times smaller than gas at atmospheric pressure, for the volume bar. */
  volumeFactor: number;
  /** Trucks needed to deliver the energy of one LNG truck, for the truck row. */
  trucksPerLngTruck: number;
  flame: 'blue' | 'orange';
  facts: FuelFact[];
}

export const comparisonIntro =
  'LNG and CNG start as the same molecule: natural gas, mostly methane. CNG is compressed to around 3,600 psi; LNG is cooled to about -260°F (-162°C) until it becomes a liquid. That difference decides how much energy a truck can carry, how consistent the gas is, and which sites each fuel serves best.';

export const fuels: Fuel[] = [
  {
    id: 'lng',
    name: 'LNG',
    fullName: 'Liquefied Natural Gas',
    summary: 'Cooled to a liquid for the most energy per truckload.',
    volumeFactor: 600,
    trucksPerLngTruck: 1,
    flame: 'blue',
    facts: [
      { label: 'Volume', visual: 'volume', value: 'Reduced 600x', detail: 'Liquefaction shrinks natural gas to 1/600th of its volume.' },
      { label: 'Truckloads', visual: 'trucks', value: '1 truck = 2.4 CNG trucks', detail: 'One LNG truck carries the energy of 2.4 CNG trucks.' },
      { label: 'Methane content', value: 'Above 95%', detail: 'Liquefaction strips out water, CO₂ and heavier hydrocarbons.' },
      { label: 'Energy content', value: 'Consistent BTU', detail: 'Engines and burners run at a steady setpoint, load after load.' },
      { label: 'Flame', visual: 'flame', value: 'Blue flame', detail: 'A clean blue flame, the sign of complete combustion.' },
      {
        label: 'Best for',
        value: 'Large industrial operations in remote places',
        detail: 'Power generation, mining, processing and other high-demand sites far from a pipeline.',
      },
    ],
  },
  {
    id: 'cng',
    name: 'CNG',
    fullName: 'Compressed Natural Gas',
    summary: 'Compressed gas, simpler to handle at a smaller scale.',
    volumeFactor: 250,
    trucksPerLngTruck: 2.4,
    flame: 'orange',
    facts: [
      { label: 'Volume', visual: 'volume', value: 'Reduced about 250x', detail: 'Compression shrinks natural gas to about 1/250th of its volume.' },
      { label: 'Truckloads', visual: 'trucks', value: '2.4 trucks per LNG truck', detail: 'It takes 2.4 CNG trucks to deliver the energy of one LNG truck.' },
      { label: 'Methane content', value: 'Above 85%', detail: 'The gas keeps much of the composition of its source.' },
      { label: 'Energy content', value: 'Less predictable', detail: 'Heating value varies with the source gas, so output can drift.' },
      { label: 'Flame', visual: 'flame', value: 'Orange/yellow flame', detail: 'Heavier hydrocarbons burn with an orange/yellow flame.' },
      {
        label: 'Best for',
        value: 'Smaller sites and vehicle fueling stations',
        detail: 'Modest, steady loads close to a compression source.',
      },
    ],
  },
];

export const comparisonClosing = {
  heading: 'Which fuel fits your operation?',
  text: 'For large, remote and energy-hungry sites, LNG moves more energy with fewer trucks and burns more consistently. CNG can suit smaller loads near a compression source. Our team can size either option against your demand, location and timeline.',
  learnLink: { label: 'How the LNG virtual pipeline works', href: '/virtual-pipeline' },
  contactLink: { label: 'Talk to our team', href: '/#contact' },
} as const;
