import Uppy, { BasePlugin, type DefinePluginOpts, type PluginOpts } from '@uppy/core';
import type { Body, Meta, UppyFile } from '@uppy/core/utils';
import { ApiError, readApiError } from '~/lib/api';
import type { DocumentFieldValues } from './document-fields';
import {
  PART_CONCURRENCY,
  type PartPlan,
  companionRetryDelay,
  isRetryable,
  partRetryDelay,
  planParts,
  rateLimitPause,
} from './document-upload-policy';
import { NetworkError, abortError, isAbortError, sendWithProgress } from './document-upload-request';
import type { PartsSession } from './document-upload-state';

/**
 * Large documents in parts, straight to storage, on Uppy core 6 (docs/documents.md; decision
 * 018). @uppy/aws-s3 6 sends the parts of one file one after another and reports companion
 * failures without their status or message, so this is our own uploader plugin (Uppy's
 * documented extension point: a BasePlugin that adds an uploader) speaking the same
 * companion calls under `/api/uploads/s3/…`: up to 6 part requests at once, the documented
 * retry delays, back-off on 429, pause and resume (by the admin, or by itself while offline),
 * abort on the server, and resume of an upload started in an earlier page from
 * `file.s3Multipart`. Uppy core keeps the file's state and progress and throttles the total
 * to 500 ms updates. Loaded on demand (its own chunk), only for a file over 100 MB.
 */

/** The document's fields: recorded by the server at start, and sent again with complete (the ones typed last win). */
interface MultipartFields extends Meta, DocumentFieldValues {}

export interface MultipartTarget {
  uploadId: string;
  key: string;
}

/** The complete call's answer. */
export interface MultipartAnswer extends Body {
  location: string;
  key: string;
  documentId: number;
}

type PluginOptions = PluginOpts & {
  endpoint: string;
  limit?: number;
  /** Called once the server has started the upload (or a stored one was found again): keep it to resume later. */
  onStarted?: (target: MultipartTarget, storedBytes: number) => void;
};

declare module '@uppy/core/utils' {
  // The type parameters must repeat Uppy's own to merge with its declaration.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  export interface LocalUppyFile<M extends Meta, B extends Body> {
    /** The upload on the server this file goes to (same name and shape as @uppy/aws-s3's). */
    s3Multipart?: MultipartTarget;
  }
}

