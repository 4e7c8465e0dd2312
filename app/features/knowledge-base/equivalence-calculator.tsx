import { calculatorsCopy } from '@content/knowledge-base';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Field, Select } from '~/components/ui/input';
import {
  CUBIC_FEET_PER_GALLON,
  EQUIVALENCE_ASSUMPTIONS,
  GAS_FORMS,
  type GasForm,
  formatNumber,
  gasEquivalence,
  parseCalculatorNumber,
} from './calculators';
import { Assumptions, NoScriptCalculateButton, NumberField, ResultRow, ResultsPanel } from './calculator-parts';

const copy = calculatorsCopy.equivalence;
const DEFAULT_AMOUNT = String(EQUIVALENCE_ASSUMPTIONS.lngTrailerGallons);
const a = EQUIVALENCE_ASSUMPTIONS;

function isGasForm(value: string | null): value is GasForm {
  return (GAS_FORMS as readonly (string | null)[]).includes(value);
}

function loads(value: number, trucks: number): string {
  return `${formatNumber(value, 2)} (${formatNumber(trucks)} ${trucks === 1 ? 'truck' : 'trucks'})`;
}

/** LNG ↔ CNG ↔ pipeline gas, in volume, energy and truckloads (formulas in docs/calculators.md). */
export function EquivalenceCalculator() {
  const id = useId();
  const [params] = useSearchParams();
  // Starts from the URL, so the no-JavaScript Calculate button (a GET form) works too.
  const [amount, setAmount] = useState(() => params.get('amount') ?? DEFAULT_AMOUNT);
  const [form, setForm] = useState<GasForm>(() => {
    const fromUrl = params.get('form');
    return isGasForm(fromUrl) ? fromUrl : 'lng';
  });
  const parsed = parseCalculatorNumber(amount, 'a quantity');
  const result = parsed.ok ? gasEquivalence(parsed.value, form) : null;

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h3 id={`${id}-heading`} className="text-xl font-bold">
        {copy.heading}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{copy.intro}</p>
      <form method="get" onSubmit={(event) => event.preventDefault()} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="tab" value="calculators" />
        <NumberField
          id={`${id}-amount`}
          name="amount"
          label={copy.amountLabel}
          value={amount}
          error={parsed.ok ? undefined : parsed.message}
          onChange={setAmount}
        />
        <Field id={`${id}-form`} label={copy.formLabel}>
          {(control) => (
            <Select {...control} name="form" value={form} onChange={(event) => setForm(isGasForm(event.target.value) ? event.target.value : 'lng')}>
              {GAS_FORMS.map((value) => (
                <option key={value} value={value}>
                  {copy.forms[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <NoScriptCalculateButton />
      </form>

      <ResultsPanel heading={copy.resultsHeading}>
        {result ? (
          <dl className="mt-2">
            <ResultRow label="LNG" value={`${formatNumber(result.lngGallons)} gal`} />
            <ResultRow label="CNG" value={`${formatNumber(result.cngGallons)} gal`} />
            <ResultRow label="Pipeline gas" value={`${formatNumber(result.pipelineScf)} scf`} />
            <ResultRow label="Energy" value={`${formatNumber(result.energyMmbtu, 1)} MMBtu`} />
            <ResultRow label="LNG trailer loads" value={loads(result.lngTruckloads, result.lngTrucks)} emphasis />
            <ResultRow label="CNG trailer loads" value={loads(result.cngTruckloads, result.cngTrucks)} emphasis />
          </dl>
        ) : (
          <p className="mt-2 text-sm text-slate-700">Enter a valid quantity to see the equivalents.</p>
        )}
      </ResultsPanel>

      <Assumptions>
        <li>LNG holds {a.lngVolumeRatio} times its volume of gas at standard conditions (60 °F, 14.696 psia).</li>
        <li>CNG at about 3,600 psi holds about {a.cngVolumeRatio} times its volume.</li>
        <li>One LNG trailer carries {formatNumber(a.lngTrailerGallons)} US gallons of LNG.</li>
        <li>It takes {a.cngTrucksPerLngTruck} CNG trailer loads to move the gas of one LNG trailer.</li>
        <li>Pipeline gas carries {formatNumber(a.btuPerScf)} Btu per standard cubic foot.</li>
        <li>One US gallon is {formatNumber(CUBIC_FEET_PER_GALLON, 4)} cubic feet.</li>
      </Assumptions>
    </section>
  );
}
