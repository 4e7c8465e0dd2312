import type { AdminPrincipal } from '@domain/admin.ts';
import type { AuditActor } from '../audit/audit-log.ts';
import { documentMessages } from '@domain/documents/rules.ts';
import type { DocumentUploadFields } from '@domain/documents/schema.ts';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/connection.ts';
import type { UploadRow } from '../../db/tables/uploads.ts';
import type { Logger } from '../../logger.ts';
import { MAX_PART_BYTES, MIN_PART_BYTES } from '@domain/documents/upload-limits.ts';
import type { DiskStorage } from '../../storage/disk.ts';
import {
  ObjectTooLargeError,
  type Storage,
  type StoredPart,
  type UploadRef,
  UnknownUploadError,
  normalizeEtag,
  objectKeys,
  uploadIdOf,
} from '../../storage/storage.ts';
import { SNIFF_BYTES } from '../documents/file-types.ts';
import { type IntakeOutcome, type IntakeRefusal, type StoredFileCandidate, checkStoredFile, isRefusal, parseDocumentFields } from '../documents/intake.ts';
import * as queries from './queries.ts';

/**
 * Uploads of large documents (docs/documents.md, "Large files"): the records and rules
 * behind the companion-style endpoints of server/api/uploads.ts. The bytes go to storage
 * (server/storage/); this service decides who may touch which upload, checks
 * the finished file as the single-request upload does (size, type from its first bytes),
 * creates the document, and sweeps what was left unfinished.
 */

/** Unfinished uploads are kept at least this long, so a resume works the next morning. */
export const KEEP_UNFINISHED_MS = 24 * 60 * 60 * 1000;
/** A claim (complete, abort, sweep) older than this belongs to a process that died. */
export const CLAIM_LEASE_MS = 60 * 60 * 1000;
/** A part URL is asked for right before its part is sent; an hour covers 5 MiB on a very slow link. */
export const PART_URL_TTL_SECONDS = 60 * 60;
/** The single-request target, like the carousel's upload URL. */
export const POST_TARGET_TTL_SECONDS = 15 * 60;
/** Rows the sweep takes per run; the rest wait for the next. */
const SWEEP_BATCH = 500;

/** The documents' intake (DocumentsService.acceptStoredFile): checks the stored file and records the document. */
export type AcceptStoredFile = (
  file: StoredFileCandidate,
  fields: Record<string, unknown>,
  maxBytes: number,
  actor: AuditActor,
) => Promise<IntakeOutcome>;

/** The document's fields as a request gives them, before the schema has checked them. */
export interface DocumentFieldsInput {
  title: unknown;
  description: unknown;
  category: unknown;
}

export interface UploadsOptions {
  /** UPLOAD_MAX_BYTES: the largest document. */
  maxBytes: number;
  /** The single-request limit (100 MB), for s3/params. */
  singleMaxBytes: number;
}

/** What the admin's browser says about the file when an upload starts. */
export interface NewUpload {
  originalName: string;
  claimedType: string;
  fields: DocumentUploadFields;
}

/** How a complete ended: a document, or a refusal (the intake's, or the parts listed). */
export type CompleteOutcome =
  | { kind: 'completed'; documentId: number; key: string }
  | { kind: 'not-found' }
  | { kind: 'busy' }
  | { kind: 'invalid'; message: string }
  | ({ kind: 'refused' } & IntakeRefusal);

export type ReceiveOutcome =
  | { kind: 'stored'; etag: string; size: number }
  | { kind: 'forbidden'; reason: string }
  | { kind: 'not-found' }
  | { kind: 'busy' }
  | { kind: 'too-large'; maxBytes: number };

export interface SweepResult {
  /** Unfinished uploads removed with their parts. */
  unfinished: number;
  /** Rows of finished uploads forgotten (their documents stay). */
  finished: number;
  /** Objects under uploads/ never accepted (carousel images, single-request uploads never completed). */
  staleObjects: number;
  /** Disk part directories without a row. */
  orphans: number;
}

