import { Transform, type TransformCallback } from 'node:stream';
import type { Logger } from '../../logger.ts';
import type { DocumentsService } from '../documents/documents-service.ts';
import { tooLargeMessage, unsupportedTypeMessage } from '@domain/documents/upload-limits.ts';
import { ImportRefusal, type RemoteFetcher, type RemoteFile, refusalFor } from './fetch-policy.ts';
import type { PendingImport } from './token-store.ts';

/** Progress goes out at most this often (docs/documents.md, Import from link). */
export const PROGRESS_INTERVAL_MS = 500;

/** What the socket sends, in Companion's shapes (docs/documents.md, "Import from link"). */
export interface ImportSink {
  progress(payload: { bytesUploaded: number; bytesTotal: number }): void;
  success(payload: { documentId: number; location: string; url: string }): void;
  error(payload: { message: string }): void;
}

export 
type JobState = 'waiting' | 'running' | 'paused' | 'finished';

/**
 * One import: waits for its turn, fetches the link, streams the body through the documents
 * service's upload (type from the bytes, size limit while streaming) into storage, and
 * records the document. Pause holds the body (TCP pushes back on the other site), resume
 * lets it flow, cancel stops it and removes whatever was stored. The sink hears progress,
 * then exactly one success or error, unless the import was cancelled (then nothing more).
 */
export class ImportJob {
  private state: JobState = 'waiting';
  private pausedBefore: 'waiting' | 'running' | null = null;
  private cancelled = false;
  private readonly abort = new AbortController();
  private remote: RemoteFile | null = null;
  private heldChunk: (() => void) | null = null;
  private bytes = 0;
  private total = 0;
  private lastProgressAt = 0;
  private runFinished: Promise<void> | null = null;
  private counted: Transform | null = null;
  /** A count that arrived inside the 500 ms goes out when they are over (so a stall still shows the bytes so far). */
  private progressTimer: NodeJS.Timeout | undefined;
  private sentBytes = 0;

  constructor(
    private readonly pending: PendingImport,
    private readonly sink: ImportSink,
    private readonly deps: { fetcher: RemoteFetcher; documents: DocumentsService; maxBytes: number; logger: Logger },
  ) {}

  get isPaused(): boolean {
    return this.state === 'paused';
  }

  /** Called when the queue has a place; before that the admin sees progress 0. */
  announceWaiting(): void {
    this.sink.progress({ bytesUploaded: 0, bytesTotal: 0 });
  }

  pause(): void {
    if (this.state !== 'waiting' && this.state !== 'running') return;
    this.pausedBefore = this.state;
    this.state = 'paused';
    // A paused import is silent on purpose: the other site's idle timeout must not end it.
    this.remote?.response.setTimeout(0);
  }

  resume(): void {
    if (this.state !== 'paused') return;
    this.state = this.pausedBefore ?? 'running';
    this.pausedBefore = null;
    if (this.remote) this.remote.response.setTimeout(this.deps.fetcher.policy.idleTimeoutMs);
    this.releaseHeld();
  }

  /**
   * Stops the import; what was stored goes. The sink hears nothing more unless `message` is
   * given. Resolves once the import has cleaned up (at once when it had not started).
   */
  cancel(message?: string): Promise<void> {
    if (this.cancelled || this.state === 'finished') return this.runFinished ?? Promise.resolve();
    this.cancelled = true;
    this.abort.abort();
    this.remote?.abort();
    this.counted?.destroy(new ImportRefusal('The import was cancelled.'));
    this.releaseHeld();
    if (message) this.sink.error({ message });
    return this.runFinished ?? Promise.resolve();
  }

  /** Runs the import (inside the caller's work queue); never rejects. */
  run(): Promise<void> {
    this.runFinished ??= this.runOnce();
    return this.runFinished;
  }

  private async runOnce(): Promise<void> {
    if (this.cancelled) return;
    if (this.state === 'waiting') this.state = 'running';
    if (this.state === 'paused' && this.pausedBefore === 'waiting') this.pausedBefore = 'running';
    try {
      await this.fetchAndStore();
    } catch (error) {
      if (this.cancelled) return;
      if (error instanceof ImportRefusal) {
        this.sink.error({ message: error.message });
      } else {
        this.deps.logger.error({ err: error }, 'import from link failed');
        this.sink.error({ message: 'The file could not be stored. Try again.' });
      }
    } finally {
      this.state = 'finished';
      clearTimeout(this.progressTimer);
    }
  }

