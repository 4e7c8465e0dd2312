import type { DocumentCategory } from '@domain/documents/rules.ts';
import { documentUploadFieldsSchema } from '@domain/documents/schema.ts';
import type { AdminDocument } from '@domain/documents/types.ts';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Logger } from '../../logger.ts';
import { type Storage, ObjectTooLargeError, objectKeys } from '../../storage/storage.ts';
import type { StoredFile } from './documents-service.ts';
import { cleanOriginalName } from './file-name.ts';
import { SNIFF_BYTES, peek, sniffDocumentType } from './file-types.ts';

/** Why an upload was not kept; the API answers each with its own status. */
export type UploadRefusal =
  | { reason: 'file-missing' }
  | { reason: 'invalid-fields'; error: z.ZodError }
  | { reason: 'too-large'; maxBytes: number }
  | { reason: 'unsupported-type' };

export type UploadOutcome = { kind: 'stored'; document: AdminDocument } | ({ kind: 'refused' } & UploadRefusal);

/** What became of the file part. */
type ReceivedFile =
  | { kind: 'stored'; file: StoredFile }
  | { kind: 'empty' }
  | { kind: 'skipped' }
  | { kind: 'unsupported' }
  | { kind: 'too-large' };

type UploadFields = { title: string; description: string | null; category: DocumentCategory };

/**
 * One document upload while its form arrives (DocumentsService.startUpload). The form comes
 * as a stream, so the file and the text fields come in whatever order the client sent them:
 *
 * 1. `receiveFile` streams the file through a type check into storage as it arrives; only
 *    its first SNIFF_BYTES are held in memory. Fields that arrived before it and are already
 *    invalid spare storing it.
 * 2. `finish`, once the whole form is read, checks the fields and records the document, or
 *    refuses with a reason and deletes the file it stored.
 * 3. `abandon` instead, when the form broke off: a stored file is deleted.
 *
 * Nothing here knows HTTP: the API maps the refusals to 400, 413 and 415.
 */
export class DocumentUpload {
  private received: Promise<ReceivedFile> | null = null;

  constructor(
    private readonly storage: Storage,
    private readonly logger: Logger,
    private readonly maxBytes: number,
    private readonly record: (file: StoredFile, fields: UploadFields) => Promise<AdminDocument>,
  ) {}

  /**
   * Stores the form's file. A bad file (empty, not an allowed type, over the limit) is not an
   * error: `finish` reports it. Rejects only when storage itself fails. A second file is ignored.
   */
  receiveFile(body: Readable, filename: string, fieldsSoFar: ReadonlyMap<string, string>): Promise<void> {
    if (this.received) return Promise.resolve();
    this.received = this.store(body, filename, fieldsSoFar);
    return this.received.then(() => undefined);
  }

  /** Decides, once the whole form was read: the document it recorded, or why not. */
  async finish(fields: Record<string, string>): Promise<UploadOutcome> {
    const received = this.received ? await this.received : null;
    if (!received || received.kind === 'empty') return { kind: 'refused', reason: 'file-missing' };
    const parsed = documentUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      await this.discard(received);
      return { kind: 'refused', reason: 'invalid-fields', error: parsed.error };
    }
    if (received.kind === 'too-large') return { kind: 'refused', reason: 'too-large', maxBytes: this.maxBytes };
    // 'skipped' only follows fields that were already invalid, which the parse above refused.
    if (received.kind !== 'stored') return { kind: 'refused', reason: 'unsupported-type' };
    try {
      return { kind: 'stored', document: await this.record(received.file, parsed.data) };
    } catch (error) {
      await this.discard(received);
      throw error;
    }
  }

  /** The form broke off: whatever was stored goes. Waits for the file's storage to settle first. */
  async abandon(): Promise<void> {
    const received = await this.received?.catch(() => null);
    // A file whose storage failed was never stored: storage removed its partial object itself.
    if (received) await this.discard(received);
  }

  /** Sniffs the type, then streams the file to a fresh key; never throws for a bad file. */
  private async store(stream: Readable, filename: string, fieldsSoFar: ReadonlyMap<string, string>): Promise<ReceivedFile> {
    if (knownInvalid(fieldsSoFar)) return { kind: 'skipped' };
    const { head, body } = await peek(stream, SNIFF_BYTES);
    if (head.length === 0) return { kind: 'empty' };
    const type = await sniffDocumentType(head);
    if (!type) {
      body.destroy();
      return { kind: 'unsupported' };
    }
    const key = objectKeys.document(type.ext);
    try {
      const { size } = await this.storage.put(key, body, { maxBytes: this.maxBytes, contentType: type.mime });
      return { kind: 'stored', file: { key, size, type, originalName: cleanOriginalName(filename) } };
    } catch (error) {
      if (error instanceof ObjectTooLargeError) return { kind: 'too-large' };
      throw error;
    }
  }

  /** Deletes a stored file that is not kept; a failure is logged, not thrown (the refusal stands). */
  private async discard(received: ReceivedFile): Promise<void> {
    if (received.kind !== 'stored') return;
    try {
      await this.storage.delete(received.file.key);
    } catch (error) {
      this.logger.error({ err: error, key: received.file.key }, 'could not delete a refused upload');
    }
  }
}

/** Fields that already arrived and are already wrong: no point storing the file. */
function knownInvalid(fields: ReadonlyMap<string, string>): boolean {
  const { category, title } = documentUploadFieldsSchema.shape;
  const given = (name: string) => fields.get(name);
  return (
    (given('category') !== undefined && !category.safeParse(given('category')).success) ||
    (given('title') !== undefined && !title.safeParse(given('title')).success)
  );
}
