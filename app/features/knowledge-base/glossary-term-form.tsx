import { glossaryCategoryLabels } from '@content/knowledge-base';
import { firstMessages } from '@domain/api-error';
import { glossaryTermSchema } from '@domain/glossary/schema';
import { GLOSSARY_CATEGORIES, GLOSSARY_LIMITS, type GlossaryTerm } from '@domain/glossary/term';
import { fieldErrorsOf } from '@domain/zod';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { ConflictNotice } from '~/components/ui/conflict-notice';
import { Field, Input, Select, Textarea } from '~/components/ui/input';
import { failureNotice, firstFieldErrors } from '~/lib/api';
import { type EditConflict, readConflict } from '~/lib/edit-conflict';
import { toast } from '~/lib/toast';
import { createTerm, updateTerm } from './glossary-api';

/** The glossary form's states (docs/glossary.md): hidden, adding, or editing one term. */
export type GlossaryFormState = { mode: 'hidden' } | { mode: 'add' } | { mode: 'edit'; term: GlossaryTerm };

type TermField = 'term' | 'definition' | 'category' | 'synonyms' | 'relatedTerms';
type FieldErrors = Partial<Record<TermField, string>>;

const copy = {
  add: { heading: 'Add a glossary term', submit: 'Add Term', success: 'Term added', failure: 'Failed to add term', fallback: 'Failed to create term' },
  edit: { heading: 'Edit glossary term', submit: 'Save Changes', success: 'Term updated', failure: 'Failed to update term', fallback: 'Failed to update term' },
} as const;

/**
 * The admin's add/edit form. Checks with the same schema as the API before sending, shows
 * field errors inline (the server's too), and toasts the outcome (docs/glossary.md). An edit
 * sends the version it opened; when someone saved the term since, the form says so and offers
 * to keep what was typed or take their version (docs/admin.md, Edit conflicts).
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
  // The version being edited: the one opened, or the one taken from a conflict.
  const [editing, setEditing] = useState<GlossaryTerm | null>(state.mode === 'edit' ? state.term : null);
  // Raised by "Use their version", so the fields show the term as it is now.
  const [fieldsKey, setFieldsKey] = useState(0);
  const [conflict, setConflict] = useState<EditConflict<GlossaryTerm> | null>(null);
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
      setErrors(firstMessages(fieldErrorsOf(parsed.error)));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const saved = editing ? await updateTerm(editing.id, parsed.data, editing.version) : await createTerm(parsed.data);
      setConflict(null);
      toast({ title: text.success, description: saved.term });
      onSaved(saved);
    } catch (error) {
      const stale = editing ? readConflict<GlossaryTerm>(error) : null;
      if (stale) {
        // The notice in the form says it all (role=alert); what was typed stays until the admin chooses.
        setConflict(stale);
        return;
      }
      setErrors(firstFieldErrors(error));
      toast({ title: text.failure, description: failureNotice(error, text.fallback), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  const fieldId = (name: TermField) => `${id}-${name}`;

  function keepMine() {
    if (!conflict || !editing) return;
    setEditing({ ...editing, version: conflict.current.version });
    setConflict(null);
    requestAnimationFrame(() => firstField.current?.focus());
  }

  function useTheirs() {
    if (!conflict) return;
    setEditing(conflict.current);
    setErrors({});
    setFieldsKey((key) => key + 1);
    setConflict(null);
    requestAnimationFrame(() => firstField.current?.focus());
  }

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
      {conflict ? (
        <div className="mt-4">
          <ConflictNotice message={conflict.message} onKeepMine={keepMine} onUseTheirs={useTheirs} />
        </div>
      ) : null}
      <div key={fieldsKey} className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field id={fieldId('term')} label="Term" markRequired error={errors.term}>
          {(control) => (
            <Input ref={firstField} {...control} name="term" required maxLength={GLOSSARY_LIMITS.term} defaultValue={editing?.term} />
          )}
        </Field>
        <Field id={fieldId('category')} label="Category" error={errors.category}>
          {(control) => (
            <Select {...control} name="category" defaultValue={editing?.category ?? 'general'}>
              {GLOSSARY_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {glossaryCategoryLabels[category]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={fieldId('definition')} label="Definition" markRequired error={errors.definition} className="sm:col-span-2">
          {(control) => (
            <Textarea
              {...control}
              name="definition"
              required
              rows={4}
              maxLength={GLOSSARY_LIMITS.definition}
              defaultValue={editing?.definition}
            />
          )}
        </Field>
        <Field id={fieldId('synonyms')} label="Synonyms" hint="Separate with commas, e.g. BOG, boil-off" error={errors.synonyms}>
          {(control) => <Input {...control} name="synonyms" defaultValue={editing?.synonyms} />}
        </Field>
        <Field
          id={fieldId('relatedTerms')}
          label="Related terms"
          hint="Names of other terms, separated with commas"
          error={errors.relatedTerms}
        >
          {(control) => <Input {...control} name="relatedTerms" defaultValue={editing?.relatedTerms} />}
        </Field>
      </div>
      <p className="mt-3 text-xs text-slate-600">
        <span aria-hidden="true">*</span> Required
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" disabled={pending || conflict !== null}>
          {pending ? 'Saving...' : text.submit}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
