/**
 * The knowledge-base calculators as pure functions (formulas in docs/calculators.md).
 * The components only parse inputs, call these and format the results.
 */

/** Rules of thumb behind the LNG/CNG/pipeline-gas equivalence (docs/calculators.md). */
export const EQUIVALENCE_ASSUMPTIONS = {
  /** One volume of LNG holds the gas of 600 volumes at standard conditions. */
  lngVolumeRatio: 600,
  /** One volume of CNG (about 3,600 psi) holds the gas of about 250 volumes at standard conditions. */
  cngVolumeRatio: 250,
  /** A typical cryogenic LNG trailer load, US gallons. */
  lngTrailerGallons: 10_000,
  /** CNG tube-trailer loads needed to move the gas of one LNG trailer. */
  cngTrucksPerLngTruck: 2.4,
  /** Higher heating value of typical US pipeline gas, Btu per standard cubic foot. */
  btuPerScf: 1_037,
} as const;

export type EquivalenceAssumptions = { [K in keyof typeof EQUIVALENCE_ASSUMPTIONS]: number };

/** 231 cubic inches per US gallon / 1,728 cubic inches per cubic foot. */
export const CUBIC_FEET_PER_GALLON = 231 / 1728;
export const GALLONS_PER_BARREL = 42;

export const GAS_FORMS = ['lng', 'cng', 'pipeline'] as const;
export type GasForm = (typeof GAS_FORMS)[number];

export interface EquivalenceResult {
  lngGallons: number;
  cngGallons: number;
  pipelineScf: number;
  energyMmbtu: number;
  /** Fractional loads (2.4 means two full loads and a partial one). */
  lngTruckloads: number;
  cngTruckloads: number;
  /** Whole trucks needed: the fractional loads rounded up. */
  lngTrucks: number;
  cngTrucks: number;
}

/** Standard cubic feet of gas in `amount` of the given form (gallons for LNG and CNG). */
export function toStandardCubicFeet(amount: number, form: GasForm, a: EquivalenceAssumptions = EQUIVALENCE_ASSUMPTIONS): number {
  if (form === 'pipeline') return amount;
  const ratio = form === 'lng' ? a.lngVolumeRatio : a.cngVolumeRatio;
  return amount * CUBIC_FEET_PER_GALLON * ratio;
}

export function gasEquivalence(
  amount: number,
  form: GasForm,
  a: EquivalenceAssumptions = EQUIVALENCE_ASSUMPTIONS,
): EquivalenceResult {
  const pipelineScf = toStandardCubicFeet(amount, form, a);
  const lngGallons = pipelineScf / a.lngVolumeRatio / CUBIC_FEET_PER_GALLON;
  const cngGallons = pipelineScf / a.cngVolumeRatio / CUBIC_FEET_PER_GALLON;
  const lngTruckloads = lngGallons / a.lngTrailerGallons;
  const cngTruckloads = lngTruckloads * a.cngTrucksPerLngTruck;
  return {
    lngGallons,
    cngGallons,
    pipelineScf,
    energyMmbtu: (pipelineScf * a.btuPerScf) / 1_000_000,
    lngTruckloads,
    cngTruckloads,
    lngTrucks: wholeTrucks(lngTruckloads),
    cngTrucks: wholeTrucks(cngTruckloads),
  };
}

/** Rounds up, ignoring floating-point dust: 2.4 × 10,000 / 10,000 must stay 1 truck, not 2. */
function wholeTrucks(loads: number): number {
  return Math.ceil(Number(loads.toFixed(6)));
}

export type VolumeUnit = 'gal' | 'bbl';

export interface NetbackInput {
  /** Sales price of the NGL, $ per gallon. */
  pricePerGallon: number;
  fractionationFeePerGallon: number;
  transportFeePerGallon: number;
  monthlyVolume: number;
  volumeUnit: VolumeUnit;
}

export interface NetbackResult {
  netbackPerGallon: number;
  netbackPerBarrel: number;
  monthlyGallons: number;
  grossPerMonth: number;
  feesPerMonth: number;
  netbackPerMonth: number;
}

export function nglNetback(input: NetbackInput): NetbackResult {
  const monthlyGallons = input.volumeUnit === 'bbl' ? input.monthlyVolume * GALLONS_PER_BARREL : input.monthlyVolume;
  const feesPerGallon = input.fractionationFeePerGallon + input.transportFeePerGallon;
  const netbackPerGallon = input.pricePerGallon - feesPerGallon;
  return {
    netbackPerGallon,
    netbackPerBarrel: netbackPerGallon * GALLONS_PER_BARREL,
    monthlyGallons,
    grossPerMonth: input.pricePerGallon * monthlyGallons,
    feesPerMonth: feesPerGallon * monthlyGallons,
    netbackPerMonth: netbackPerGallon * monthlyGallons,
  };
}

export type ParsedNumber = { ok: true; value: number } | { ok: false; message: string };

/**
 * Reads one calculator input: empty, non-numeric, negative and absurdly large values get
 * a message instead of a number, so no result is ever NaN or Infinity.
 */
export function parseCalculatorNumber(raw: string, label: string, max = 1e12): ParsedNumber {
  const text = raw.trim().replace(/,/g, '');
  if (text === '') return { ok: false, message: `Enter ${label}.` };
  const value = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value)) return { ok: false, message: `${capitalize(label)} must be a number.` };
  if (value < 0) return { ok: false, message: `${capitalize(label)} cannot be negative.` };
  if (value > max) return { ok: false, message: `${capitalize(label)} must be at most ${formatNumber(max)}.` };
  return { ok: true, value };
}

function capitalize(text: string): string {
  const bare = text.replace(/^(a|an|the) /, '');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/** en-US grouping, so the server's HTML and the browser's re-render agree. */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits }).format(value);
}

export function formatMoney(value: number, fractionDigits = 2): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}
