import { describe, expect, it } from 'vitest';
import {
  CUBIC_FEET_PER_GALLON,
  EQUIVALENCE_ASSUMPTIONS,
  GALLONS_PER_BARREL,
  formatMoney,
  formatNumber,
  gasEquivalence,
  nglNetback,
  parseCalculatorNumber,
  toStandardCubicFeet,
} from '../../app/features/knowledge-base/calculators.ts';

describe('the LNG, CNG and pipeline gas equivalence', () => {
  it('turns one 10,000-gallon LNG trailer into 24,000 gallons of CNG, 2.4 CNG loads and about 802 Mscf', () => {
    const result = gasEquivalence(10_000, 'lng');
    expect(result.lngGallons).toBeCloseTo(10_000, 6);
    expect(result.cngGallons).toBeCloseTo(24_000, 6); // 600 / 250 = 2.4 times the liquid volume
    expect(result.pipelineScf).toBeCloseTo(10_000 * (231 / 1728) * 600, 6);
    expect(result.pipelineScf).toBeCloseTo(802_083.3, 0);
    expect(result.energyMmbtu).toBeCloseTo(831.76, 1);
    expect(result.lngTruckloads).toBeCloseTo(1, 9);
    expect(result.cngTruckloads).toBeCloseTo(EQUIVALENCE_ASSUMPTIONS.cngTrucksPerLngTruck, 9);
    expect(result.lngTrucks).toBe(1);
    expect(result.cngTrucks).toBe(3);
  });

  it('gives the same answer whichever form the same gas is entered in', () => {
    const fromLng = gasEquivalence(5_000, 'lng');
    const fromPipeline = gasEquivalence(fromLng.pipelineScf, 'pipeline');
    const fromCng = gasEquivalence(fromLng.cngGallons, 'cng');
    for (const other of [fromPipeline, fromCng]) {
      expect(other.lngGallons).toBeCloseTo(5_000, 6);
      expect(other.cngGallons).toBeCloseTo(fromLng.cngGallons, 6);
      expect(other.energyMmbtu).toBeCloseTo(fromLng.energyMmbtu, 6);
    }
  });

  it('converts each form to standard cubic feet with its volume ratio', () => {
    expect(toStandardCubicFeet(1, 'lng')).toBeCloseTo(CUBIC_FEET_PER_GALLON * 600, 9);
    expect(toStandardCubicFeet(1, 'cng')).toBeCloseTo(CUBIC_FEET_PER_GALLON * 250, 9);
    expect(toStandardCubicFeet(1234, 'pipeline')).toBe(1234);
  });

  it('rounds truckloads up to whole trucks without floating-point surprises', () => {
    expect(gasEquivalence(0, 'lng')).toMatchObject({ lngTrucks: 0, cngTrucks: 0, energyMmbtu: 0 });
    expect(gasEquivalence(10_001, 'lng').lngTrucks).toBe(2);
    expect(gasEquivalence(30_000, 'lng').lngTrucks).toBe(3);
    expect(gasEquivalence(25_000, 'lng').cngTrucks).toBe(6); // 2.5 × 2.4 = 6 exactly
  });

  it('accepts other assumptions', () => {
    const result = gasEquivalence(13_000, 'lng', { ...EQUIVALENCE_ASSUMPTIONS, lngTrailerGallons: 13_000 });
    expect(result.lngTrucks).toBe(1);
  });
});

