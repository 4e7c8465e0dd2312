import { documentsCopy } from '@content/documents';
import { documentUploadFieldsSchema } from '@domain/documents/schema';
import { Link2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/input';
import { ApiError, apiJson, failureNotice } from '~/lib/api';
import { toast } from '~/lib/toast';
import { type DocumentFieldName, type DocumentFieldValues, DocumentFields } from './document-fields';
import { PauseResumeButton } from './document-upload-progress';
import { formatSize, formatSizeOf } from './document-upload-size';

/**
 * Import from link, inside the Upload Document dialog (docs/documents.md, "Import from
 * link"): paste a link, see what it is (`url/meta`), fill in the fields, Import. The server
 * fetches the file; this follows it over the companion socket (`url/get` for a token, then
 * /api/uploads/api/{token}): progress, Pause, Resume, Cancel, then success or the server's
 * message. A socket that closes without either says 'Socket closed unexpectedly' (docs/documents.md);
 * the server has removed whatever it had stored. Loaded only when an admin opens it.
 */

interface RemoteMeta {
  name: string;
  type: string;
  size: number | null;
}

interface Progress {
  bytesUploaded: number;
  /** 0 while the other site has not said. */
  bytesTotal: number;
  paused: boolean;
  /** No bytes yet: waiting for a place among the imports running, or for the other site. */
  waiting: boolean;
}

/** The companion socket gives up after 5 minutes without a message (docs/documents.md). */
const SOCKET_IDLE_MS = 5 * 60_000;
const EMPTY: DocumentFieldValues = { title: '', description: '', category: '' };

function socketUrl(token: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/uploads/api/${encodeURIComponent(token)}`;
}

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
  const [progress, setProgress] = useState<Progress | null>(null);
  const [starting, setStarting] = useState(false);
  const socket = useRef<WebSocket | null>(null);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Closing the dialog mid-import cancels it: the server removes what it stored.
  useEffect(
    () => () => {
      clearTimeout(idleTimer.current);
      const open = socket.current;
      socket.current = null;
      if (open && open.readyState === WebSocket.OPEN) open.send(JSON.stringify({ action: 'cancel', payload: {} }));
      open?.close();
    },
    [],
  );

  const running = progress !== null || starting;

  async function check() {
    const link = url.trim();
    if (!link) {
      setUrlError(copy.urlRequired);
      setInvalid('url');
      return;
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
      setUrlError(error instanceof ApiError ? error.serverMessage || failureNotice(error, documentsCopy.toasts.uploadFailed) : documentsCopy.toasts.uploadFailed);
      setInvalid('url');
    } finally {
      setChecking(false);
    }
  }

  function failed(message: string) {
    finish();
    toast({ title: documentsCopy.toasts.uploadFailed, description: message, variant: 'destructive' });
  }

  function finish() {
    clearTimeout(idleTimer.current);
    socket.current = null;
    setProgress(null);
    setStarting(false);
  }

  /** Restarts the wait for the server's next message; while paused the server is silent on purpose. */
  function watchIdle(ws: WebSocket, paused: boolean) {
    clearTimeout(idleTimer.current);
    if (paused) return;
    idleTimer.current = setTimeout(() => {
      if (socket.current !== ws) return;
      socket.current = null;
      ws.close();
      failed(copy.timedOut);
    }, SOCKET_IDLE_MS);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const link = url.trim();
    if (!link) {
      setUrlError(copy.urlRequired);
      setInvalid('url');
      toast({ title: documentsCopy.toasts.validation, description: copy.urlRequired, variant: 'destructive' });
      document.getElementById(`${id}-url`)?.focus();
      return;
    }
    const parsed = documentUploadFieldsSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field: DocumentFieldName = issue?.path[0] === 'title' ? 'title' : issue?.path[0] === 'category' ? 'category' : 'description';
      setInvalid(field);
      toast({ title: documentsCopy.toasts.validation, description: issue?.message, variant: 'destructive' });
      document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    setInvalid(null);
    setUrlError(null);
    setStarting(true);
    const fields = { title: values.title.trim(), description: values.description.trim(), category: values.category };
    let token: string;
    try {
      ({ token } = await apiJson<{ token: string }>('POST', '/api/uploads/url/get', { url: link, metadata: fields }));
    } catch (error) {
      setStarting(false);
      if (error instanceof ApiError && error.fieldErrors.url?.[0]) {
        setUrlError(error.fieldErrors.url[0]);
        setInvalid('url');
      }
      toast({ title: documentsCopy.toasts.uploadFailed, description: failureNotice(error, documentsCopy.toasts.uploadFailed), variant: 'destructive' });
      return;
    }
    follow(token, fields.title);
  }

  function follow(token: string, title: string) {
    const ws = new WebSocket(socketUrl(token));
    socket.current = ws;
    let outcome = false;
    setProgress({ bytesUploaded: 0, bytesTotal: meta?.size ?? 0, paused: false, waiting: true });
    setStarting(false);
    watchIdle(ws, false);
    ws.onmessage = (event: MessageEvent<unknown>) => {
      if (socket.current !== ws || typeof event.data !== 'string') return;
      let message: { action?: string; payload?: Record<string, unknown> };
      try {
        message = JSON.parse(event.data) as typeof message;
      } catch {
        return;
      }
      const payload = message.payload ?? {};
      if (message.action === 'progress') {
        const bytesUploaded = Number(payload.bytesUploaded) || 0;
        const bytesTotal = Number(payload.bytesTotal) || 0;
        setProgress((state) => ({
          paused: state?.paused ?? false,
          bytesUploaded,
          bytesTotal: bytesTotal || state?.bytesTotal || 0,
          waiting: bytesUploaded === 0 && bytesTotal === 0,
        }));
        watchIdle(ws, false);
      } else if (message.action === 'success') {
        outcome = true;
        finish();
        toast({ title: documentsCopy.toasts.uploaded, description: title });
        // The lists come from the page's loader: running it again shows the new document.
        void revalidator.revalidate();
        onClose();
      } else if (message.action === 'error') {
        outcome = true;
        const error = payload.error as { message?: unknown } | undefined;
        const text = typeof payload.message === 'string' ? payload.message : typeof error?.message === 'string' ? error.message : copy.socketClosed;
        failed(text);
      }
    };
    ws.onclose = () => {
      if (socket.current !== ws || outcome) return;
      failed(copy.socketClosed);
    };
  }

  function send(action: 'pause' | 'resume' | 'cancel') {
    const ws = socket.current;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ action, payload: {} }));
  }

  function pause() {
    send('pause');
    setProgress((state) => state && { ...state, paused: true });
    if (socket.current) watchIdle(socket.current, true);
  }

  function resume() {
    send('resume');
    setProgress((state) => state && { ...state, paused: false });
    if (socket.current) watchIdle(socket.current, false);
  }

  /** Cancel, as in the upload form: stops the import (the server removes what it stored) and closes the dialog. */
  function cancel() {
    const ws = socket.current;
    if (ws) {
      send('cancel');
      finish();
      ws.close();
    }
    onClose();
  }

  const percent = progress && progress.bytesTotal > 0 ? Math.min(100, Math.floor((progress.bytesUploaded / progress.bytesTotal) * 100)) : null;
  const amount = progress ? (progress.bytesTotal > 0 ? formatSizeOf(progress.bytesUploaded, progress.bytesTotal) : copy.received(formatSize(progress.bytesUploaded))) : '';
  const status = progress?.paused ? copy.paused : progress?.waiting ? copy.waiting : null;

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
        <div className="grid gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm text-slate-700">
            <span id={`${id}-progress-label`}>{copy.progress}</span>
            <span className="tabular-nums">
              {amount}
              {percent === null ? null : <span aria-hidden="true"> · {percent}%</span>}
            </span>
          </div>
          <div
            role="progressbar"
            aria-labelledby={`${id}-progress-label`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
            aria-valuetext={`${percent === null ? '' : `${percent}%, `}${amount}${status ? `, ${status}` : ''}`}
            className="h-2.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className={`h-full rounded-full transition-[width] ${status ? 'bg-slate-500' : 'bg-brand-600'} ${percent === null ? 'animate-pulse' : ''}`}
              style={{ width: `${percent ?? (progress.bytesUploaded > 0 ? 100 : 0)}%` }}
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="text-sm text-slate-700">
              {status}
            </p>
            <PauseResumeButton paused={progress.paused} onPause={pause} onResume={resume} />
          </div>
        </div>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3 pt-2">
        <Button type="button" variant="ghost" size="sm" onClick={onBack} disabled={running}>
          {copy.back}
        </Button>
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="outline" onClick={cancel}>
            {copy.cancel}
          </Button>
          <Button type="submit" disabled={running}>
            {running ? copy.submitting : copy.submit}
          </Button>
        </div>
      </div>
    </form>
  );
}

export default DocumentImportLink;
