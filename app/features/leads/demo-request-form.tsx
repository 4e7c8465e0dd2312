import { demoForm as copy } from '@content/leads';
import { type DemoField, HONEYPOT_FIELD, LEAD_LIMITS, demoFields, requiredDemoFields } from '@domain/leads/fields';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { useLocation } from 'react-router';
import { Button } from '~/components/ui/button';
import { toast } from '~/lib/toast';
import { Honeypot, LeadField } from './form-parts';
import { DEMO_KEY_FIELD, LEAD_FORM_FIELD, demoFormAction } from './lead-form-post';
import { type LeadFormState, useLeadForm } from './use-lead-form';

export type DemoFormState = LeadFormState<DemoField>;

interface DemoRequestFormProps {
  /** The Request Demo button this form belongs to; names its fields, and its panel after a post without JavaScript. */
  demoKey: string;
  state: DemoFormState;
  setState: Dispatch<SetStateAction<DemoFormState>>;
  /** Called after the API stored the request (JavaScript path). */
  onSent: () => void;
  /** Shown above the fields (the outcome of a post without JavaScript). */
  notice?: ReactNode;
  /** Extra buttons beside Submit (Cancel in the modal). */
  actions?: ReactNode;
}

/**
 * The demo request form (docs/leads.md): name, phone, email, company required and
 * marked *, title and notes optional. A real form posting to its own page (the route action,
 * lead-form-action.server.ts); once hydrated it sends JSON to /api/request-demo instead, checks the required fields itself ('Missing
 * Information') and shows 'Submitting...'. The parent owns the values, so closing the
 * modal by mistake loses nothing.
 */
export function DemoRequestForm({ demoKey, state, setState, onSent, notice, actions }: DemoRequestFormProps) {
  const { pathname } = useLocation();
  const { values, errors } = state;
  const { formRef, noValidate, sending, onSubmit, setField, setTrap } = useLeadForm({
    path: '/api/request-demo',
    fields: demoFields,
    // Zod loads when the visitor first sends, not with the page (decision 021).
    validate: (values) => import('@domain/leads/schemas').then((schemas) => schemas.validateDemoRequest(values)),
    state,
    setState,
    toasts: copy.toasts,
    // Any empty required field means nothing is sent and this notice appears (docs/leads.md).
    onInvalid: (invalid) => {
      if (requiredDemoFields.some((field) => invalid[field].trim() === '')) toast({ ...copy.toasts.missing, variant: 'destructive' });
    },
    onSent,
  });

  const field = (name: DemoField, required: boolean) => ({
    id: `${demoKey}-${name}`,
    name,
    label: copy.fields[name].label,
    placeholder: copy.fields[name].placeholder,
    value: values[name],
    onChange: setField(name),
    error: errors[name],
    required,
    markRequired: true,
  });

  return (
    <form
      ref={formRef}
      method="post"
      action={demoFormAction(pathname, demoKey)}
      onSubmit={onSubmit}
      // Without JavaScript the browser checks required fields; with it, the form does (and says 'Missing Information').
      noValidate={noValidate}
      className="relative space-y-4"
    >
      {notice}
      <p className="text-sm text-slate-600">{copy.requiredNote}</p>
      <input type="hidden" name={LEAD_FORM_FIELD} value="demo" />
      <input type="hidden" name={DEMO_KEY_FIELD} value={demoKey} />
      <Honeypot
        id={`${demoKey}-${HONEYPOT_FIELD}`}
        value={state.trap}
        onChange={setTrap}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <LeadField {...field('name', true)} autoComplete="name" maxLength={LEAD_LIMITS.name} />
        <LeadField {...field('phone', true)} type="tel" autoComplete="tel" maxLength={LEAD_LIMITS.phone} />
        <LeadField {...field('email', true)} type="email" autoComplete="email" maxLength={LEAD_LIMITS.email} />
        <LeadField {...field('company', true)} autoComplete="organization" maxLength={LEAD_LIMITS.company} />
        <LeadField
          {...field('title', false)}
          autoComplete="organization-title"
          maxLength={LEAD_LIMITS.title}
          className="sm:col-span-2"
        />
        <LeadField {...field('notes', false)} rows={4} maxLength={LEAD_LIMITS.longText} className="sm:col-span-2" />
      </div>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {actions}
        <Button type="submit" variant="accent" size="lg" disabled={sending}>
          {sending ? copy.submitting : copy.submit}
        </Button>
      </div>
    </form>
  );
}
