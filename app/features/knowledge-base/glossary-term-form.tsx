import { glossaryCategoryLabels } from '@content/knowledge-base';
import { glossaryTermSchema } from '@domain/glossary/schema';
import { GLOSSARY_CATEGORIES, GLOSSARY_LIMITS, type GlossaryTerm } from '@domain/glossary/term';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { toast } from '~/lib/toast';
import { createTerm, failureMessage, serverFieldErrors, updateTerm } from './glossary-api';
import { errorClass, inputClass, labelClass } from './form-styles';

/** The glossary form's states (SPEC §4): hidden, adding, or editing one term. */
export type GlossaryFormState = { mode: 'hidden' } | { mode: 'add' } | { mode: 'edit'; term: GlossaryTerm };

type Field = 'term' | 'definition' | 'category' | 'synonyms' | 'relatedTerms';
type FieldErrors = Partial<Record<Field, string>>;

const copy = {
  add: { heading: 'Add a glossary term', submit: 'Add Term', success: 'Term added', failure: 'Failed to add term', fallback: 'Failed to create term' },
  edit: { heading: 'Edit glossary term', submit: 'Save Changes', success: 'Term updated', failure: 'Failed to update term', fallback: 'Failed to update term' },
} as const;

/**
 * The admin's add/edit form. Checks with the same schema as the API before sending, shows
 * field errors inline (the server's too), and toasts the outcome (SPEC §8).
 */
export function GlossaryTermForm({
  state,
  onCancel,
  onSaved,
}: {
  state: { mode: 'add' } | { mode: 'edit'; term: GlossaryTerm };
  onCancel: () => void;
  onSaved: (term: GlossaryTerm) => void;
}) {
  const text = copy[state.mode];
  const editing = state.mode === 'edit' ? state.term : null;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    firstField.current?.focus();
  }, [editing?.id]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = glossaryTermSchema.safeParse({
      term: String(form.get('term') ?? ''),
      definition: String(form.get('definition') ?? ''),
      category: String(form.get('category') ?? 'general'),
      synonyms: String(form.get('synonyms') ?? ''),
      relatedTerms: String(form.get('relatedTerms') ?? ''),
    });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const saved = editing ? await updateTerm(editing.id, parsed.data) : await createTerm(parsed.data);
      toast({ title: text.success, description: saved.term });
      onSaved(saved);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toast({ title: text.failure, description: failureMessage(error, text.fallback), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  const field = (name: Field, hintId?: string) => {
    const describedBy = [hintId, errors[name] ? `${id}-${name}-error` : undefined].filter(Boolean).join(' ');
    return {
      id: `${id}-${name}`,
      name,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': describedBy || undefined,
    };
  };
  const fieldError = (name: Field) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className={errorClass}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="mb-8 rounded-xl border border-brand-200 bg-brand-50/60 p-5 shadow-sm sm:p-6"
    >
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        {text.heading}
      </h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-term`} className={labelClass}>
            Term <span aria-hidden="true">*</span>
          </label>
          <input
            ref={firstField}
            {...field('term')}
            required
            maxLength={GLOSSARY_LIMITS.term}
            defaultValue={editing?.term}
            className={inputClass}
          />
          {fieldError('term')}
        </div>
        <div>
          <label htmlFor={`${id}-category`} className={labelClass}>
            Category
          </label>
          <select {...field('category')} defaultValue={editing?.category ?? 'general'} className={inputClass}>
            {GLOSSARY_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {glossaryCategoryLabels[category]}
              </option>
            ))}
          </select>
          {fieldError('category')}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-definition`} className={labelClass}>
            Definition <span aria-hidden="true">*</span>
          </label>
          <textarea
            {...field('definition')}
            required
            rows={4}
            maxLength={GLOSSARY_LIMITS.definition}
            defaultValue={editing?.definition}
            className={inputClass}
          />
          {fieldError('definition')}
        </div>
        <div>
          <label htmlFor={`${id}-synonyms`} className={labelClass}>
            Synonyms
          </label>
          <input {...field('synonyms', `${id}-synonyms-hint`)} defaultValue={editing?.synonyms} className={inputClass} />
          <p id={`${id}-synonyms-hint`} className="mt-1 text-xs text-slate-600">
            Separate with commas, e.g. BOG, boil-off
          </p>
          {fieldError('synonyms')}
        </div>
        <div>
          <label htmlFor={`${id}-relatedTerms`} className={labelClass}>
            Related terms
          </label>
          <input {...field('relatedTerms', `${id}-related-hint`)} defaultValue={editing?.relatedTerms} className={inputClass} />
          <p id={`${id}-related-hint`} className="mt-1 text-xs text-slate-600">
            Names of other terms, separated with commas
          </p>
          {fieldError('relatedTerms')}
        </div>
      </div>
      <p className="mt-3 text-xs text-slate-600">
        <span aria-hidden="true">*</span> Required
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : text.submit}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function firstErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const name = issue.path[0];
    if (typeof name === 'string' && !(name in errors)) errors[name as Field] = issue.message;
  }
  return errors;
}
