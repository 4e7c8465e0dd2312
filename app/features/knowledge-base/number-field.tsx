import { errorClass, inputClass, labelClass } from './form-styles';

/** A labelled numeric input whose error message is tied to it for assistive technology. */
export function NumberField({
  id,
  name,
  label,
  value,
  error,
  step = 'any',
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  step?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="decimal"
        min={0}
        step={step}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      />
      {error ? (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A result line of a calculator. */
export function ResultRow({ label, value, emphasis }: { label: string; value: string; emphasis?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-200 py-2 last:border-0">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className={emphasis ? 'text-lg font-bold text-brand-700' : 'font-semibold text-ink'}>{value}</dd>
    </div>
  );
}
