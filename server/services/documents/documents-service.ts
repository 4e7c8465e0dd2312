import { CAROUSEL_IMAGE_PATH, type DocumentCategory, fileTypeByMime, isDocumentCategory } from '@domain/documents/rules.ts';
import { type DocumentUpdate } from '@domain/documents/schema.ts';
import type { AdminDocument, PublicDocument } from '@domain/documents/types.ts';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/connection.ts';
import type { DocumentRow } from '../../db/tables/documents.ts';
import type { Logger } from '../../logger.ts';
import type { ServerMetrics } from '../../metrics/server-metrics.ts';
import type { ByteRange, Storage } from '../../storage/storage.ts';
import { type AuditActor, recordAudit, resolveActor } from '../audit/audit-log.ts';
import type { EditOutcome } from '../audit/edit-outcome.ts';
import type { ContentVersion } from '../pages/content-version.ts';
import { type PageText, deleteDocumentPages, documentPages, replaceDocumentPages } from '../search/document-pages.ts';
import { documentEntries } from '../search/entries.ts';
import type { SearchIndex } from '../search/search-index.ts';
import { CarouselImages } from './carousel-images.ts';
import { DocumentUpload } from './document-upload.ts';
import { type IntakeOutcome, type IntakeRefusal, type StoredFileCandidate, checkStoredFile, isRefusal, parseDocumentFields } from './intake.ts';
import { downloadFileName } from './file-name.ts';
import * as queries from './queries.ts';
import { seedSampleDocuments } from './seed.ts';

/** A document's file, ready to send: its download name, type and size, and its bytes on demand. */
export interface DocumentFile {
  fileName: string;
  mimeType: string;
  size: number;
  /** The bytes (only `range`, inclusive, when given), or null when the file went meanwhile. */
  open(range?: ByteRange): Promise<Readable | null>;
}

export class ImageNotAvailableError extends Error {
  override name = 'ImageNotAvailableError';
}

/** What the library tells the search (docs/search.md): the index, and the text of a PDF it accepts. */
export interface DocumentSearch {
  index: SearchIndex;
  /**
   * The text of each page of the PDF stored at `key`, or null when there is none to have
   * (encrypted, malformed, too big or too slow: the extractor's limits). Never throws.
   */
  extractPdfText(key: string, size: number): Promise<PageText[] | null>;
}

/**
 * The document library: rows in the `documents` table, files and carousel images in object
 * storage. Used by the JSON API and by the knowledge-base loader alike. Storage is its own:
 * callers deal in documents, uploads and images, never in keys.
 */
