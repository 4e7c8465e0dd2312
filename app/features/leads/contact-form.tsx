import { contactForm as copy } from '@content/leads';
import { RETURN_TO_FIELD, readContactUrlState } from '@domain/leads/form-outcome';
import type { FieldErrors } from '@domain/api-error';
import { type ContactField, HONEYPOT_FIELD, LEAD_LIMITS, contactFields, emptyContactValues } from '@domain/leads/fields';
import { useId, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormNotice, Honeypot, LeadField } from './form-parts';
import { type LeadFormState, leadFormState, useLeadForm } from './use-lead-form';

/**
 * The home page's contact form (docs/leads.md). A real form posting to /api/contact, so it
 * works without JavaScript (the API answers 303 back here with the outcome in the URL,
 * which this component reads). With JavaScript it sends JSON, shows 'Sending...', toasts
 * the result, clears on success and keeps the values on failure.
 */
export function ContactForm({ urlErrors }: { urlErrors: FieldErrors }) {
  const id = useId();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const fromUrl = readContactUrlState(searchParams);

  const [state, setState] = useState<LeadFormState<ContactField>>(() =>
    leadFormState(fromUrl?.values ?? emptyContactValues(), urlErrors),
  );
  // The notice from a post without JavaScript goes once the visitor sends again.
  const [showUrlNotice, setShowUrlNotice] = useState(true);
  const { formRef, noValidate, sending, onSubmit, setField, setTrap } = useLeadForm({
    path: '/api/contact',
    fields: contactFields,
    // Zod loads when the visitor first sends, not with the home page (decision 021).
    validate: (values) => import('@domain/leads/schemas').then((schemas) => schemas.validateContactMessage(values)),
    state,
    setState,
    toasts: copy.toasts,
    onSent: () => setState((current) => ({ ...current, values: emptyContactValues(), errors: {} })),
  });

  const field = (name: ContactField) => ({
    id: `${id}-${name}`,
    name,
    label: copy.fields[name].label,
    placeholder: copy.fields[name].placeholder,
    value: state.values[name],
    onChange: setField(name),
    error: state.errors[name],
    required: true,
  });
  const notice = showUrlNotice && fromUrl ? copy.notices[fromUrl.outcome] : null;

  return (
    <form
      ref={formRef}
      method="post"
      action="/api/contact"
      noValidate={noValidate}
      onSubmit={(event) => {
        setShowUrlNotice(false);
        void onSubmit(event);
      }}
      aria-labelledby={`${id}-heading`}
      className="relative space-y-5"
    >
      <div>
        <h3 id={`${id}-heading`} className="text-xl font-bold text-ink">
          {copy.heading}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{copy.requiredNote}</p>
      </div>
      {notice && fromUrl ? (
        <FormNotice tone={fromUrl.outcome === 'sent' ? 'success' : 'error'} title={notice.title}>
          {notice.text}
        </FormNotice>
      ) : null}
      <input type="hidden" name={RETURN_TO_FIELD} value={pathname} />
      <Honeypot id={`${id}-${HONEYPOT_FIELD}`} value={state.trap} onChange={setTrap} />
      <div className="grid gap-5 sm:grid-cols-2">
        <LeadField {...field('firstName')} autoComplete="given-name" maxLength={LEAD_LIMITS.name} />
        <LeadField {...field('lastName')} autoComplete="family-name" maxLength={LEAD_LIMITS.name} />
      </div>
      <LeadField {...field('company')} autoComplete="organization" maxLength={LEAD_LIMITS.company} />
      <LeadField {...field('email')} type="email" autoComplete="email" maxLength={LEAD_LIMITS.email} />
      <LeadField {...field('message')} rows={4} maxLength={LEAD_LIMITS.longText} />
      <Button type="submit" variant="accent" size="lg" disabled={sending} className="w-full sm:w-auto">
        {sending ? copy.sending : copy.submit}
      </Button>
    </form>
  );
}
