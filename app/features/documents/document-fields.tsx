import { documentsCopy } from '@content/documents';
import { DOCUMENT_CATEGORIES, DOCUMENT_LIMITS } from '@domain/documents/rules';
import { categoryLabel } from './format';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-700';
export const labelClass = 'block text-sm font-semibold text-ink';

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
      <div>
        <label htmlFor={`${idPrefix}-title`} className={labelClass}>
          {copy.titleLabel}
        </label>
        <input
          id={`${idPrefix}-title`}
          name="title"
          value={values.title}
          onChange={(event) => onChange({ ...values, title: event.target.value })}
          maxLength={DOCUMENT_LIMITS.title}
          aria-invalid={invalid === 'title' || undefined}
          autoComplete="off"
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-description`} className={labelClass}>
          {copy.descriptionLabel} <span className="font-normal text-slate-600">{copy.optional}</span>
        </label>
        <textarea
          id={`${idPrefix}-description`}
          name="description"
          rows={3}
          value={values.description}
          onChange={(event) => onChange({ ...values, description: event.target.value })}
          maxLength={DOCUMENT_LIMITS.description}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-category`} className={labelClass}>
          {copy.categoryLabel}
        </label>
        <select
          id={`${idPrefix}-category`}
          name="category"
          value={values.category}
          onChange={(event) => onChange({ ...values, category: event.target.value })}
          aria-invalid={invalid === 'category' || undefined}
          className={inputClass}
        >
          <option value="">{copy.categoryPlaceholder}</option>
          {categoryOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
