import { calculatorsCopy } from '@content/knowledge-base';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Field, Select } from '~/components/ui/input';
import { GALLONS_PER_BARREL, type VolumeUnit, formatMoney, formatNumber, nglNetback, parseCalculatorNumber } from './calculators';
import { Assumptions, NoScriptCalculateButton, NumberField, ResultRow, ResultsPanel } from './calculator-parts';

const copy = calculatorsCopy.netback;

/** Illustrative Gulf Coast figures; the user replaces them with their own. */
const DEFAULTS = { price: '0.75', frac: '0.06', transport: '0.12', volume: '250000' } as const;
type Field = keyof typeof DEFAULTS;

const fieldText: Record<Field, { label: string; noun: string; step: string }> = {
  price: { label: copy.priceLabel, noun: 'a price', step: '0.0001' },
  frac: { label: copy.fractionationLabel, noun: 'a fractionation fee', step: '0.0001' },
  transport: { label: copy.transportLabel, noun: 'a transport fee', step: '0.0001' },
  volume: { label: copy.volumeLabel, noun: 'a monthly volume', step: 'any' },
};

const perGallon = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(value);

/** Netback per gallon and per month from price, fees and volume (formulas in docs/calculators.md). */
export function NetbackCalculator() {
  const id = useId();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    price: params.get('price') ?? DEFAULTS.price,
    frac: params.get('frac') ?? DEFAULTS.frac,
    transport: params.get('transport') ?? DEFAULTS.transport,
    volume: params.get('volume') ?? DEFAULTS.volume,
  }));
  const [unit, setUnit] = useState<VolumeUnit>(() => (params.get('unit') === 'bbl' ? 'bbl' : 'gal'));

  const parsed = {
    price: parseCalculatorNumber(values.price, fieldText.price.noun, 1_000),
    frac: parseCalculatorNumber(values.frac, fieldText.frac.noun, 1_000),
    transport: parseCalculatorNumber(values.transport, fieldText.transport.noun, 1_000),
    volume: parseCalculatorNumber(values.volume, fieldText.volume.noun),
  };
  const result =
    parsed.price.ok && parsed.frac.ok && parsed.transport.ok && parsed.volume.ok
      ? nglNetback({
          pricePerGallon: parsed.price.value,
          fractionationFeePerGallon: parsed.frac.value,
          transportFeePerGallon: parsed.transport.value,
          monthlyVolume: parsed.volume.value,
          volumeUnit: unit,
        })
      : null;

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h3 id={`${id}-heading`} className="text-xl font-bold">
        {copy.heading}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{copy.intro}</p>
      <form method="get" onSubmit={(event) => event.preventDefault()} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="tab" value="calculators" />
        {(Object.keys(fieldText) as Field[]).map((field) => {
          const check = parsed[field];
          return (
            <NumberField
              key={field}
              id={`${id}-${field}`}
              name={field}
              label={fieldText[field].label}
              step={fieldText[field].step}
              value={values[field]}
              error={check.ok ? undefined : check.message}
              onChange={(value) => setValues((previous) => ({ ...previous, [field]: value }))}
            />
          );
        })}
        <Field id={`${id}-unit`} label={copy.volumeUnitLabel}>
          {(control) => (
            <Select {...control} name="unit" value={unit} onChange={(event) => setUnit(event.target.value === 'bbl' ? 'bbl' : 'gal')}>
              <option value="gal">{copy.volumeUnits.gal}</option>
              <option value="bbl">{copy.volumeUnits.bbl}</option>
            </Select>
          )}
        </Field>
        <NoScriptCalculateButton />
      </form>

      <ResultsPanel heading={copy.resultsHeading}>
        {result ? (
          <>
            <dl className="mt-2">
              <ResultRow label="Netback per gallon" value={perGallon(result.netbackPerGallon)} emphasis />
              <ResultRow label="Netback per barrel" value={formatMoney(result.netbackPerBarrel)} />
              <ResultRow label="Monthly volume" value={`${formatNumber(result.monthlyGallons)} gal`} />
              <ResultRow label="Gross sales per month" value={formatMoney(result.grossPerMonth)} />
              <ResultRow label="Fees per month" value={formatMoney(result.feesPerMonth)} />
              <ResultRow label="Netback per month" value={formatMoney(result.netbackPerMonth)} emphasis />
            </dl>
            {result.netbackPerGallon < 0 ? <p className="mt-2 text-sm font-semibold text-red-700">{copy.negativeNote}</p> : null}
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-700">Enter valid figures to see the netback.</p>
        )}
      </ResultsPanel>

      <Assumptions>
        <li>Netback per gallon = price − fractionation fee − transport fee.</li>
        <li>Netback per month = netback per gallon × gallons per month.</li>
        <li>One barrel is {GALLONS_PER_BARREL} US gallons.</li>
        <li>The default figures are illustrative; use your own contract terms.</li>
      </Assumptions>
    </section>
  );
}
