import { honeypotLabel } from '@content/leads';
import { HONEYPOT_FIELD } from '@domain/leads/fields';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import type { ChangeEvent, ReactNode } from 'react';
import { Field, Input, Textarea } from '~/components/ui/input';
import { cn } from '~/lib/cn';

/**
 * The pieces both lead forms are made of: labelled fields (the shared Field, Input and
 * Textarea of components/ui/input), the hidden honeypot, and the notice a page shows after
 * a post without JavaScript.
 */

interface LeadFieldProps {
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
  type?: 'text' | 'email' | 'tel';
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
}

/** One labelled lead field, its error tied to it (components/ui/input Field). */
export function LeadField(props: LeadFieldProps) {
  const { id, label, error, required, markRequired, className, onChange, rows, type = 'text', autoComplete } = props;
  const { name, value, placeholder, maxLength } = props;
  return (
    <Field id={id} label={label} markRequired={required && markRequired} error={error} className={className}>
      {(control) => {
        const shared = {
          ...control,
          name,
          value,
          required,
          placeholder,
          maxLength,
          onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
        };
        return rows ? <Textarea {...shared} rows={rows} /> : <Input {...shared} type={type} autoComplete={autoComplete} />;
      }}
    </Field>
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