export class DocumentsService {
  readonly images: CarouselImages;

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly logger: Logger,
    /** Raised after every change, so cached public pages are made again (server/page-cache/). */
    private readonly contentVersion: ContentVersion,
    /** The search index, written in each write's transaction, and the PDF text extractor of the intake. */
    private readonly search: DocumentSearch,
    /** Counts the bytes each intake accepted or refused (server/metrics/). */
    private readonly metrics?: Pick<ServerMetrics, 'uploadBytes'>,
  ) {
    this.images = new CarouselImages(storage, logger);
  }

  /** Where the browser PUTs carousel images when that is not our own origin (an S3 endpoint), for the CSP. */
  get uploadOrigin(): string | null {
    return this.storage.uploadOrigin;
  }

  /**
   * Whether visitors may see the carousel image at `/objects/images/<file>`: not when only
   * trashed documents show it (docs/trash-and-audit.md). An image no document shows yet (one
   * the edit dialog just uploaded) stays visible for the dialog's preview.
   */
  async imageVisible(file: string): Promise<boolean> {
    return !(await queries.imageOnlyInTrash(this.db, `/objects/images/${file}`));
  }

  async listAdmin(): Promise<AdminDocument[]> {
    return (await queries.listDocuments(this.db)).map(toAdminDocument);
  }

  async listPublic(category?: DocumentCategory): Promise<PublicDocument[]> {
    return (await queries.listDocuments(this.db, category)).map(toPublicDocument);
  }

  /** The file of document `id` for a download, or null when the document or its file does not exist. */
  async file(id: number): Promise<DocumentFile | null> {
    const row = await queries.findDocument(this.db, id);
    const head = row ? await this.storage.head(row.object_key) : null;
    if (!row || !head) return null;
    return {
      fileName: downloadFileName(row.title, extensionOf(row)),
      mimeType: row.mime_type,
      size: head.size,
      open: (range) => this.storage.get(row.object_key, range),
    };
  }

  /**
   * A document upload of at most `maxBytes`, fed by the API as its multipart form arrives
   * (see DocumentUpload): its file is stored as it comes and recorded once the fields pass.
   */
  startUpload(maxBytes: number, actor: AuditActor): DocumentUpload {
    return new DocumentUpload(this.storage, maxBytes, (file, fields) => this.acceptStoredFile(file, fields, maxBytes, actor));
  }

  /**
   * The intake (intake.ts): a file already in storage becomes a document if its fields pass,
   * it is not empty nor over `maxBytes`, and its first bytes are an allowed type; the row is
   * recorded (with its audit row, `actor` the uploading admin) and the content version raised.
   * A refused file is deleted from storage.
   */
  async acceptStoredFile(file: StoredFileCandidate, fields: Record<string, unknown>, maxBytes: number, actor: AuditActor): Promise<IntakeOutcome> {
    const outcome = await this.intake(file, fields, maxBytes, actor);
    this.metrics?.uploadBytes.inc({ outcome: outcome.kind }, file.size);
    return outcome;
  }

  private async intake(file: StoredFileCandidate, fields: Record<string, unknown>, maxBytes: number, actor: AuditActor): Promise<IntakeOutcome> {
    const parsed = parseDocumentFields(fields);
    if (isRefusal(parsed)) return this.refuse(file.key, parsed);
    const type = await checkStoredFile(file, maxBytes);
    if (isRefusal(type)) return this.refuse(file.key, type);
    // Before the transaction, off the event loop and bounded (pdf-text/): no text is no failure.
    const pages = type.mime === 'application/pdf' ? await this.pdfText(file) : [];
    try {
      const who = await resolveActor(this.db, actor);
      const now = Date.now();
      const row = await this.db.transaction().execute(async (trx) => {
        const inserted = await queries.insertDocument(trx, {
          ...parsed,
          object_key: file.key,
          original_name: file.originalName,
          mime_type: type.mime,
          size_bytes: file.size,
          carousel_images: '[]',
          created_at: now,
          updated_at: now,
          updated_by: who.username,
        });
        await replaceDocumentPages(trx, inserted.id, pages);
        await this.index(trx, inserted, pages);
        await recordAudit(trx, {
          actor: who,
          action: 'document.create',
          kind: 'document',
          entityId: inserted.id,
          summary: inserted.title,
          after: auditFields(inserted),
          at: now,
        });
        return inserted;
      });
      await this.changed();
      return { kind: 'accepted', document: toAdminDocument(row) };
    } catch (error) {
      await this.discardFile(file.key);
      throw error;
    }
  }

  /** The pages of an accepted PDF with text; none (and one log line) when it has none to give. */
  private async pdfText(file: StoredFileCandidate): Promise<PageText[]> {
    const pages = await this.search.extractPdfText(file.key, file.size);
    const withText = (pages ?? []).filter((page) => page.text.trim() !== '');
    if (withText.length === 0) {
      this.logger.info({ key: file.key, originalName: file.originalName, size: file.size }, 'no text found in an uploaded PDF; it is searchable by its title and description only');
    }
    return withText;
  }

  /** A live document's entries: its fields and the page texts given or stored. */
  private async index(trx: Db, row: DocumentRow, pages?: readonly PageText[]): Promise<void> {
    const id = Number(row.id);
    await this.search.index.replaceSource(trx, 'document', String(id), documentEntries({ ...row, id, pages: pages ?? (await documentPages(trx, id)) }));
  }

  private async refuse(key: string, refusal: IntakeRefusal): Promise<IntakeOutcome> {
    await this.discardFile(key);
    return { kind: 'refused', ...refusal };
  }

  /** Deletes a stored file that is not kept; a failure is logged, not thrown (the refusal stands). */
  private async discardFile(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.error({ err: error, key }, 'could not delete a refused upload');
    }
  }

  /**
   * Saves the edit dialog. Every carousel image must be one we accepted and still hold, and
   * not belong to another document; images dropped from the list are deleted from storage.
   * `expectedVersion` is the version the edit started from (If-Match or the body's
   * `version`): a document changed since is a conflict; without it the edit overwrites.
   */
  async update(id: number, input: DocumentUpdate, actor: AuditActor, expectedVersion?: number): Promise<EditOutcome<AdminDocument>> {
    const who = await resolveActor(this.db, actor);
    // A write that loses a race with another (its version moved between read and write) reads
    // again: a conflict when the edit named a version, else it overwrites the newer one.
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await queries.findDocument(this.db, id);
      if (!before) return { kind: 'not-found' };
      if (expectedVersion !== undefined && before.version !== expectedVersion) return conflictOf(before);
      const previous = parseImages(before.carousel_images);
      for (const path of input.carouselImages) {
        if (previous.includes(path)) continue;
        if (!(await this.images.exists(path))) throw new ImageNotAvailableError('A carousel image was not found. Upload it again.');
        if ((await queries.documentsUsingImage(this.db, path, id)).length > 0) {
          throw new ImageNotAvailableError('A carousel image belongs to another document.');
        }
      }
      const now = Date.now();
      const row = await this.db.transaction().execute(async (trx) => {
        const updated = await queries.updateDocument(trx, id, before.version, {
          title: input.title,
          description: input.description,
          category: input.category,
          carousel_images: JSON.stringify(input.carouselImages),
          updated_at: now,
          updated_by: who.username,
        });
        if (!updated) return undefined;
        await this.index(trx, updated);
        const imagesChanged = JSON.stringify(previous) !== JSON.stringify(input.carouselImages);
        const fieldsChanged =
          before.title !== updated.title || before.description !== updated.description || before.category !== updated.category;
        if (imagesChanged) {
          await recordAudit(trx, {
            actor: who,
            action: 'carousel.update',
            kind: 'carousel',
            entityId: id,
            summary: updated.title,
            before: { carouselImages: previous },
            after: { carouselImages: input.carouselImages },
            at: now,
          });
        }
        if (fieldsChanged || !imagesChanged) {
          await recordAudit(trx, {
            actor: who,
            action: 'document.update',
            kind: 'document',
            entityId: id,
            summary: updated.title,
            before: editableFields(before),
            after: editableFields(updated),
            at: now,
          });
        }
        return updated;
      });
      if (!row) continue;
      await this.changed();
      await this.removeImages(previous.filter((path) => !input.carouselImages.includes(path)));
      return { kind: 'saved', item: toAdminDocument(row) };
    }
    throw new Error(`document ${id} kept changing during an update`);
  }

  /**
   * Moves a document to the trash (docs/trash-and-audit.md): visitors stop seeing it at once;
   * its file and carousel images stay in storage until it is purged. False for an unknown id.
   */
  async remove(id: number, actor: AuditActor): Promise<boolean> {
    const who = await resolveActor(this.db, actor);
    const now = Date.now();
    const row = await this.db.transaction().execute(async (trx) => {
      const trashed = await queries.trashDocument(trx, id, who.username, now);
      if (!trashed) return undefined;
      await this.search.index.removeSource(trx, 'document', String(id));
      await recordAudit(trx, {
        actor: who,
        action: 'document.delete',
        kind: 'document',
        entityId: id,
        summary: trashed.title,
        before: auditFields(trashed),
        at: now,
      });
      return trashed;
    });
    if (!row) return false;
    await this.changed();
    return true;
  }

  /** Brings a document back from the trash as it was, as a new version; null when it is not there. */
  async restore(id: number, actor: AuditActor): Promise<AdminDocument | null> {
    const who = await resolveActor(this.db, actor);
    const now = Date.now();
    const row = await this.db.transaction().execute(async (trx) => {
      const restored = await queries.restoreDocument(trx, id, who.username, now);
      if (!restored) return undefined;
      await this.index(trx, restored);
      await recordAudit(trx, {
        actor: who,
        action: 'document.restore',
        kind: 'document',
        entityId: id,
        summary: restored.title,
        after: auditFields(restored),
        at: now,
      });
      return restored;
    });
    if (!row) return null;
    await this.changed();
    return toAdminDocument(row);
  }

  /**
   * Deletes a document in the trash forever: the row (with its audit row), then its file,
   * images and thumbnails. `alsoLive` takes a live one too (an import cancelled while its
   * row was written). False when there is no such document.
   */
  async purge(id: number, actor: AuditActor, options: { alsoLive?: boolean } = {}): Promise<boolean> {
    const who = await resolveActor(this.db, actor);
    const row = await this.db.transaction().execute(async (trx) => {
      const deleted = await queries.deleteDocument(trx, id, options.alsoLive);
      if (!deleted) return undefined;
      await this.search.index.removeSource(trx, 'document', String(id));
      await deleteDocumentPages(trx, id);
      await recordAudit(trx, {
        actor: who,
        action: 'document.purge',
        kind: 'document',
        entityId: id,
        summary: deleted.title,
        before: auditFields(deleted),
      });
      return deleted;
    });
    if (!row) return false;
    if (row.deleted_at === null) await this.changed();
    // The row is gone first, so a failure below leaves an orphaned object, never a dead link.
    try {
      await this.storage.delete(row.object_key);
    } catch (error) {
      this.logger.error({ err: error, key: row.object_key }, 'could not delete a document file');
    }
    await this.removeImages(parseImages(row.carousel_images));
    return true;
  }

  /** The documents in the trash (deleted before `before`, when given), newest deletion first. */
  async trashed(before?: number): Promise<Array<{ id: number; title: string; deletedAt: number; deletedBy: string | null }>> {
    return (await queries.trashedDocuments(this.db, before)).map((row) => ({
      id: row.id,
      title: row.title,
      deletedAt: Number(row.deleted_at),
      deletedBy: row.deleted_by,
    }));
  }

  /** The sample documents, once per database (see migration 005). */
  seedSamples(): Promise<number> {
    return seedSampleDocuments(this.db, this.storage, this.logger);
  }

  /**
   * Tells the page cache (and a configured CDN). The write has happened whatever this says: a
   * failure is logged, and the caches' time limits then bring the pages up to date.
   */
  private async changed(): Promise<void> {
    try {
      await this.contentVersion.bump({ kind: 'documents' });
    } catch (error) {
      this.logger.error({ err: error }, 'could not raise the content version after a document change');
    }
  }

  /**
   * Removes carousel images accepted but never saved to a document (issue 16: they join a
   * document only with the edit dialog's Save, so a Cancel leaves them behind), with their
   * thumbnails. Only images older than `keepMs` go, so one waiting in an open dialog is
   * kept. Run by the upload sweep (server/services/index.ts). Returns how many.
   */
  async sweepUnsavedImages(keepMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const key of await this.storage.objectsOlderThan('images/', now - keepMs)) {
      const path = `/objects/${key}`;
      if (!CAROUSEL_IMAGE_PATH.test(path)) continue;
      if ((await queries.documentsUsingImage(this.db, path, -1)).length > 0) continue;
      await this.removeImages([path]);
      removed++;
    }
    if (removed > 0) this.logger.info({ removed }, 'unsaved carousel images swept');
    return removed;
  }

  private async removeImages(paths: string[]): Promise<void> {
    for (const path of paths) {
      try {
        await this.images.remove(path);
      } catch (error) {
        this.logger.error({ err: error, path }, 'could not delete a carousel image');
      }
    }
  }
}

