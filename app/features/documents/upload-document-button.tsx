import { documentsCopy } from '@content/documents';
import { DOCUMENT_ACCEPT, documentMessages } from '@domain/documents/rules';
import { documentUploadFieldsSchema } from '@domain/documents/schema';
import { Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '~/components/ui/dialog';
import { inputClass, labelClass } from '~/components/ui/input';
import { toast } from '~/lib/toast';
import { type DocumentFieldName, type DocumentFieldValues, DocumentFields } from './document-fields';
import { failureMessage, isAbort, uploadDocument } from './document-api';

const EMPTY: DocumentFieldValues = { title: '', description: '', category: '' };

/**
 * The admin banner's Upload Document button and its dialog (SPEC §4, §5): file, title,
 * description, category; checked here first ('Validation Error', nothing sent), then
 * uploaded with a real progress bar. Cancel aborts an upload in progress and closes.
 */
export function UploadDocumentButton() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<DocumentFieldValues>(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [invalid, setInvalid] = useState<DocumentFieldName | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const revalidator = useRevalidator();
  const id = useId();
  const copy = documentsCopy.upload;

  function reset() {
    setValues(EMPTY);
    setFile(null);
    setInvalid(null);
    setProgress(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  function changeOpen(next: boolean) {
    if (!next) upload.current?.abort();
    setOpen(next);
  }

  function validate(): { field: DocumentFieldName; message: string } | null {
    if (!file || file.size === 0) return { field: 'file', message: documentMessages.fileRequired };
    const parsed = documentUploadFieldsSchema.safeParse(values);
    if (parsed.success) return null;
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'title' ? 'title' : issue?.path[0] === 'category' ? 'category' : 'description';
    return { field, message: issue?.message ?? documentMessages.titleRequired };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validate();
    setInvalid(problem?.field ?? null);
    if (problem || !file) {
      toast({ title: documentsCopy.toasts.validation, description: problem?.message, variant: 'destructive' });
      document.getElementById(`${id}-${problem?.field ?? 'file'}`)?.focus();
      return;
    }
    // Title and description go trimmed (SPEC §5); the fields first, so the server can refuse
    // an invalid form before the file arrives.
    const form = new FormData();
    form.append('title', values.title.trim());
    form.append('description', values.description.trim());
    form.append('category', values.category);
    form.append('file', file);

    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    try {
      const uploaded = await uploadDocument(form, setProgress, controller.signal);
      toast({ title: documentsCopy.toasts.uploaded, description: uploaded.title });
      reset();
      setOpen(false);
      // The lists below come from the page's loader: running it again shows the new document.
      void revalidator.revalidate();
    } catch (error) {
      if (isAbort(error)) {
        setProgress(null);
        return;
      }
      toast({ title: documentsCopy.toasts.uploadFailed, description: failureMessage(error, documentsCopy.toasts.uploadFailed), variant: 'destructive' });
      setProgress(null);
    } finally {
      upload.current = null;
    }
  }

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Upload aria-hidden="true" className="h-4 w-4" />
          {copy.button}
        </Button>
      </DialogTrigger>
      <DialogContent title={copy.title} description={copy.description}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div>
            <label htmlFor={`${id}-file`} className={labelClass}>
              {copy.fileLabel}
            </label>
            <input
              ref={fileInput}
              id={`${id}-file`}
              name="file"
              type="file"
              accept={DOCUMENT_ACCEPT}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              aria-invalid={invalid === 'file' || undefined}
              disabled={uploading}
              className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-brand-700`}
            />
          </div>
          <fieldset disabled={uploading} className="grid gap-4">
            <DocumentFields idPrefix={id} values={values} onChange={setValues} invalid={invalid} />
          </fieldset>

          {uploading ? (
            <div>
              <div className="flex justify-between text-sm text-slate-700">
                <span id={`${id}-progress-label`}>{copy.progress}</span>
                <span aria-hidden="true">{percent}%</span>
              </div>
              <div
                role="progressbar"
                aria-labelledby={`${id}-progress-label`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
              </div>
            </div>
          ) : null}

          <div className="flex flex-wrap justify-end gap-3 pt-2">
            <Button variant="outline" onClick={() => changeOpen(false)}>
              {copy.cancel}
            </Button>
            <Button type="submit" disabled={uploading}>
              {uploading ? copy.submitting : copy.submit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
