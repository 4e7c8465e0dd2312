import { documentsCopy } from '@content/documents';
import { DOCUMENT_CATEGORIES, DOCUMENT_LIMITS } from '@domain/documents/rules';
import { Field, Input, Select, Textarea } from '~/components/ui/input';
import { categoryLabel } from './format';

export interface DocumentFieldValues {
  title: string;
  description: string;
  category: string;
}

export type DocumentFieldName = keyof DocumentFieldValues | 'file';

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
  return (
    <>
      <Field id={`${idPrefix}-title`} label={copy.titleLabel} invalid={invalid === 'title'}>
        {(control) => (
          <Input
            {...control}
            name="title"
            value={values.title}
            onChange={(event) => onChange({ ...values, title: event.target.value })}
            maxLength={DOCUMENT_LIMITS.title}
            autoComplete="off"
          />
        )}
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
        {(control) => (
          <Textarea
            {...control}
            name="description"
            rows={3}
            value={values.description}
            onChange={(event) => onChange({ ...values, description: event.target.value })}
            maxLength={DOCUMENT_LIMITS.description}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-category`} label={copy.categoryLabel} invalid={invalid === 'category'}>
        {(control) => (
          <Select
            {...control}
            name="category"
            value={values.category}
            onChange={(event) => onChange({ ...values, category: event.target.value })}
          >
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