export class UploadsService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly accept: AcceptStoredFile,
    private readonly logger: Logger,
    private readonly options: UploadsOptions,
  ) {}

  get maxBytes(): number {
    return this.options.maxBytes;
  }

  get singleMaxBytes(): number {
    return this.options.singleMaxBytes;
  }

  /** POST s3/multipart: records the upload and starts it in storage. */
  async start(admin: AdminPrincipal, upload: NewUpload): Promise<{ uploadId: string; key: string }> {
    const row = await this.insert(admin, upload, 'multipart');
    try {
      const storageUploadId = await this.storage.createUpload({ uploadId: row.id, key: row.object_key });
      if (storageUploadId) await queries.setStorageUploadId(this.db, row.id, storageUploadId);
    } catch (error) {
      await queries.deleteUpload(this.db, row.id);
      throw error;
    }
    this.logger.info({ admin: admin.username, uploadId: row.id, name: row.original_name }, 'multipart upload started');
    return { uploadId: row.id, key: row.object_key };
  }

  /** GET s3/multipart/:uploadId: the parts stored so far, or null for an upload that is not this admin's (or gone). */
  async listParts(admin: AdminPrincipal, uploadId: string, key: string): Promise<StoredPart[] | null> {
    const row = await this.ownRow(admin, uploadId, key, 'multipart');
    if (!row || row.state === 'done' || row.state === 'sweeping') return null;
    return this.storage.listParts(refOf(row));
  }

  /** GET s3/multipart/:uploadId/:partNumber: a signed URL for one part, or null. */
  async partUrl(admin: AdminPrincipal, uploadId: string, key: string, partNumber: number): Promise<string | null> {
    const row = await this.ownRow(admin, uploadId, key, 'multipart');
    if (!row || row.state !== 'open') return null;
    return this.storage.partUrl(refOf(row), partNumber, {
      expiresInSeconds: PART_URL_TTL_SECONDS,
      maxBytes: Math.min(MAX_PART_BYTES, this.options.maxBytes),
    });
  }

  /**
   * POST s3/multipart/:uploadId/complete: checks the listed parts against storage, the size
   * and the type, then assembles the file and creates the document. One request at a time
   * per upload (claimed in the database); a repeat after success answers the same. `fields`
   * given here replace those recorded at start (a resumed upload whose title changed).
   */
  async complete(
    admin: AdminPrincipal,
    uploadId: string,
    key: string,
    parts: { partNumber: number; etag: string }[],
    fields: Partial<DocumentFieldsInput> = {},
  ): Promise<CompleteOutcome> {
    const row = await this.ownRow(admin, uploadId, key, 'multipart');
    if (!row) return { kind: 'not-found' };
    const merged = fieldsOf(row, fields);
    if (isRefusal(merged)) return { kind: 'refused', ...merged };
    return this.claimed(row, () => this.finishMultipart(row, parts, merged));
  }

  /** DELETE s3/multipart/:uploadId: removes the parts and the record. */
  async abort(admin: AdminPrincipal, uploadId: string, key: string): Promise<'aborted' | 'not-found' | 'busy'> {
    const row = await this.ownRow(admin, uploadId, key, 'multipart');
    if (!row || row.state === 'done') return 'not-found';
    const now = Date.now();
    // Open, or held by a request whose process died (its claim went stale).
    if (!(await queries.claimUpload(this.db, row.id, ['open', 'completing', 'sweeping'], 'sweeping', now, now - CLAIM_LEASE_MS))) {
      return row.state === 'sweeping' ? 'not-found' : 'busy';
    }
    await this.discardClaimed(row);
    this.logger.info({ admin: admin.username, uploadId }, 'multipart upload aborted');
    return 'aborted';
  }

  /** GET s3/params: a single-request target (a signed POST form) for a file of at most 100 MB. */
  async singleTarget(
    admin: AdminPrincipal,
    upload: NewUpload,
    origin: string,
  ): Promise<{ method: 'POST'; url: string; fields: Record<string, string>; expires: number }> {
    const row = await this.insert(admin, upload, 'single');
    const target = await this.storage.postTarget(stagingKeyOf(row), {
      expiresInSeconds: POST_TARGET_TTL_SECONDS,
      maxBytes: this.options.singleMaxBytes,
      origin,
    });
    this.logger.info({ admin: admin.username, uploadId: row.id, name: row.original_name }, 'single-request upload target issued');
    return { method: 'POST', ...target, expires: POST_TARGET_TTL_SECONDS };
  }

  /**
   * POST s3/params/complete?key=uploads/<id>: the single-request upload is checked and becomes
   * a document. `admin` null is disk storage's own form POST, completed at once so the official
   * plugin's two calls make the document (docs/documents.md): its signature was the permission.
   */
  async completeSingle(admin: AdminPrincipal | null, stagingKey: string, fields: Partial<DocumentFieldsInput> = {}): Promise<CompleteOutcome> {
    const row = await this.singleRow(stagingKey);
    if (!row || (admin && row.admin_id !== admin.id)) return { kind: 'not-found' };
    const merged = fieldsOf(row, fields);
    if (isRefusal(merged)) return { kind: 'refused', ...merged };
    return this.claimed(row, () => this.finishSingle(row, merged));
  }

  /** The document a single-request upload became (its `uploadURL`, GET on disk), or null. */
  async documentOfUpload(stagingKey: string): Promise<number | null> {
    const row = await this.singleRow(stagingKey);
    return row?.state === 'done' ? row.document_id : null;
  }

  private async singleRow(stagingKey: string): Promise<UploadRow | null> {
    const id = uploadIdOf(stagingKey);
    const row = id ? await queries.findUpload(this.db, id) : undefined;
    return row?.kind === 'single' ? row : null;
  }

  /**
   * The disk backend's part PUT (a signed URL to our own server): checks the signature, the
   * declared size and the upload, then stores the part. `body` is asked for only then, so a
   * refused request's body is never read into a copy.
   */
  async receivePart(
    disk: DiskStorage,
    uploadId: string,
    partNumber: number,
    query: Record<string, unknown>,
    declaredBytes: number | null,
    body: () => Readable,
  ): Promise<ReceiveOutcome> {
    const check = disk.checkPartUrl(uploadId, partNumber, query);
    if (!check.ok) return { kind: 'forbidden', reason: check.reason };
    if (declaredBytes !== null && declaredBytes > check.maxBytes) return { kind: 'too-large', maxBytes: check.maxBytes };
    const row = await queries.findUpload(this.db, uploadId);
    if (!row || row.kind !== 'multipart') return { kind: 'not-found' };
    // Parts may not change under a complete that is reading them.
    if (row.state !== 'open') return row.state === 'completing' ? { kind: 'busy' } : { kind: 'not-found' };
    return this.receive(() => disk.receivePart(uploadId, partNumber, body(), check.maxBytes), check.maxBytes);
  }

  /** The disk backend's single-request form POST: `fields` came before the file and carry the signature. */
  async receivePost(disk: DiskStorage, fields: ReadonlyMap<string, string>, body: () => Readable): Promise<ReceiveOutcome & { key?: string }> {
    const check = disk.checkPostFields(fields);
    if (!check.ok || !check.key) return { kind: 'forbidden', reason: check.ok ? 'malformed' : check.reason };
    const id = uploadIdOf(check.key);
    const row = id ? await queries.findUpload(this.db, id) : undefined;
    if (!row || row.kind !== 'single' || row.state !== 'open') return { kind: 'not-found' };
    const key = check.key;
    const outcome = await this.receive(() => disk.receiveObject(key, body(), check.maxBytes), check.maxBytes);
    return { ...outcome, key };
  }

  /**
   * Removes what was left unfinished for KEEP_UNFINISHED_MS at `now`: uploads and their parts
   * (S3: AbortMultipartUpload), carousel and single-request uploads never accepted (under
   * uploads/), and on disk part directories whose row is gone. Safe to run in every process at
   * once: each row is claimed by one. Every process runs it on a timer (server/services/index.ts).
   */
  async sweep(now = Date.now()): Promise<SweepResult> {
    const cutoff = now - KEEP_UNFINISHED_MS;
    const staleBefore = now - CLAIM_LEASE_MS;
    const result: SweepResult = { unfinished: 0, finished: 0, staleObjects: 0, orphans: 0 };
    for (const row of await queries.sweepableUploads(this.db, cutoff, staleBefore, SWEEP_BATCH)) {
      if (!(await queries.claimUpload(this.db, row.id, [row.state], 'sweeping', now, staleBefore))) continue;
      if (await this.discardClaimed(row)) result.unfinished++;
    }
    result.finished = await queries.deleteDoneUploads(this.db, cutoff);
    for (const key of await this.storage.objectsOlderThan('uploads/', cutoff)) {
      await this.storage.delete(key);
      result.staleObjects++;
    }
    result.orphans = await this.storage.removeOrphans(cutoff, (id) => queries.uploadExists(this.db, id));
    if (result.unfinished + result.staleObjects + result.orphans > 0) this.logger.info({ ...result }, 'unfinished uploads swept');
    return result;
  }

  private async insert(admin: AdminPrincipal, upload: NewUpload, kind: UploadRow['kind']): Promise<UploadRow> {
    const row: UploadRow = {
      id: crypto.randomUUID(),
      kind,
      state: 'open',
      object_key: objectKeys.uploadedDocument(),
      storage_upload_id: null,
      admin_id: admin.id,
      original_name: upload.originalName,
      claimed_type: upload.claimedType.slice(0, 255),
      title: upload.fields.title,
      description: upload.fields.description,
      category: upload.fields.category,
      document_id: null,
      created_at: Date.now(),
      claimed_at: null,
    };
    await queries.insertUpload(this.db, row);
    return row;
  }

  /** The row, if it exists, is of this kind, belongs to this admin and has this key; otherwise null (a 404 to the caller). */
  private async ownRow(admin: AdminPrincipal, uploadId: string, key: string, kind: UploadRow['kind']): Promise<UploadRow | null> {
    const row = await queries.findUpload(this.db, uploadId);
    return row && row.kind === kind && row.admin_id === admin.id && row.object_key === key ? row : null;
  }

  /**
   * Runs `finish` holding the row's claim. A refusal the admin can fix (`invalid`) gives the
   * claim back; any other refusal has already discarded the upload; an error gives it back too.
   */
  private async claimed(row: UploadRow, finish: () => Promise<CompleteOutcome>): Promise<CompleteOutcome> {
    if (row.state === 'done' && row.document_id !== null) return { kind: 'completed', documentId: row.document_id, key: row.object_key };
    const now = Date.now();
    if (!(await queries.claimUpload(this.db, row.id, ['open', 'completing'], 'completing', now, now - CLAIM_LEASE_MS))) {
      const current = await queries.findUpload(this.db, row.id);
      if (current?.state === 'done' && current.document_id !== null) {
        return { kind: 'completed', documentId: current.document_id, key: current.object_key };
      }
      return current && current.state !== 'sweeping' ? { kind: 'busy' } : { kind: 'not-found' };
    }
    try {
      const outcome = await finish();
      if (outcome.kind === 'invalid') await queries.releaseUpload(this.db, row.id, now);
      return outcome;
    } catch (error) {
      await queries.releaseUpload(this.db, row.id, now).catch(() => {});
      throw error;
    }
  }

  private async finishMultipart(row: UploadRow, requested: { partNumber: number; etag: string }[], fields: DocumentUploadFields): Promise<CompleteOutcome> {
    const upload = refOf(row);
    const stored = await this.storage.listParts(upload);
    if (!stored) {
      // Storage no longer has it (aborted elsewhere, or by a bucket lifecycle rule).
      await this.discard(row);
      return { kind: 'not-found' };
    }
    const chosen = choosePartsToComplete(stored, requested);
    if (typeof chosen === 'string') return { kind: 'invalid', message: chosen };
    const size = chosen.reduce((sum, part) => sum + part.size, 0);
    // Refused before assembling where it can be: the size on both, the type on disk, which
    // reads the first bytes from the parts (S3 only after, in the intake).
    if (size > this.options.maxBytes) return this.refuse(row, { reason: 'too-large', maxBytes: this.options.maxBytes });
    const head = await this.storage.peekParts(upload, chosen, SNIFF_BYTES);
    const early = head ? await checkStoredFile({ size, head }, this.options.maxBytes) : null;
    if (early && isRefusal(early)) return this.refuse(row, early);
    await this.storage.completeUpload(upload, chosen);
    return this.finish(row, size, fields, this.options.maxBytes);
  }

  private async finishSingle(row: UploadRow, fields: DocumentUploadFields): Promise<CompleteOutcome> {
    const stagingKey = stagingKeyOf(row);
    if (!(await this.storage.head(stagingKey))) {
      return { kind: 'invalid', message: 'The file has not arrived: send it to the target from s3/params first.' };
    }
    // Out of uploads/ first: its target URL, still unexpired, could otherwise replace a checked file.
    await this.storage.promote(stagingKey, row.object_key);
    const size = (await this.storage.head(row.object_key))?.size ?? 0;
    return this.finish(row, size, fields, this.options.singleMaxBytes);
  }

  /** Hands the stored file to the documents' intake; a refused upload is discarded with its row. */
  private async finish(row: UploadRow, size: number, fields: DocumentUploadFields, maxBytes: number): Promise<CompleteOutcome> {
    let outcome: IntakeOutcome;
    try {
      const head = (await this.storage.readHead(row.object_key, SNIFF_BYTES)) ?? Buffer.alloc(0);
      outcome = await this.accept({ key: row.object_key, size, head, originalName: row.original_name }, fields, maxBytes, {
        id: row.admin_id,
        username: null,
      });
    } catch (error) {
      await this.discard(row);
      throw error;
    }
    if (outcome.kind === 'refused') {
      await this.discard(row);
      return outcome;
    }
    const documentId = outcome.document.id;
    await queries.markUploadDone(this.db, row.id, documentId);
    this.logger.info({ uploadId: row.id, documentId, bytes: size, kind: row.kind }, 'upload completed');
    return { kind: 'completed', documentId, key: row.object_key };
  }

  private async refuse(row: UploadRow, refusal: IntakeRefusal): Promise<CompleteOutcome> {
    await this.discard(row);
    return { kind: 'refused', ...refusal };
  }

  /** Discards an upload this request holds: marked sweeping first, so a failure below is retried by the sweep. */
  private async discard(row: UploadRow): Promise<void> {
    const now = Date.now();
    await this.db.updateTable('uploads').set({ state: 'sweeping', claimed_at: now }).where('id', '=', row.id).execute();
    await this.discardClaimed(row);
  }

  /**
   * Removes a claimed upload's parts, its object (unless a document owns it) and its row.
   * False (logged; the row stays, the sweep retries) when storage fails.
   */
  private async discardClaimed(row: UploadRow): Promise<boolean> {
    try {
      if (row.kind === 'multipart') await this.storage.abortUpload(refOf(row));
      else await this.storage.delete(stagingKeyOf(row));
      // A multipart upload completed in storage whose document was never made.
      if (!(await queries.documentUsesKey(this.db, row.object_key))) await this.storage.delete(row.object_key);
      await queries.deleteUpload(this.db, row.id);
      return true;
    } catch (error) {
      this.logger.error({ err: error, uploadId: row.id }, 'could not remove an unfinished upload; the sweep retries');
      return false;
    }
  }

  private async receive(store: () => Promise<{ etag: string; size: number }>, maxBytes: number): Promise<ReceiveOutcome> {
    try {
      return { kind: 'stored', ...(await store()) };
    } catch (error) {
      if (error instanceof UnknownUploadError) return { kind: 'not-found' };
      if (error instanceof ObjectTooLargeError) return { kind: 'too-large', maxBytes };
      throw error;
    }
  }
}