function parseImages(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && CAROUSEL_IMAGE_PATH.test(item)) : [];
  } catch {
    return [];
  }
}

/** The extension a document downloads with: from its recognised type. */
function extensionOf(row: Pick<DocumentRow, 'mime_type' | 'object_key'>): string {
  return fileTypeByMime(row.mime_type)?.ext ?? /\.([a-z0-9]+)$/.exec(row.object_key)?.[1] ?? 'bin';
}

function categoryOf(row: DocumentRow): DocumentCategory {
  return isDocumentCategory(row.category) ? row.category : 'articles';
}

/** What the audit log keeps of a document: its fields, never a storage key. */
function auditFields(row: DocumentRow): Record<string, unknown> {
  return {
    ...editableFields(row),
    carouselImages: parseImages(row.carousel_images),
    originalName: row.original_name,
    mimeType: row.mime_type,
    sizeBytes: Number(row.size_bytes),
    version: row.version,
  };
}

function editableFields(row: DocumentRow): Record<string, unknown> {
  return { title: row.title, description: row.description, category: row.category };
}

function conflictOf(row: DocumentRow): EditOutcome<AdminDocument> {
  return { kind: 'conflict', current: toAdminDocument(row), changedBy: row.updated_by, changedAt: new Date(Number(row.updated_at)) };
}

function toPublicDocument(row: DocumentRow): PublicDocument {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    fileName: downloadFileName(row.title, extensionOf(row)),
    category: categoryOf(row),
    createdAt: new Date(row.created_at).toISOString(),
    carouselImages: parseImages(row.carousel_images),
    mimeType: row.mime_type,
    sizeBytes: row.size_bytes,
    version: row.version,
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
    updatedBy: row.updated_by,
  };
}

function toAdminDocument(row: DocumentRow): AdminDocument {
  const { fileName, createdAt, ...shared } = toPublicDocument(row);
  return { ...shared, filename: fileName, originalName: row.original_name, uploadedAt: createdAt };
}
