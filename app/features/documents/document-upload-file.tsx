import { documentsCopy } from '@content/documents';
import { DOCUMENT_ACCEPT } from '@domain/documents/rules';
import type { Ref } from 'react';
import { inputClass, labelClass } from '~/components/ui/input';

/**
 * The Upload Document dialog's file part: the file input, and what the dialog knows about the
 * chosen file (a large file goes in parts; one partly uploaded before is resumed). Its own
 * component, so other ways to add a file can sit beside it in the dialog.
 */
export function DocumentUploadFile({
  id,
  inputRef,
  invalid,
  disabled,
  note,
  onFile,
}: {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  invalid: boolean;
  disabled: boolean;
  /** A line under the input (the large-file or resume message), announced when it changes. */
  note: string | null;
  onFile: (file: File | null) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {documentsCopy.upload.fileLabel}
      </label>
      <input
        ref={inputRef}
        id={id}
        name="file"
        type="file"
        accept={DOCUMENT_ACCEPT}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        aria-invalid={invalid || undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        disabled={disabled}
        className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-brand-700`}
      />
      <p id={`${id}-note`} aria-live="polite" className={note ? 'mt-1.5 text-sm text-slate-600' : 'sr-only'}>
        {note}
      </p>
    </div>
  );
}