/**
 * The parts a complete names, checked against what storage holds (ETags compared without
 * quotes, as S3 does): ascending part numbers, each stored with that ETag, every part but
 * the last at least 5 MiB, and not nothing at all. A message says what is wrong.
 */
export function choosePartsToComplete(stored: StoredPart[], requested: { partNumber: number; etag: string }[]): StoredPart[] | string {
  if (requested.length === 0) return 'List the uploaded parts to complete the upload.';
  const byNumber = new Map(stored.map((part) => [part.partNumber, part]));
  const chosen: StoredPart[] = [];
  let previous = 0;
  for (const { partNumber, etag } of requested) {
    if (partNumber <= previous) return 'List the parts in ascending order of PartNumber, each once.';
    previous = partNumber;
    const part = byNumber.get(partNumber);
    if (!part || part.etag !== normalizeEtag(etag)) {
      return `Part ${partNumber} is not stored with that ETag: list the parts and upload it again.`;
    }
    chosen.push(part);
  }
  const small = chosen.slice(0, -1).find((part) => part.size < MIN_PART_BYTES);
  if (small) {
    return `Part ${small.partNumber} has ${small.size} bytes: every part but the last needs at least 5 MiB (${MIN_PART_BYTES} bytes).`;
  }
  if (chosen.every((part) => part.size === 0)) return documentMessages.fileRequired;
  return chosen;
}

function refOf(row: UploadRow): UploadRef {
  return { uploadId: row.id, key: row.object_key, storageUploadId: row.storage_upload_id };
}

/** The document's fields as a complete finds them: what it names, else what start recorded, checked as start checks them. */
function fieldsOf(row: UploadRow, given: Partial<DocumentFieldsInput>): DocumentUploadFields | IntakeRefusal {
  return parseDocumentFields({
    title: given.title ?? row.title,
    description: given.description !== undefined ? given.description : row.description,
    category: given.category ?? row.category,
  });
}

/** Where a single-request upload lands before it is checked: uploads/<id>, like a carousel image. */
function stagingKeyOf(row: UploadRow): string {
  return `uploads/${row.id}`;
}
