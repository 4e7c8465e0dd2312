import { documentsCopy } from '@content/documents';
import { DOCUMENT_CATEGORIES, DOCUMENT_LIMITS } from '@domain/documents/rules';
import { documentUploadFieldsSchema } from '@domain/documents/schema';
import { Button } from '~/components/ui/button';
import { Field, Input, Select, Textarea } from '~/components/ui/input';
import { toast } from '~/lib/toast';
import { categoryLabel } from './format';

export interface DocumentFieldValues {
  title: string;
  description: string;
  category: string;
}

export type DocumentFieldName = keyof DocumentFieldValues | 'file';

/** The first field a new document's rules refuse, with its message; null when all are valid. */
export function uploadFieldProblem(values: DocumentFieldValues): { field: keyof DocumentFieldValues; message: string } | null {
  const issue = documentUploadFieldsSchema.safeParse(values).error?.issues[0];
  if (!issue) return null;
  return { field: issue.path[0] === 'title' ? 'title' : issue.path[0] === 'category' ? 'category' : 'description', message: issue.message };
}

/** A form checked before sending: 'Validation Error' with the message, and the focus on the field. */
export function showInvalid(idPrefix: string, field: string, message: string) {
  toast({ title: documentsCopy.toasts.validation, description: message, variant: 'destructive' });
  document.getElementById(`${idPrefix}-${field}`)?.focus();
}

/** What is sent: title and description trimmed. */
export function trimmedFields(values: DocumentFieldValues): DocumentFieldValues {
  return { title: values.title.trim(), description: values.description.trim(), category: values.category };
}

/** Cancel and submit at the foot of the upload and import forms. */
export function DocumentFormButtons({ busy, copy, onCancel }: { busy: boolean; copy: { cancel: string; submit: string; submitting: string }; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Button variant="outline" onClick={onCancel}>
        {copy.cancel}
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? copy.submitting : copy.submit}
      </Button>
    </div>
  );
}

/** The categories in tab order, labelled as the tabs are. */
const categoryOptions = DOCUMENT_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));

/** Title, description and category: the text fields the upload and edit dialogs share. */
export function DocumentFields({
  idPrefix,
  values,
  onChange,
  invalid,
}: {
  idPrefix: string;
  values: DocumentFieldValues;
  onChange: (values: DocumentFieldValues) => void;
  /** The field the last validation failed on, marked for assistive technology. */
  invalid: DocumentFieldName | null;
}) {
  const copy = documentsCopy.upload;
  // Each control's name, value and change handler.
  const bind = (name: keyof DocumentFieldValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => onChange({ ...values, [name]: event.target.value }),
  });
  return (
    <>
      <Field id={`${idPrefix}-title`} label={copy.titleLabel} invalid={invalid === 'title'}>
        {(control) => <Input {...control} {...bind('title')} maxLength={DOCUMENT_LIMITS.title} autoComplete="off" />}
      </Field>
      <Field
        id={`${idPrefix}-description`}
        label={
          <>
            {copy.descriptionLabel} <span className="font-normal text-slate-600">{copy.optional}</span>
          </>
        }
        invalid={invalid === 'description'}
      >
        {(control) => <Textarea {...control} {...bind('description')} rows={3} maxLength={DOCUMENT_LIMITS.description} />}
      </Field>
      <Field id={`${idPrefix}-category`} label={copy.categoryLabel} invalid={invalid === 'category'}>
        {(control) => (
          <Select {...control} {...bind('category')}>
            <option value="">{copy.categoryPlaceholder}</option>
            {categoryOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </>
  );
}
