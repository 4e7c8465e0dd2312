import type { DocumentUploadFields } from '@domain/documents/schema.ts';
import type { Db } from '../../db/connection.ts';
import { WorkQueue } from '../../lib/work-queue.ts';
import type { Logger } from '../../logger.ts';
import type { DocumentsService } from '../documents/documents-service.ts';
import { type FetchPolicy, ImportRefusal, RemoteFetcher, type RemoteFile } from './fetch-policy.ts';
import { tooLargeMessage } from '@domain/documents/upload-limits.ts';
import { ImportJob, type ImportSink } from './import-job.ts';
import { ImportTokenStore, type PendingImport } from './token-store.ts';

export interface UrlImportOptions extends FetchPolicy {
  /** Imports running at once in this process; more wait their turn. */
  concurrency: number;
  /** The largest document (UPLOAD_MAX_BYTES), enforced while the body streams. */
  maxBytes: number;
}

/** What `url/meta` answers of a link: RemoteFile's declared name, type and size. */
export type RemoteMeta = Pick<RemoteFile, 'name' | 'type' | 'size'>;

/**
 * Import a document from a link (docs/documents.md, "Import from link"): `meta` looks at
 * the link, `prepare` checks it and hands out a single-use token (ImportTokenStore),
 * `take` redeems the token when the socket opens, and `start` runs the import (ImportJob)
 * under this process's limit of concurrent imports. What may be fetched: fetch-policy.ts.
 */
export class UrlImportService {
  readonly tokens: ImportTokenStore;
  readonly fetcher: RemoteFetcher;
  /** At most `concurrency` imports at once in this process (server/lib/work-queue.ts). */
  readonly queue: WorkQueue;
  private readonly running = new Set<{ job: ImportJob; done: Promise<void> }>();
  private closed = false;

  constructor(
    db: Db,
    private readonly documents: DocumentsService,
    private readonly logger: Logger,
    private readonly options: UrlImportOptions,
  ) {
    this.tokens = new ImportTokenStore(db);
    this.fetcher = new RemoteFetcher(options);
    this.queue = new WorkQueue({ concurrency: options.concurrency });
  }

  /** Name, declared type and size of what the link answers (its body is not read). Throws ImportRefusal. */
  async meta(url: string): Promise<RemoteMeta> {
    const remote = await this.fetcher.open(url);
    remote.abort();
    if (remote.size !== null && remote.size > this.options.maxBytes) throw new ImportRefusal(tooLargeMessage(this.options.maxBytes));
    return { name: remote.name, type: remote.type, size: remote.size };
  }

  /** Checks the link (not fetched yet: the socket starts it) and returns the token for the socket. Throws ImportRefusal. */
  prepare(adminId: number, url: string, fields: DocumentUploadFields): Promise<string> {
    const checked = this.fetcher.check(url);
    return this.tokens.create({ adminId, url: checked.toString(), fields });
  }

  take(token: string, adminId: number): Promise<PendingImport | null> {
    return this.tokens.take(token, adminId);
  }

  /** Starts an import whose progress and outcome go to `sink`; the job takes pause, resume and cancel. */
  start(pending: PendingImport, sink: ImportSink): ImportJob {
    const job = new ImportJob(pending, sink, {
      fetcher: this.fetcher,
      documents: this.documents,
      maxBytes: this.options.maxBytes,
      logger: this.logger,
    });
    if (this.closed) {
      job.cancel('The server is restarting. Import the file again in a moment.');
      return job;
    }
    job.announceWaiting();
    const entry = { job, done: this.queue.run(() => job.run()) };
    this.running.add(entry);
    void entry.done.finally(() => this.running.delete(entry));
    return job;
  }

  /** Imports running or waiting now. */
  get activeCount(): number {
    return this.running.size;
  }

  /** Shutdown: every import is cancelled (its stored file removed) and awaited. */
  async close(): Promise<void> {
    this.closed = true;
    const entries = [...this.running];
    // No error message: the socket just closes, and the browser says 'Socket closed unexpectedly' (docs/documents.md, Import from link).
    for (const { job } of entries) void job.cancel();
    await Promise.all(entries.map((entry) => entry.done));
  }
}
