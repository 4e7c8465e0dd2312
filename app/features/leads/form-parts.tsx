import { honeypotLabel } from '@content/leads';
import { type FieldErrors, HONEYPOT_FIELD } from '@domain/leads/schemas';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import type { ChangeEvent, ReactNode } from 'react';
import { ApiError, apiRequest } from '~/lib/api';
import { cn } from '~/lib/cn';

/**
 * The pieces both lead forms are made of: labelled fields whose error is tied to the
 * input (aria-invalid, aria-describedby), the hidden honeypot, and the notice a page
 * shows after a post without JavaScript.
 */

const inputClass = cn(
  'mt-1.5 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-ink shadow-sm sm:text-sm',
  'placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600',
);

interface FieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  /** Show the asterisk that marks a required field (the demo form does; the contact form says "all required"). */
  markRequired?: boolean;
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
  className?: string;
}

function Label({ id, label, required, markRequired }: Pick<FieldProps, 'id' | 'label' | 'required' | 'markRequired'>) {
  return (
    <label htmlFor={id} className="block text-sm font-semibold text-ink">
      {label}
      {required && markRequired ? (
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      ) : null}
    </label>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
      <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      {error}
    </p>
  );
}

function errorProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

export function TextField({
  type = 'text',
  ...props
}: FieldProps & { type?: 'text' | 'email' | 'tel'; inputMode?: 'email' | 'tel' | 'text' }) {
  const { id, name, value, onChange, error, required, placeholder, maxLength, autoComplete, className } = props;
  return (
    <div className={className}>
      <Label {...props} />
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        required={required}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete={autoComplete}
        className={cn(inputClass, error ? 'border-red-700' : 'border-slate-300')}
        {...errorProps(id, error)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

export function TextAreaField({ rows = 4, ...props }: FieldProps & { rows?: number }) {
  const { id, name, value, onChange, error, required, placeholder, maxLength, className } = props;
  return (
    <div className={className}>
      <Label {...props} />
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={value}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
        required={required}
        placeholder={placeholder}
        maxLength={maxLength}
        className={cn(inputClass, 'resize-y', error ? 'border-red-700' : 'border-slate-300')}
        {...errorProps(id, error)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The spam trap: off-screen, hidden from assistive technology, out of the tab order and
 * never autofilled, so only a bot fills it. Its value is sent as is; the server decides.
 */
export function Honeypot({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>{honeypotLabel}</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The outcome of a post without JavaScript, announced when the page loads. */
export function FormNotice({
  tone,
  title,
  children,
  id,
}: {
  tone: 'success' | 'error';
  title: string;
  children: ReactNode;
  id?: string;
}) {
  const Icon = tone === 'success' ? CheckCircle2 : AlertCircle;
  return (
    <div
      id={id}
      role={tone === 'success' ? 'status' : 'alert'}
      className={cn(
        'flex gap-3 rounded-lg border p-4 text-sm',
        tone === 'success' ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'border-red-300 bg-red-50 text-red-900',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        <div className="mt-0.5">{children}</div>
      </div>
    </div>
  );
}

/** Moves focus to the first field with an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null, fields: readonly string[], errors: Partial<Record<string, string>>) {
  const first = fields.find((field) => errors[field]);
  if (!first || !form) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}

/**
 * Posts a lead as JSON (SPEC §7): the validated fields only, plus the trap field when
 * something filled it, so the server can drop the submission.
 */
export async function sendLead(path: string, data: object, trap: string): Promise<void> {
  await apiRequest('POST', path, trap ? { ...data, [HONEYPOT_FIELD]: trap } : data);
}

/** The field errors of a failed send: a 400's `{ message, fieldErrors: { field: message } }`, else none. */
export function readFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const body = JSON.parse(error.body) as { fieldErrors?: unknown };
    if (typeof body.fieldErrors !== 'object' || body.fieldErrors === null) return {};
    return Object.fromEntries(
      Object.entries(body.fieldErrors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}
