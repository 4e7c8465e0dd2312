import { documentsCopy } from '@content/documents';
import { documentMessages } from '@domain/documents/rules';
import { Link2, Upload } from 'lucide-react';
import { type FormEvent, Suspense, lazy, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '~/components/ui/dialog';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { failureMessage, uploadDocument } from './document-api';
import { type DocumentFieldName, type DocumentFieldValues, DocumentFields, DocumentFormButtons, showInvalid, trimmedFields, uploadFieldProblem } from './document-fields';
import { DocumentUploadFile } from './document-upload-file';
import { type ResumeInfo, findResumable, goesInParts, loadMultipart } from './document-upload-multipart';
import { DocumentUploadProgress } from './document-upload-progress';
import { findUploadRecord, removeUploadRecord, saveUploadRecord } from './document-upload-record';
import { isAbortError } from './document-upload-request';
import { formatSize } from './document-upload-size';
import { useDocumentUpload } from './document-upload-state';

/** Import from link (issue 14): its code loads when an admin opens it. */
const DocumentImportLink = lazy(() => import('./document-import-link'));

const EMPTY: DocumentFieldValues = { title: '', description: '', category: '' };

/** A failed large upload's toast text (docs/documents.md): a 401 says authorization is required; a network failure names the file. */
function transferFailure(error: unknown, fileName: string): string {
  if (error instanceof ApiError && error.status === 401) return documentsCopy.upload.authorizationRequired;
  if (error instanceof ApiError) return failureMessage(error, documentsCopy.toasts.uploadFailed);
  return documentsCopy.upload.failedToUpload(fileName);
}

/**
 * The admin banner's Upload Document button and its dialog (docs/knowledge-base.md, docs/documents.md): file, title,
 * description, category; checked here first ('Validation Error', nothing sent), then uploaded
 * with a real progress bar. Up to 100 MB in one request; larger files in parts through Uppy
 * (loaded only then), with Pause, Resume, a pause of its own while offline, and a resume
 * after a reload when the same file is selected again. Cancel aborts (a file in parts is
 * deleted on the server); closing the dialog stops a file in parts but keeps it to resume.
 */
export function UploadDocumentButton() {
  const [open, setOpen] = useState(false);
  const [fromLink, setFromLink] = useState(false);
  const [values, setValues] = useState<DocumentFieldValues>(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [resumeInfo, setResumeInfo] = useState<ResumeInfo | null>(null);
  const [invalid, setInvalid] = useState<DocumentFieldName | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useDocumentUpload();
  const revalidator = useRevalidator();
  const id = useId();
  const copy = documentsCopy.upload;

  function reset() {
    setValues(EMPTY);
    setFile(null);
    setResumeInfo(null);
    setInvalid(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  function changeOpen(next: boolean) {
    if (!next) upload.stop();
    setOpen(next);
  }

  /** The Cancel button: aborts the upload (a file in parts is deleted on the server) and closes. */
  function cancel() {
    const cancelled = upload.cancel();
    if (cancelled) {
      removeUploadRecord(cancelled);
      setResumeInfo(null);
    }
    setOpen(false);
  }

  function chooseFile(next: File | null) {
    setFile(next);
    setResumeInfo(null);
    if (!next || !goesInParts(next)) return;
    // Fetch the Uppy code now, while the admin fills in the form.
    void loadMultipart().catch(() => undefined);
    void findResumable(next).then((info) => {
      if (!info || fileInput.current?.files?.[0] !== next) return;
      setResumeInfo(info);
      // The upload was started with these fields: offer them again.
      setValues((current) => (current.title || current.description || current.category ? current : info.record.fields));
    });
  }

  function uploaded(title: string) {
    toast({ title: documentsCopy.toasts.uploaded, description: title });
    reset();
    setOpen(false);
    // The lists below come from the page's loader: running it again shows the new document.
    void revalidator.revalidate();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = !file || file.size === 0 ? { field: 'file' as const, message: documentMessages.fileRequired } : uploadFieldProblem(values);
    setInvalid(problem?.field ?? null);
    if (problem || !file) return showInvalid(id, problem?.field ?? 'file', problem?.message ?? documentMessages.fileRequired);
    const fields = trimmedFields(values);
    if (goesInParts(file)) await uploadInParts(file, fields);
    else await uploadInOneRequest(file, fields);
  }

  async function uploadInOneRequest(chosen: File, fields: DocumentFieldValues) {
    // The fields first, so the server can refuse an invalid form before the file arrives.
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', chosen);

    const controller = new AbortController();
    const { run } = upload.dispatch({ type: 'start-single', controller, bytesTotal: chosen.size });
    try {
      const onProgress = (fraction: number) => upload.dispatch({ type: 'progress', run, bytesUploaded: Math.round(fraction * chosen.size) });
      const document = await uploadDocument(form, onProgress, controller.signal);
      upload.dispatch({ type: 'end', run });
      uploaded(document.title);
    } catch (error) {
      if (isAbortError(error) || !upload.isCurrent(run)) return;
      upload.dispatch({ type: 'end', run });
      toast({ title: documentsCopy.toasts.uploadFailed, description: failureMessage(error, documentsCopy.toasts.uploadFailed), variant: 'destructive' });
    }
  }

  async function uploadInParts(chosen: File, fields: DocumentFieldValues) {
    const record = findUploadRecord(chosen);
    const storedBytes = record && resumeInfo?.record.uploadId === record.uploadId ? resumeInfo.storedBytes : 0;
    const { run } = upload.dispatch({ type: 'start-parts', file: chosen, bytesUploaded: storedBytes });
    try {
      // The Uppy code fails to load like a transfer without an answer: "Failed to upload" the file.
      const module = await loadMultipart();
      if (!upload.isCurrent(run)) return; // closed or cancelled while the code loaded
      // The fields go with the start and again with complete: the ones typed now are the document's.
      const session = module.startMultipartUpload(chosen, fields, record ? { uploadId: record.uploadId, key: record.key } : null, {
        onStarted: (target, stored) => {
          // Kept with the fields the server recorded at start: a reselection offers them again.
          saveUploadRecord(chosen, { ...target, fields: record?.fields ?? fields });
          if (record) setResumeInfo({ record: { ...record, ...target }, storedBytes: stored });
        },
        onProgress: (bytesUploaded) => upload.dispatch({ type: 'progress', run, bytesUploaded }),
        onConnection: (online) => upload.connection(run, online),
      });
      upload.dispatch({ type: 'attach', run, session });
      await session.done;
      removeUploadRecord(chosen);
      upload.dispatch({ type: 'end', run });
      uploaded(fields.title);
    } catch (error) {
      if (!upload.isCurrent(run) || isAbortError(error)) return;
      upload.dispatch({ type: 'end', run });
      // Gone or refused (the server deleted it): a new selection starts again. Else it can resume.
      if (error instanceof ApiError && [404, 413, 415].includes(error.status)) {
        removeUploadRecord(chosen);
        setResumeInfo(null);
      } else {
        void findResumable(chosen).then((info) => setResumeInfo(info));
      }
      toast({ title: documentsCopy.toasts.uploadFailed, description: transferFailure(error, chosen.name), variant: 'destructive' });
    }
  }

  const progress = upload.state.progress;
  const uploading = progress !== null;
  const note =
    file && goesInParts(file)
      ? resumeInfo && resumeInfo.storedBytes > 0
        ? copy.resuming(formatSize(resumeInfo.storedBytes), formatSize(file.size))
        : copy.largeFileNote
      : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setFromLink(false);
        changeOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm">
          <Upload aria-hidden="true" className="h-4 w-4" />
          {copy.button}
        </Button>
      </DialogTrigger>
      <DialogContent title={copy.title} description={copy.description}>
        {fromLink ? (
          <Suspense fallback={<p className="text-sm text-slate-600">{documentsCopy.importLink.loading}</p>}>
            <DocumentImportLink
              onClose={() => {
                setFromLink(false);
                changeOpen(false);
              }}
              onBack={() => setFromLink(false)}
            />
          </Suspense>
        ) : null}
        <form onSubmit={submit} noValidate className={fromLink ? 'hidden' : 'grid gap-4'}>
          <DocumentUploadFile id={`${id}-file`} inputRef={fileInput} invalid={invalid === 'file'} disabled={uploading} note={note} onFile={chooseFile} />
          <Button type="button" variant="ghost" size="sm" className="justify-self-start" disabled={uploading} onClick={() => setFromLink(true)}>
            <Link2 aria-hidden="true" className="h-4 w-4" />
            {documentsCopy.importLink.open}
          </Button>
          <fieldset disabled={uploading} className="grid gap-4">
            <DocumentFields idPrefix={id} values={values} onChange={setValues} invalid={invalid} />
          </fieldset>

          {progress ? <DocumentUploadProgress id={`${id}-progress`} label={copy.progress} state={progress} onPause={() => upload.setPaused(true)} onResume={() => upload.setPaused(false)} /> : null}

          <div className="pt-2">
            <DocumentFormButtons busy={uploading} copy={copy} onCancel={cancel} />
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
