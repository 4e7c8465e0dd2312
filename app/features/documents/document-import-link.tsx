import { documentsCopy } from '@content/documents';
import { Link2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/input';
import { ApiError, apiJson, failureNotice } from '~/lib/api';
import { toast } from '~/lib/toast';
import { type DocumentFieldName, type DocumentFieldValues, DocumentFields, DocumentFormButtons, showInvalid, trimmedFields, uploadFieldProblem } from './document-fields';
import { type ImportClient, followImport, importSocketUrl } from './document-import-client';
import { DocumentUploadProgress } from './document-upload-progress';
import { formatSize } from './document-upload-size';
import type { UploadProgressState } from './document-upload-state';

/**
 * Import from link, inside the Upload Document dialog (docs/documents.md, "Import from
 * link"): paste a link, see what it is (`url/meta`), fill in the fields, Import. The server
 * fetches the file; `url/get` answers a token, and `followImport` (document-import-client.ts)
 * follows it over the companion socket: progress, Pause, Resume, Cancel, then success or the
 * server's message. Loaded only when an admin opens it.
 */

interface RemoteMeta {
  name: string;
  type: string;
  size: number | null;
}

const EMPTY: DocumentFieldValues = { title: '', description: '', category: '' };

/** "brochure 2026.pdf" → "brochure 2026": a first guess at the title. */
function titleFrom(name: string): string {
  return name.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/[_]+/g, ' ').trim();
}

export function DocumentImportLink({ onClose, onBack }: { onClose: () => void; onBack: () => void }) {
  const copy = documentsCopy.importLink;
  const id = useId();
  const revalidator = useRevalidator();
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [meta, setMeta] = useState<RemoteMeta | null>(null);
  const [checking, setChecking] = useState(false);
  const [values, setValues] = useState<DocumentFieldValues>(EMPTY);
  const [invalid, setInvalid] = useState<DocumentFieldName | 'url' | null>(null);
  const [progress, setProgress] = useState<UploadProgressState | null>(null);
  const [starting, setStarting] = useState(false);
  const client = useRef<ImportClient | null>(null);

  // Closing the dialog mid-import cancels it: the server removes what it stored.
  useEffect(() => () => client.current?.cancel(), []);

  const running = progress !== null || starting;

  /** The link is marked invalid, with the message under it. */
  function refuseUrl(message: string) {
    setUrlError(message);
    setInvalid('url');
  }

  async function check() {
    const link = url.trim();
    if (!link) {
      return refuseUrl(copy.urlRequired);
    }
    setChecking(true);
    setUrlError(null);
    setMeta(null);
    try {
      const found = await apiJson<RemoteMeta>('POST', '/api/uploads/url/meta', { url: link });
      setMeta(found);
      setInvalid(null);
      setValues((current) => (current.title ? current : { ...current, title: titleFrom(found.name) }));
    } catch (error) {
      refuseUrl(error instanceof ApiError ? error.serverMessage || failureNotice(error, documentsCopy.toasts.uploadFailed) : documentsCopy.toasts.uploadFailed);
    } finally {
      setChecking(false);
    }
  }

  function finish() {
    client.current = null;
    setProgress(null);
    setStarting(false);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const link = url.trim();
    if (!link) {
      refuseUrl(copy.urlRequired);
      return showInvalid(id, 'url', copy.urlRequired);
    }
    const problem = uploadFieldProblem(values);
    setInvalid(problem?.field ?? null);
    if (problem) return showInvalid(id, problem.field, problem.message);
    setUrlError(null);
    setStarting(true);
    const fields = trimmedFields(values);
    let token: string;
    try {
      ({ token } = await apiJson<{ token: string }>('POST', '/api/uploads/url/get', { url: link, metadata: fields }));
    } catch (error) {
      setStarting(false);
      if (error instanceof ApiError && error.fieldErrors.url?.[0]) refuseUrl(error.fieldErrors.url[0]);
      toast({ title: documentsCopy.toasts.uploadFailed, description: failureNotice(error, documentsCopy.toasts.uploadFailed), variant: 'destructive' });
      return;
    }
    follow(token, fields.title);
  }

  function follow(token: string, title: string) {
    setProgress({ bytesUploaded: 0, bytesTotal: meta?.size ?? 0, parts: true, paused: false, offline: false, notice: null, waiting: true });
    setStarting(false);
    client.current = followImport(
      importSocketUrl(token, window.location),
      {
        onProgress: (bytesUploaded, bytesTotal) =>
          setProgress(
            (state) =>
              state && { ...state, bytesUploaded, bytesTotal: bytesTotal || state.bytesTotal, waiting: bytesUploaded === 0 && bytesTotal === 0 },
          ),
        onSuccess: () => {
          finish();
          toast({ title: documentsCopy.toasts.uploaded, description: title });
          // The lists come from the page's loader: running it again shows the new document.
          void revalidator.revalidate();
          onClose();
        },
        onError: (message) => {
          finish();
          toast({ title: documentsCopy.toasts.uploadFailed, description: message, variant: 'destructive' });
        },
      },
      { messages: { socketClosed: copy.socketClosed, timedOut: copy.timedOut } },
    );
  }

  function setPaused(paused: boolean) {
    if (paused) client.current?.pause();
    else client.current?.resume();
    setProgress((state) => state && { ...state, paused });
  }

  /** Cancel, as in the upload form: stops the import (the server removes what it stored) and closes the dialog. */
  function cancel() {
    client.current?.cancel();
    finish();
    onClose();
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={copy.open}>
      <p className="text-sm text-slate-700">{copy.intro}</p>
      <fieldset disabled={running} className="grid gap-4">
        <div className="grid gap-2">
          <Field id={`${id}-url`} label={copy.urlLabel} error={urlError ?? undefined} invalid={invalid === 'url'}>
            {(control) => (
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  {...control}
                  name="url"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={copy.urlPlaceholder}
                  value={url}
                  onChange={(event) => {
                    setUrl(event.target.value);
                    setMeta(null);
                  }}
                  onBlur={() => {
                    if (url.trim() && !meta && !checking) void check();
                  }}
                  className="min-w-0 flex-1"
                />
                <Button type="button" variant="outline" onClick={() => void check()} disabled={checking} className="shrink-0">
                  <Link2 aria-hidden="true" className="h-4 w-4" />
                  {checking ? copy.checking : copy.check}
                </Button>
              </div>
            )}
          </Field>
          {meta ? (
            <p role="status" className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
              <span className="font-semibold text-ink">{copy.found}:</span> <span className="break-all">{meta.name}</span>
              {' · '}
              {meta.type || copy.unknownType}
              {' · '}
              {meta.size === null ? copy.unknownSize : formatSize(meta.size)}
            </p>
          ) : null}
        </div>
        <DocumentFields idPrefix={id} values={values} onChange={setValues} invalid={invalid === 'url' ? null : invalid} />
      </fieldset>

      {progress ? (
        <DocumentUploadProgress id={`${id}-progress`} label={copy.progress} state={progress} onPause={() => setPaused(true)} onResume={() => setPaused(false)} />
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3 pt-2">
        <Button type="button" variant="ghost" size="sm" onClick={onBack} disabled={running}>
          {copy.back}
        </Button>
        <DocumentFormButtons busy={running} copy={copy} onCancel={cancel} />
      </div>
    </form>
  );
}

export default DocumentImportLink;
