import type { FieldErrors } from '@domain/api-error';
import { HONEYPOT_FIELD, type ValidationResult } from '@domain/leads/fields';
import { type Dispatch, type FormEvent, type SetStateAction, useRef, useState } from 'react';
import { apiRequest, firstFieldErrors } from '~/lib/api';
import { type ToastInput, toast } from '~/lib/toast';
import { useHydrated } from '~/lib/use-hydrated';

/** What a lead form holds: the inputs' raw values, one message a field, and the honeypot. */
export interface LeadFormState<F extends string> {
  values: Record<F, string>;
  errors: Partial<Record<F, string>>;
  trap: string;
}

/**
 * A form's state as a page renders it: empty, or the values and field errors the route action
 * answered a post without JavaScript with (lead-form-action.server.ts).
 */
export function leadFormState<F extends string>(values: Record<F, string>, errors: FieldErrors = {}): LeadFormState<F> {
  return { values, errors, trap: '' };
}

interface LeadFormOptions<F extends string, T extends object> {
  /** POST /api/contact or /api/request-demo (docs/leads.md). */
  path: string;
  /** In the order they appear, so focus lands on the first field in error. */
  fields: readonly F[];
  /** The shared schema's check; a promise when the form loads the schema on submit (the contact form). */
  validate: (values: Record<F, string>) => ValidationResult<T> | Promise<ValidationResult<T>>;
  state: LeadFormState<F>;
  setState: Dispatch<SetStateAction<LeadFormState<F>>>;
  toasts: { sent: ToastInput; failed: ToastInput };
  /** Called when the form's own check stops a send (the demo form's 'Missing Information'). */
  onInvalid?: (values: Record<F, string>) => void;
  /** Called after the API stored the lead. */
  onSent: () => void;
}

/**
 * The submit path both lead forms share (docs/leads.md): check with the shared schema, send
 * JSON (the validated fields, plus the trap field when something filled it, so the server
 * drops the submission), toast the outcome; on failure keep the values and show the
 * server's field errors. Focus moves to the first field in error, so keyboard and
 * screen-reader users land on it and hear its message. Spread `noValidate` on the form.
 */
export function useLeadForm<F extends string, T extends object>(options: LeadFormOptions<F, T>) {
  const { path, fields, validate, state, setState, toasts, onInvalid, onSent } = options;
  const formRef = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState(false);
  // Without JavaScript the browser checks required fields; once hydrated, the shared schema
  // does, so both forms show their problems the same way: inline under each field, tied to
  // it (aria-describedby, aria-invalid), with focus on the first (issue 16).
  const noValidate = useHydrated();

  const showErrors = (errors: FieldErrors) => {
    setState((current) => ({ ...current, errors }));
    const first = fields.find((field) => errors[field]);
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await validate(state.values);
    if (!result.ok) {
      showErrors(result.fieldErrors);
      onInvalid?.(state.values);
      return;
    }
    setSending(true);
    try {
      await apiRequest('POST', path, state.trap ? { ...result.data, [HONEYPOT_FIELD]: state.trap } : result.data);
      toast(toasts.sent);
      onSent();
    } catch (error) {
      showErrors(firstFieldErrors(error));
      toast({ ...toasts.failed, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  /** A field's change handler: the new value, and its error gone until the next check. */
  const setField = (field: F) => (value: string) =>
    setState((current) => ({
      ...current,
      values: { ...current.values, [field]: value },
      errors: { ...current.errors, [field]: undefined },
    }));

  const setTrap = (trap: string) => setState((current) => ({ ...current, trap }));

  return { formRef, noValidate, sending, onSubmit, setField, setTrap };
}
