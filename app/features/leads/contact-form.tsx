import { contactForm as copy } from '@content/leads';
import { RETURN_TO_FIELD, readContactUrlState } from '@domain/leads/form-outcome';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { toast } from '~/lib/toast';
import { FormNotice, Honeypot, TextAreaField, TextField, focusFirstError, readFieldErrors, sendLead } from './form-parts';
import {
  type ContactField,
  type ContactValues,
  type FieldErrors,
  HONEYPOT_FIELD,
  LEAD_LIMITS,
  contactFields,
  emptyContactValues,
  validateContactMessage,
} from '@domain/leads/schemas';

/**
 * The home page's contact form (SPEC §4, §5). A real form posting to /api/contact, so it
 * works without JavaScript (the API answers 303 back here with the outcome in the URL,
 * which this component reads). With JavaScript it sends JSON, shows 'Sending...', toasts
 * the result, clears on success and keeps the values on failure.
 */
export function ContactForm() {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const fromUrl = readContactUrlState(searchParams);

  const [values, setValues] = useState<ContactValues>(() => fromUrl?.values ?? emptyContactValues());
  const [errors, setErrors] = useState<FieldErrors>(() => {
    if (fromUrl?.outcome !== 'invalid') return {};
    const result = validateContactMessage(fromUrl.values);
    return result.ok ? {} : result.fieldErrors;
  });
  const [trap, setTrap] = useState('');
  const [sending, setSending] = useState(false);
  // The notice from a post without JavaScript goes once the visitor sends again.
  const [showUrlNotice, setShowUrlNotice] = useState(true);

  const setField = (field: ContactField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShowUrlNotice(false);
    const result = validateContactMessage(values);
    if (!result.ok) {
      setErrors(result.fieldErrors);
      focusFirstError(formRef.current, contactFields, result.fieldErrors);
      return;
    }
    setSending(true);
    try {
      await sendLead('/api/contact', result.data, trap);
      toast(copy.toasts.sent);
      setValues(emptyContactValues());
      setErrors({});
    } catch (error) {
      const fieldErrors = readFieldErrors(error);
      setErrors(fieldErrors);
      focusFirstError(formRef.current, contactFields, fieldErrors);
      toast({ ...copy.toasts.failed, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  const field = (name: ContactField) => ({
    id: `${id}-${name}`,
    name,
    label: copy.fields[name].label,
    placeholder: copy.fields[name].placeholder,
    value: values[name],
    onChange: setField(name),
    error: errors[name],
    required: true,
  });
  const notice = showUrlNotice && fromUrl ? copy.notices[fromUrl.outcome] : null;

  return (
    <form
      ref={formRef}
      method="post"
      action="/api/contact"
      onSubmit={onSubmit}
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
      <Honeypot id={`${id}-${HONEYPOT_FIELD}`} value={trap} onChange={setTrap} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field('firstName')} autoComplete="given-name" maxLength={LEAD_LIMITS.name} />
        <TextField {...field('lastName')} autoComplete="family-name" maxLength={LEAD_LIMITS.name} />
      </div>
      <TextField {...field('company')} autoComplete="organization" maxLength={LEAD_LIMITS.company} />
      <TextField {...field('email')} type="email" autoComplete="email" maxLength={LEAD_LIMITS.email} />
      <TextAreaField {...field('message')} rows={4} maxLength={LEAD_LIMITS.longText} />
      <Button type="submit" variant="accent" size="lg" disabled={sending} className="w-full sm:w-auto">
        {sending ? copy.sending : copy.submit}
      </Button>
    </form>
  );
}
