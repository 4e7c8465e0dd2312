import { contactForm as copy } from '@content/leads';
import { type ContactField, HONEYPOT_FIELD, LEAD_LIMITS, contactFields, emptyContactValues } from '@domain/leads/fields';
import { useId, useState } from 'react';
import { useActionData, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormNotice, Honeypot, LeadField } from './form-parts';
import { CONTACT_FORM_ACTION, LEAD_FORM_FIELD, type LeadActionData, SENT_PARAM } from './lead-form-post';
import { type LeadFormState, leadFormState, useLeadForm } from './use-lead-form';

/**
 * The home page's contact form (docs/leads.md). A real form posting to the home page, so it
 * works without JavaScript: the route action answers with the values and field errors, or
 * redirects to `?sent=contact` (lead-form-post.ts). With JavaScript it sends JSON to
 * /api/contact, shows 'Sending...', toasts the result, clears on success and keeps the values
 * on failure.
 */
export function ContactForm() {
  const id = useId();
  const [searchParams] = useSearchParams();
  const actionData = useActionData<LeadActionData>();
  const posted = actionData?.form === 'contact' ? actionData : null;
  const outcome = posted?.outcome ?? (searchParams.get(SENT_PARAM) === 'contact' ? 'sent' : null);

  const [state, setState] = useState<LeadFormState<ContactField>>(() =>
    leadFormState(posted?.values ?? emptyContactValues(), posted?.fieldErrors),
  );
  // The notice from a post without JavaScript goes once the visitor sends again.
  const [showPostNotice, setShowPostNotice] = useState(true);
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
  const notice = showPostNotice && outcome ? copy.notices[outcome] : null;

  return (
    <form
      ref={formRef}
      method="post"
      action={CONTACT_FORM_ACTION}
      noValidate={noValidate}
      onSubmit={(event) => {
        setShowPostNotice(false);
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
      {notice ? (
        <FormNotice tone={outcome === 'sent' ? 'success' : 'error'} title={notice.title}>
          {notice.text}
        </FormNotice>
      ) : null}
      <input type="hidden" name={LEAD_FORM_FIELD} value="contact" />
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
