import { documentsCopy } from '@content/documents';
import { documentMessages } from '@domain/documents/rules';
import { documentUpdateSchema, documentUploadFieldsSchema } from '@domain/documents/schema';
import { Link2, Upload } from 'lucide-react';
import { type FormEvent, Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '~/components/ui/dialog';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import type { MultipartUpload } from '~/lib/uppy-multipart';
import { failureMessage, isAbort, updateDocument, uploadDocument } from './document-api';
import { type DocumentFieldName, type DocumentFieldValues, DocumentFields } from './document-fields';
import { DocumentUploadFile } from './document-upload-file';
import { type ResumeInfo, findResumable, goesInParts, loadMultipart } from './document-upload-multipart';
import { DocumentUploadProgress, type UploadProgressState } from './document-upload-progress';
import { findUploadRecord, removeUploadRecord, saveUploadRecord } from './document-upload-record';
import { formatSize } from './document-upload-size';

/** Import from link (issue 14): its code loads when an admin opens it. */
const DocumentImportLink = lazy(() => import('./document-import-link'));

const EMPTY: DocumentFieldValues = { title: '', description: '', category: '' };
/** The back-online notice shows for 3 seconds (docs/documents.md). */
const BACK_ONLINE_NOTICE_MS = 3000;

/** The upload under way: one request (up to 100 MB), or a file in parts. */
type Running = { kind: 'single'; controller: AbortController } | { kind: 'parts'; session: MultipartUpload; file: File };

/** A failed large upload's toast text (docs/documents.md): a 401 says authorization is required; a network failure names the file. */
function transferFailure(error: unknown, fileName: string): string {
  if (error instanceof ApiError && error.status === 401) return documentsCopy.upload.authorizationRequired;
  if (error instanceof ApiError) return failureMessage(error, documentsCopy.toasts.uploadFailed);
  return documentsCopy.upload.failedToUpload(fileName);
}

function sameFields(a: DocumentFieldValues, b: DocumentFieldValues): boolean {
  return a.title === b.title && a.description === b.description && a.category === b.category;
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
  const [progress, setProgress] = useState<UploadProgressState | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useRef<Running | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const revalidator = useRevalidator();
  const id = useId();
  const copy = documentsCopy.upload;

  // Leaving the page stops a file in parts (the server keeps it for a resume) or aborts a request.
  useEffect(
    () => () => {
      stopUpload();
      clearTimeout(noticeTimer.current);
    },
    [],
  );

  function reset() {
    setValues(EMPTY);
    setFile(null);
    setResumeInfo(null);
    setInvalid(null);
    setProgress(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  /** Stops whatever runs without deleting anything on the server. */
  function stopUpload() {
    const running = upload.current;
    upload.current = null;
    if (running?.kind === 'parts') running.session.stop();
    else running?.controller.abort();
  }

  function changeOpen(next: boolean) {
    if (!next) {
      stopUpload();
      setProgress(null);
    }
    setOpen(next);
  }

  /** The Cancel button: aborts the upload (a file in parts is deleted on the server) and closes. */
  function cancel() {
    const running = upload.current;
    if (running?.kind === 'parts') {
      upload.current = null;
      removeUploadRecord(running.file);
      setResumeInfo(null);
      void running.session.cancel().catch(() => {
        // The server sweeps an unfinished upload after a day anyway.
      });
    }
    changeOpen(false);
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
      setValues((current) => (sameFields(current, EMPTY) ? info.record.fields : current));
    });
  }

  function validate(): { field: DocumentFieldName; message: string } | null {
    if (!file || file.size === 0) return { field: 'file', message: documentMessages.fileRequired };
    const parsed = documentUploadFieldsSchema.safeParse(values);
    if (parsed.success) return null;
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'title' ? 'title' : issue?.path[0] === 'category' ? 'category' : 'description';
    return { field, message: issue?.message ?? documentMessages.titleRequired };
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
    const problem = validate();
    setInvalid(problem?.field ?? null);
    if (problem || !file) {
      toast({ title: documentsCopy.toasts.validation, description: problem?.message, variant: 'destructive' });
      document.getElementById(`${id}-${problem?.field ?? 'file'}`)?.focus();
      return;
    }
    // Title and description go trimmed (docs/knowledge-base.md).
    const fields = { title: values.title.trim(), description: values.description.trim(), category: values.category };
    if (goesInParts(file)) await uploadInParts(file, fields);
    else await uploadInOneRequest(file, fields);
  }

  async function uploadInOneRequest(chosen: File, fields: DocumentFieldValues) {
    // The fields first, so the server can refuse an invalid form before the file arrives.
    const form = new FormData();
    form.append('title', fields.title);
    form.append('description', fields.description);
    form.append('category', fields.category);
    form.append('file', chosen);

    const controller = new AbortController();
    const running: Running = { kind: 'single', controller };
    upload.current = running;
    const total = chosen.size;
    setProgress({ bytesUploaded: 0, bytesTotal: total, parts: false, paused: false, offline: false, notice: null });
    try {
      const document = await uploadDocument(form, (fraction) => setProgress((state) => state && { ...state, bytesUploaded: Math.round(fraction * total) }), controller.signal);
      uploaded(document.title);
    } catch (error) {
      if (isAbort(error) || upload.current !== running) return;
      toast({ title: documentsCopy.toasts.uploadFailed, description: failureMessage(error, documentsCopy.toasts.uploadFailed), variant: 'destructive' });
      setProgress(null);
    } finally {
      if (upload.current === running) upload.current = null;
    }
  }

  async function uploadInParts(chosen: File, fields: DocumentFieldValues) {
    const record = findUploadRecord(chosen);
    setProgress({
      bytesUploaded: record && resumeInfo?.record.uploadId === record.uploadId ? resumeInfo.storedBytes : 0,
      bytesTotal: chosen.size,
      parts: true,
      paused: false,
      // Uppy says when the browser is offline (at once, or within 3 s of starting if it already was).
      offline: false,
      notice: null,
    });
    const placeholder = new AbortController();
    upload.current = { kind: 'single', controller: placeholder };
    let module: Awaited<ReturnType<typeof loadMultipart>>;
    try {
      module = await loadMultipart();
    } catch {
      if (placeholder.signal.aborted) return;
      upload.current = null;
      setProgress(null);
      toast({ title: documentsCopy.toasts.uploadFailed, description: copy.failedToUpload(chosen.name), variant: 'destructive' });
      return;
    }
    if (placeholder.signal.aborted) return; // closed or cancelled while the code loaded

    const session = module.startMultipartUpload(chosen, fields, record ? { uploadId: record.uploadId, key: record.key } : null, {
      onStarted: (target, storedBytes) => {
        // The server recorded the fields the upload started with; keep them with the record.
        saveUploadRecord(chosen, { ...target, fields: record?.fields ?? fields });
        if (record) setResumeInfo({ record: { ...record, ...target }, storedBytes });
      },
      onProgress: (bytesUploaded) => setProgress((state) => state && { ...state, bytesUploaded }),
      onConnection: (online) => {
        clearTimeout(noticeTimer.current);
        setProgress((state) => state && { ...state, offline: !online, notice: online ? copy.backOnline : copy.offline });
        if (online) {
          noticeTimer.current = setTimeout(() => setProgress((state) => state && { ...state, notice: null }), BACK_ONLINE_NOTICE_MS);
        }
      },
    });
    const running: Running = { kind: 'parts', session, file: chosen };
    upload.current = running;
    try {
      const answer = await session.done;
      removeUploadRecord(chosen);
      // A resumed upload becomes a document with the fields it started with: the ones typed now win.
      if (record && !sameFields(record.fields, fields)) {
        try {
          await updateDocument(answer.documentId, documentUpdateSchema.parse({ ...fields, carouselImages: [] }));
        } catch (error) {
          toast({ title: documentsCopy.toasts.updateFailed, description: failureMessage(error, documentsCopy.toasts.updateFailed), variant: 'destructive' });
        }
      }
      uploaded(fields.title);
    } catch (error) {
      if (upload.current !== running || isAbort(error)) return;
      // Gone or refused (the server deleted it): a new selection starts again. Else it can resume.
      if (error instanceof ApiError && [404, 413, 415].includes(error.status)) {
        removeUploadRecord(chosen);
        setResumeInfo(null);
      } else {
        void findResumable(chosen).then((info) => setResumeInfo(info));
      }
      toast({ title: documentsCopy.toasts.uploadFailed, description: transferFailure(error, chosen.name), variant: 'destructive' });
      setProgress(null);
    } finally {
      if (upload.current === running) upload.current = null;
    }
  }

  function pause() {
    const running = upload.current;
    if (running?.kind !== 'parts') return;
    running.session.pause();
    setProgress((state) => state && { ...state, paused: true });
  }

  function resume() {
    const running = upload.current;
    if (running?.kind !== 'parts') return;
    running.session.resume();
    setProgress((state) => state && { ...state, paused: false });
  }

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

          {progress ? <DocumentUploadProgress id={`${id}-progress`} state={progress} onPause={pause} onResume={resume} /> : null}

          <div className="flex flex-wrap justify-end gap-3 pt-2">
            <Button variant="outline" onClick={cancel}>
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
