import { CAROUSEL_IMAGE_PATH, type DocumentCategory, fileTypeByMime, isDocumentCategory } from '@domain/documents/rules.ts';
import { type DocumentUpdate } from '@domain/documents/schema.ts';
import type { AdminDocument, PublicDocument } from '@domain/documents/types.ts';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/connection.ts';
import type { DocumentRow } from '../../db/tables/documents.ts';
import type { Logger } from '../../logger.ts';
import type { ByteRange, Storage } from '../../storage/storage.ts';
import type { ContentVersion } from '../pages/content-version.ts';
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
  ) {
    this.images = new CarouselImages(storage, logger);
  }

  /** Where the browser PUTs carousel images when that is not our own origin (an S3 endpoint), for the CSP. */
  get uploadOrigin(): string | null {
    return this.storage.uploadOrigin;
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
  startUpload(maxBytes: number): DocumentUpload {
    return new DocumentUpload(this.storage, maxBytes, (file, fields) => this.acceptStoredFile(file, fields, maxBytes));
  }

  /**
   * The intake (intake.ts): a file already in storage becomes a document if its fields pass,
   * it is not empty nor over `maxBytes`, and its first bytes are an allowed type; the row is
   * recorded and the content version raised. A refused file is deleted from storage.
   */
  async acceptStoredFile(file: StoredFileCandidate, fields: Record<string, unknown>, maxBytes: number): Promise<IntakeOutcome> {
    const parsed = parseDocumentFields(fields);
    if (isRefusal(parsed)) return this.refuse(file.key, parsed);
    const type = await checkStoredFile(file, maxBytes);
    if (isRefusal(type)) return this.refuse(file.key, type);
    try {
      const row = await queries.insertDocument(this.db, {
        ...parsed,
        object_key: file.key,
        original_name: file.originalName,
        mime_type: type.mime,
        size_bytes: file.size,
        carousel_images: '[]',
        created_at: Date.now(),
      });
      await this.changed();
      return { kind: 'accepted', document: toAdminDocument(row) };
    } catch (error) {
      await this.discardFile(file.key);
      throw error;
    }
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
   * Returns undefined for an unknown id.
   */
  async update(id: number, input: DocumentUpdate): Promise<AdminDocument | undefined> {
    const before = await queries.findDocument(this.db, id);
    if (!before) return undefined;
    const previous = parseImages(before.carousel_images);
    for (const path of input.carouselImages) {
      if (previous.includes(path)) continue;
      if (!(await this.images.exists(path))) throw new ImageNotAvailableError('A carousel image was not found. Upload it again.');
      if ((await queries.documentsUsingImage(this.db, path, id)).length > 0) {
        throw new ImageNotAvailableError('A carousel image belongs to another document.');
      }
    }
    const row = await queries.updateDocument(this.db, id, {
      title: input.title,
      description: input.description,
      category: input.category,
      carousel_images: JSON.stringify(input.carouselImages),
    });
    if (!row) return undefined;
    await this.changed();
    await this.removeImages(previous.filter((path) => !input.carouselImages.includes(path)));
    return toAdminDocument(row);
  }

  /** Deletes the row, then its file, images and thumbnails. False for an unknown id. */
  async remove(id: number): Promise<boolean> {
    const row = await queries.deleteDocument(this.db, id);
    if (!row) return false;
    await this.changed();
    // The row is gone first, so a failure below leaves an orphaned object, never a dead link.
    try {
      await this.storage.delete(row.object_key);
    } catch (error) {
      this.logger.error({ err: error, key: row.object_key }, 'could not delete a document file');
    }
    await this.removeImages(parseImages(row.carousel_images));
    return true;
  }

  /** The sample documents, once per database (see migration 005). */
  seedSamples(): Promise<number> {
    return seedSampleDocuments(this.db, this.storage, this.logger);
  }

  /**
   * Tells the page cache. The write has happened whatever this says: a failure is logged, and
   * the cache's time limit then brings the pages up to date.
   */
  private async changed(): Promise<void> {
    try {
      await this.contentVersion.bump();
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
  };
}

function toAdminDocument(row: DocumentRow): AdminDocument {
  const { fileName, createdAt, ...shared } = toPublicDocument(row);
  return { ...shared, filename: fileName, originalName: row.original_name, uploadedAt: createdAt };
}