describe('the NGL netback', () => {
  it('subtracts fractionation and transport fees from the price, per gallon and per month', () => {
    const result = nglNetback({
      pricePerGallon: 0.75,
      fractionationFeePerGallon: 0.06,
      transportFeePerGallon: 0.12,
      monthlyVolume: 250_000,
      volumeUnit: 'gal',
    });
    expect(result.netbackPerGallon).toBeCloseTo(0.57, 10);
    expect(result.netbackPerBarrel).toBeCloseTo(0.57 * GALLONS_PER_BARREL, 10);
    expect(result.monthlyGallons).toBe(250_000);
    expect(result.grossPerMonth).toBeCloseTo(187_500, 6);
    expect(result.feesPerMonth).toBeCloseTo(45_000, 6);
    expect(result.netbackPerMonth).toBeCloseTo(142_500, 6);
    expect(result.grossPerMonth - result.feesPerMonth).toBeCloseTo(result.netbackPerMonth, 6);
  });

  it('converts barrels to gallons (42 per barrel)', () => {
    const result = nglNetback({
      pricePerGallon: 1,
      fractionationFeePerGallon: 0,
      transportFeePerGallon: 0,
      monthlyVolume: 1_000,
      volumeUnit: 'bbl',
    });
    expect(result.monthlyGallons).toBe(42_000);
    expect(result.netbackPerMonth).toBe(42_000);
  });

  it('goes negative when fees exceed the price', () => {
    const result = nglNetback({
      pricePerGallon: 0.1,
      fractionationFeePerGallon: 0.08,
      transportFeePerGallon: 0.07,
      monthlyVolume: 10_000,
      volumeUnit: 'gal',
    });
    expect(result.netbackPerGallon).toBeCloseTo(-0.05, 10);
    expect(result.netbackPerMonth).toBeCloseTo(-500, 6);
  });
});

describe('calculator inputs', () => {
  it('reads plain, decimal, grouped and exponent numbers', () => {
    expect(parseCalculatorNumber('10000', 'a quantity')).toEqual({ ok: true, value: 10_000 });
    expect(parseCalculatorNumber(' 0.75 ', 'a price')).toEqual({ ok: true, value: 0.75 });
    expect(parseCalculatorNumber('.5', 'a price')).toEqual({ ok: true, value: 0.5 });
    expect(parseCalculatorNumber('250,000', 'a volume')).toEqual({ ok: true, value: 250_000 });
    expect(parseCalculatorNumber('1e5', 'a volume')).toEqual({ ok: true, value: 100_000 });
    expect(parseCalculatorNumber('0', 'a fee')).toEqual({ ok: true, value: 0 });
  });

  it('explains empty, non-numeric, negative and too-large values instead of producing NaN', () => {
    expect(parseCalculatorNumber('', 'a quantity')).toEqual({ ok: false, message: 'Enter a quantity.' });
    expect(parseCalculatorNumber('   ', 'a quantity')).toEqual({ ok: false, message: 'Enter a quantity.' });
    expect(parseCalculatorNumber('abc', 'a quantity')).toEqual({ ok: false, message: 'Quantity must be a number.' });
    expect(parseCalculatorNumber('1.2.3', 'a price')).toEqual({ ok: false, message: 'Price must be a number.' });
    expect(parseCalculatorNumber('Infinity', 'a price')).toEqual({ ok: false, message: 'Price must be a number.' });
    expect(parseCalculatorNumber('-5', 'a transport fee')).toEqual({ ok: false, message: 'Transport fee cannot be negative.' });
    expect(parseCalculatorNumber('2000', 'a price', 1000)).toEqual({ ok: false, message: 'Price must be at most 1,000.' });
  });

  it('never lets NaN or Infinity reach a result', () => {
    for (const raw of ['', 'x', '-1', '1e400', 'NaN', '--1']) {
      const parsed = parseCalculatorNumber(raw, 'a quantity');
      expect(parsed.ok, raw).toBe(false);
    }
  });
});

describe('formatting', () => {
  it('uses en-US grouping and dollars, the same on the server and in the browser', () => {
    expect(formatNumber(802_083.33)).toBe('802,083');
    expect(formatNumber(831.7604, 1)).toBe('831.8');
    expect(formatMoney(142_500)).toBe('$142,500.00');
    expect(formatMoney(-500)).toBe('-$500.00');
  });
});