  private async fetchAndStore(): Promise<void> {
    const { fetcher, documents, maxBytes, logger } = this.deps;
    let remote: RemoteFile;
    try {
      remote = await fetcher.open(this.pending.url, this.abort.signal);
    } catch (error) {
      throw refusalFor(error, new URL(this.pending.url));
    }
    this.remote = remote;
    if (this.cancelled) {
      remote.abort();
      return;
    }
    if (this.state === 'paused') remote.response.setTimeout(0);
    if (remote.size !== null && remote.size > maxBytes) {
      remote.abort();
      throw new ImportRefusal(tooLargeMessage(maxBytes));
    }
    this.total = remote.size ?? 0;
    this.lastProgressAt = Date.now();
    this.sink.progress({ bytesUploaded: 0, bytesTotal: this.total });

    const counted = this.countingStream();
    this.counted = counted;
    let failure: unknown = null;
    const fail = (error: unknown) => {
      failure ??= error;
      counted.destroy(failure as Error);
    };
    remote.response.on('error', fail);
    // A body that ends before its end (cut off, aborted, cancelled) must fail the upload, not leave it waiting.
    remote.response.on('close', () => {
      if (!remote.response.complete) fail(new ImportRefusal(`The connection to ${remote.url.host} was closed before the file arrived.`));
    });
    remote.response.pipe(counted);

    const actor = { id: this.pending.adminId, username: null };
    const upload = documents.startUpload(maxBytes, actor);
    let storeError: unknown = null;
    try {
      await upload.receiveFile(counted, remote.name, new Map());
    } catch (error) {
      storeError = error;
    }
    // Whatever was not read (a refused type, an oversized body) is not wanted.
    remote.abort();
    if (this.cancelled) {
      await upload.abandon();
      return;
    }
    if (failure || storeError) {
      await upload.abandon();
      // The other site's failure is a refusal to explain; storage's own is logged by run().
      throw failure ? refusalFor(failure, remote.url) : storeError;
    }
    if (remote.size !== null && counted.writableFinished && this.bytes !== remote.size) {
      await upload.abandon();
      throw new ImportRefusal(`The other site said the file has ${remote.size} bytes but sent ${this.bytes}.`);
    }
    const outcome = await upload.finish({
      title: this.pending.fields.title,
      description: this.pending.fields.description ?? '',
      category: this.pending.fields.category,
    });
    if (outcome.kind === 'refused') {
      switch (outcome.reason) {
        case 'too-large':
          throw new ImportRefusal(tooLargeMessage(outcome.maxBytes));
        case 'unsupported-type':
          throw new ImportRefusal(unsupportedTypeMessage('Import'));
        case 'file-missing':
          throw new ImportRefusal('The link answered with an empty file.');
        case 'invalid-fields':
          throw new ImportRefusal(outcome.error.issues[0]?.message ?? 'The title, category or description is not valid.');
      }
    }
    const { document } = outcome;
    if (this.cancelled) {
      // Cancelled while the row was written: the admin asked for nothing to be left.
      await documents.purge(document.id, actor, { alsoLive: true });
      return;
    }
    logger.info({ documentId: document.id, bytes: document.sizeBytes, host: remote.url.host }, 'document imported from a link');
    // The last count, unless one went out less than 500 ms ago (success says it is complete anyway).
    clearTimeout(this.progressTimer);
    if (Date.now() - this.lastProgressAt >= PROGRESS_INTERVAL_MS) this.sink.progress({ bytesUploaded: this.bytes, bytesTotal: this.total || this.bytes });
    const location = `/api/documents/download/${document.id}`;
    this.state = 'finished';
    this.sink.success({ documentId: document.id, location, url: location });
  }

  /** Counts bytes for progress and holds them while paused (backpressure reaches the other site). */
  private countingStream(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback: TransformCallback) => {
        this.bytes += chunk.length;
        this.reportProgress();
        const pass = () => (this.cancelled ? callback(new ImportRefusal('The import was cancelled.')) : callback(null, chunk));
        if (this.state === 'paused') this.heldChunk = pass;
        else pass();
      },
    });
  }

  /** Sends the count now if the last went out 500 ms ago or more, else once they are over. */
  private reportProgress(): void {
    const wait = this.lastProgressAt + PROGRESS_INTERVAL_MS - Date.now();
    if (wait > 0) {
      this.progressTimer ??= setTimeout(() => {
        this.progressTimer = undefined;
        if (this.state === 'running' && !this.cancelled && this.bytes !== this.sentBytes) this.reportProgress();
      }, wait);
      return;
    }
    this.lastProgressAt = Date.now();
    this.sentBytes = this.bytes;
    this.sink.progress({ bytesUploaded: this.bytes, bytesTotal: this.total });
  }

  private releaseHeld(): void {
    const held = this.heldChunk;
    this.heldChunk = null;
    held?.();
  }
}