/** The status of a failure worth another try (0: no answer at all), or null for one that is final. */
function retryableStatus(error: unknown): number | null {
  const status = error instanceof ApiError ? error.status : error instanceof NetworkError ? 0 : null;
  return status !== null && isRetryable(status, error instanceof ApiError ? error.body : '') ? status : null;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A companion call: JSON answer, an ApiError for anything but 2xx, a NetworkError for no answer. */
async function companion<T>(method: string, url: string, signal: AbortSignal, body?: object): Promise<T> {
  let response: Response;
  try {
    const json = body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    response = await fetch(url, { method, credentials: 'same-origin', ...json, signal });
  } catch (error) {
    if (isAbortError(error)) throw abortError();
    throw new NetworkError();
  }
  if (!response.ok) throw await readApiError(response);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** PUT one part's bytes to its signed URL, with upload progress; answers the part's ETag. */
async function putPart(url: string, data: Blob, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<string> {
  const request = await sendWithProgress({ method: 'PUT', url, body: data, signal, onProgress });
  const etag = request.getResponseHeader('ETag');
  if (!etag) throw new Error('The storage did not answer the part’s ETag.');
  return etag.replace(/^W\//, '').replace(/"/g, '');
}

interface PartState extends PartPlan {
  etag?: string;
  loaded: number;
}

/**
 * One file's transfer. `run(signal)` goes until the upload is complete or fails; aborting the
 * signal (pause, offline, cancel) stops every request at once and keeps the parts already
 * stored, so the next `run` sends only the rest.
 */
class FileTransfer {
  readonly parts: PartState[];
  target: MultipartTarget | null;
  #listed = false;
  #holdUntil = 0;
  #limit: number;

  constructor(
    readonly file: File,
    readonly fields: MultipartFields,
    readonly endpoint: string,
    limit: number,
    target: MultipartTarget | null,
    readonly onProgress: (bytes: number) => void,
    readonly onStarted: (target: MultipartTarget, storedBytes: number) => void,
  ) {
    this.parts = planParts(file.size).map((plan) => ({ ...plan, loaded: 0 }));
    this.target = target;
    this.#limit = limit;
  }

  #uploadPath(suffix = ''): string {
    const query = new URLSearchParams({ key: this.target?.key ?? '' });
    return `${this.endpoint}/s3/multipart/${encodeURIComponent(this.target?.uploadId ?? '')}${suffix}?${query}`;
  }

  bytesSent(): number {
    return this.parts.reduce((sum, part) => sum + (part.etag ? part.end - part.start : part.loaded), 0);
  }

  /** A companion call with ten retries on the retryable answers. */
  async #call<T>(method: string, url: string, signal: AbortSignal, body?: object): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      signal.throwIfAborted();
      try {
        return await companion<T>(method, url, signal, body);
      } catch (error) {
        if (isAbortError(error)) throw error;
        const status = retryableStatus(error);
        const delay = companionRetryDelay(attempt);
        if (status === null || delay === undefined) throw error;
        await wait(status === 429 ? Math.max(delay, rateLimitPause(attempt)) : delay, signal);
      }
    }
  }

  async run(signal: AbortSignal): Promise<MultipartAnswer> {
    if (!this.target) {
      const start = { filename: this.file.name, type: this.file.type || 'application/octet-stream', metadata: this.fields };
      this.target = await this.#call<MultipartTarget>('POST', `${this.endpoint}/s3/multipart`, signal, start);
      this.#listed = true;
      this.onStarted(this.target, 0);
    } else if (!this.#listed) {
      // An upload from an earlier page: what does the server have already?
      const stored = await this.#call<Array<{ PartNumber: number; ETag: string; Size?: number }>>('GET', this.#uploadPath(), signal);
      for (const part of stored) {
        const state = this.parts[part.PartNumber - 1];
        // A part of another size was cut otherwise (another file, a changed plan): send it again.
        if (state && (part.Size === undefined || part.Size === state.end - state.start)) state.etag = part.ETag.replace(/"/g, '');
      }
      this.#listed = true;
      this.onStarted(this.target, this.bytesSent());
    }
    this.onProgress(this.bytesSent());

    await this.#sendParts(signal);

    // The fields go again: a resumed upload becomes the document with the ones typed now.
    const parts = this.parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag ?? '' }));
    const { title, description, category } = this.fields;
    return this.#call<MultipartAnswer>('POST', this.#uploadPath('/complete'), signal, { parts, title, description, category });
  }

  /** Up to `limit` workers take the missing parts in order; one failing for good stops them all. */
  async #sendParts(outer: AbortSignal): Promise<void> {
    const inner = new AbortController();
    const stop = () => inner.abort();
    outer.addEventListener('abort', stop, { once: true });
    const missing = this.parts.filter((part) => !part.etag);
    let next = 0;
    const worker = async (index: number) => {
      while (next < missing.length) {
        // After a 429 the workers above the lowered limit stop, and the rest wait out the back-off.
        if (index >= this.#limit) return;
        const hold = this.#holdUntil - Date.now();
        if (hold > 0) await wait(hold, inner.signal);
        inner.signal.throwIfAborted();
        const part = missing[next++];
        if (part) await this.#sendPart(part, inner.signal);
      }
    };
    try {
      await Promise.all(
        Array.from({ length: Math.min(this.#limit, missing.length) }, (_, index) =>
          worker(index).catch((error: unknown) => {
            inner.abort();
            throw error;
          }),
        ),
      );
    } catch (error) {
      // The admin's pause or cancel wins over whatever a worker failed with after it.
      if (outer.aborted) throw abortError();
      throw error;
    } finally {
      outer.removeEventListener('abort', stop);
    }
  }

  /** Sign and PUT one part; delays [0, 1000, 3000, 5000] between tries, a back-off for everyone on 429. */
  async #sendPart(part: PartState, signal: AbortSignal): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const { url } = await companion<{ url: string }>('GET', this.#uploadPath(`/${part.partNumber}`), signal);
        const etag = await putPart(
          url,
          this.file.slice(part.start, part.end),
          (loaded) => {
            part.loaded = loaded;
            this.onProgress(this.bytesSent());
          },
          signal,
        );
        part.etag = etag;
        this.onProgress(this.bytesSent());
        return;
      } catch (error) {
        part.loaded = 0;
        this.onProgress(this.bytesSent());
        if (isAbortError(error) || signal.aborted) throw abortError();
        const status = retryableStatus(error);
        const delay = partRetryDelay(attempt);
        if (status === null || delay === undefined) throw error;
        if (status === 429) {
          this.#limit = Math.max(1, Math.floor(this.#limit / 2));
          this.#holdUntil = Math.max(this.#holdUntil, Date.now() + rateLimitPause(attempt));
        }
        await wait(delay, signal);
        const hold = this.#holdUntil - Date.now();
        if (hold > 0) await wait(hold, signal);
      }
    }
  }

  /** Cancel: the DELETE, so the parts go from storage now (retried like every companion call). */
  async abortOnServer(): Promise<void> {
    if (!this.target) return;
    try {
      await this.#call<void>('DELETE', this.#uploadPath(), new AbortController().signal);
    } catch (error) {
      // Already gone is what we wanted.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
}

/** The uploader plugin: one FileTransfer per file, driven by Uppy's pause, resume, cancel and online events. */
class DocumentMultipart extends BasePlugin<DefinePluginOpts<PluginOptions, 'limit'>, MultipartFields, MultipartAnswer> {
  /** Per file: cancel (stops, deletes on the server) and detach (stops, keeps it for a resume). */
  #controls = new Map<string, { cancel: () => Promise<void>; detach: () => void }>();

  constructor(uppy: Uppy<MultipartFields, MultipartAnswer>, opts: PluginOptions) {
    super(uppy, { limit: PART_CONCURRENCY, ...opts });
    this.id = opts.id ?? 'DocumentMultipart';
    this.type = 'uploader';
  }

  override install(): void {
    const { capabilities } = this.uppy.getState();
    this.uppy.setState({ capabilities: { ...capabilities, resumableUploads: true } });
    this.uppy.addUploader(this.#upload);
  }

  override uninstall(): void {
    this.uppy.removeUploader(this.#upload);
  }

  cancel(fileId: string): Promise<void> {
    return this.#controls.get(fileId)?.cancel() ?? Promise.resolve();
  }

  detach(fileId: string): void {
    this.#controls.get(fileId)?.detach();
  }

  #upload = async (fileIds: string[]): Promise<void> => {
    await Promise.all(this.uppy.getFilesByIds(fileIds).map((file) => this.#uploadFile(file)));
  };

  #uploadFile(file: UppyFile<MultipartFields, MultipartAnswer>): Promise<void> {
    const data = file.data;
    if (!(data instanceof Blob) || file.isRemote) return Promise.resolve();
    const uppy = this.uppy;
    const started = Date.now();
    uppy.emit('upload-start', [file]);
    const transfer = new FileTransfer(
      data instanceof File ? data : new File([data], file.name ?? 'file', { type: file.type }),
      { title: file.meta.title, description: file.meta.description, category: file.meta.category },
      this.opts.endpoint,
      this.opts.limit,
      'remote' in file ? null : (file.s3Multipart ?? null),
      (bytesUploaded) => {
        if (uppy.getFile(file.id)) uppy.emit('upload-progress', uppy.getFile(file.id), { uploadStarted: started, bytesUploaded, bytesTotal: data.size });
      },
      (target, storedBytes) => {
        uppy.setFileState(file.id, { s3Multipart: target });
        this.opts.onStarted?.(target, storedBytes);
      },
    );

    return new Promise<void>((resolve) => {
      let controller: AbortController | null = null;
      let pausedByAdmin = false;
      let offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      let finished = false;

      const stopRequests = () => {
        controller?.abort();
        controller = null;
      };
      const finish = () => {
        finished = true;
        stopRequests();
        uppy.off('upload-pause', onPause);
        uppy.off('is-offline', onOffline);
        uppy.off('is-online', onOnline);
        uppy.off('file-removed', onRemoved);
        this.#controls.delete(file.id);
        resolve();
      };
      const go = () => {
        if (finished || pausedByAdmin || offline || controller) return;
        const own = new AbortController();
        controller = own;
        transfer.run(own.signal).then(
          (answer) => {
            if (controller !== own) return;
            const current = uppy.getFile(file.id);
            if (current) uppy.emit('upload-success', current, { status: 200, body: answer, uploadURL: answer.location });
            finish();
          },
          (error: unknown) => {
            if (controller !== own) return; // paused, offline or cancelled: not a failure
            const current = uppy.getFile(file.id);
            if (current) uppy.emit('upload-error', current, error instanceof Error ? error : new Error(String(error)));
            finish();
          },
        );
      };
      const onPause = (paused: UppyFile<MultipartFields, MultipartAnswer> | undefined, isPaused: boolean) => {
        if (paused?.id !== file.id) return;
        pausedByAdmin = isPaused;
        if (isPaused) stopRequests();
        else go();
      };
      // A lost connection pauses the file by itself; back online, it goes on.
      const onOffline = () => {
        offline = true;
        stopRequests();
      };
      const onOnline = () => {
        offline = false;
        go();
      };
      const onRemoved = (removed: UppyFile<MultipartFields, MultipartAnswer>) => {
        if (removed.id === file.id && !finished) void cancel();
      };
      const cancel = async () => {
        if (finished) return;
        finish();
        await transfer.abortOnServer();
      };

      uppy.on('upload-pause', onPause);
      uppy.on('is-offline', onOffline);
      uppy.on('is-online', onOnline);
      uppy.on('file-removed', onRemoved);
      this.#controls.set(file.id, { cancel, detach: finish });
      go();
    });
  }
}

export interface MultipartUploadHandlers {
  /** The upload exists on the server (new, or found again with `storedBytes` already there). */
  onStarted: (target: MultipartTarget, storedBytes: number) => void;
  /** Bytes stored or on their way, at most every 500 ms (Uppy's throttled total progress). */
  onProgress: (bytesUploaded: number, bytesTotal: number) => void;
  /** The browser lost or found its connection (the upload pauses and resumes by itself). */
  onConnection: (online: boolean) => void;
}

export interface MultipartUpload extends PartsSession {
  /** The complete call's answer; rejects with an ApiError (or a network Error) when the upload failed. */
  readonly done: Promise<MultipartAnswer>;
}

/**
 * Sends `file` in parts to `/api/uploads`: a new upload, or the one in `resume` (the parts the
 * server has are listed and only the missing ones sent). One Uppy instance per upload,
 * without any UI: the dialog shows the progress and the buttons.
 */
export function startMultipartUpload(file: File, fields: DocumentFieldValues, resume: MultipartTarget | null, handlers: MultipartUploadHandlers): MultipartUpload {
  const uppy = new Uppy<MultipartFields, MultipartAnswer>({ autoProceed: false, allowMultipleUploadBatches: false });
  uppy.use(DocumentMultipart, { endpoint: '/api/uploads', onStarted: handlers.onStarted });
  const plugin = uppy.getPlugin<DocumentMultipart>('DocumentMultipart');
  const fileId = uppy.addFile({ name: file.name, type: file.type, data: file, source: 'Local', meta: { ...fields } });
  if (resume) uppy.setFileState(fileId, { s3Multipart: resume });

  uppy.on('progress', () => {
    const progress = uppy.getFile(fileId)?.progress;
    if (progress?.bytesUploaded !== undefined && progress.bytesUploaded !== false) handlers.onProgress(progress.bytesUploaded, file.size);
  });
  uppy.on('is-offline', () => handlers.onConnection(false));
  uppy.on('back-online', () => handlers.onConnection(true));

  let settled = false;
  let stopped: (() => void) | null = null;
  const done = new Promise<MultipartAnswer>((resolve, reject) => {
    uppy.on('upload-success', (_file, response) => {
      if (response.body) resolve(response.body);
    });
    uppy.on('upload-error', (_file, error) => reject(error));
    // Cancel and stop end it too: an AbortError, which the dialog ignores.
    stopped = () => reject(abortError());
    uppy.upload().catch(reject);
  }).finally(() => {
    settled = true;
    uppy.destroy();
  });
  return {
    done,
    pause() {
      if (!uppy.getFile(fileId)?.isPaused) uppy.pauseResume(fileId);
    },
    resume() {
      if (uppy.getFile(fileId)?.isPaused) uppy.pauseResume(fileId);
    },
    async cancel() {
      if (settled) return;
      stopped?.();
      await plugin?.cancel(fileId);
    },
    stop() {
      if (settled) return;
      plugin?.detach(fileId);
      stopped?.();
    },
  };
}
