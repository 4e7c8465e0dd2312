import { AlertCircle } from 'lucide-react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from '~/lib/cn';

/**
 * The site's one look for text inputs, text areas and selects, and the field wrapper that
 * ties a label, a hint and an error message to its control (aria-describedby, aria-invalid).
 * 16 px text on phones (smaller text makes iOS zoom in on focus), an outline on focus that
 * survives forced-colors mode, and a red border whenever the control is aria-invalid.
 */
export const inputClass = cn(
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink shadow-sm sm:text-sm',
  'placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600',
  'aria-[invalid=true]:border-red-700 disabled:cursor-not-allowed disabled:opacity-60',
);

export const labelClass = 'block text-sm font-semibold text-ink';

export function Input({ className, ...props }: ComponentPropsWithRef<'input'>) {
  return <input className={cn(inputClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentPropsWithRef<'textarea'>) {
  return <textarea className={cn(inputClass, 'resize-y', className)} {...props} />;
}

export function Select({ className, ...props }: ComponentPropsWithRef<'select'>) {
  return <select className={cn(inputClass, className)} {...props} />;
}

/** What a Field hands its control: spread it on the Input, Textarea or Select. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** The control's id; the hint and the error take `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  /** Shows a red asterisk, hidden from assistive technology (the control says `required` itself). */
  markRequired?: boolean;
  hint?: ReactNode;
  /** The message under the control; it also marks the control invalid. */
  error?: string;
  /** Marks the control invalid without a message (a form that reports the problem elsewhere). */
  invalid?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled control with its hint and error message tied to it.
 *
 * @example
 * <Field id={`${id}-email`} label="Email" error={errors.email}>
 *   {(control) => <Input {...control} name="email" type="email" />}
 * </Field>
 */
export function Field({ id, label, markRequired, hint, error, invalid, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {markRequired ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {children({ id, 'aria-invalid': error || invalid ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
          <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </div>
  );
}
