import { documentUploadFieldsSchema } from '@domain/documents/schema.ts';
import type { Readable } from 'node:stream';
import { type Storage, ObjectTooLargeError, objectKeys } from '../../storage/storage.ts';
import { cleanOriginalName } from './file-name.ts';
import { SNIFF_BYTES, peek, sniffDocumentType } from './file-types.ts';
import type { IntakeOutcome, StoredFileCandidate } from './intake.ts';

/** What became of the file part: stored (to be checked by the intake), or refused before storing. */
type ReceivedFile =
  | { kind: 'stored'; file: StoredFileCandidate }
  | { kind: 'refused'; outcome: IntakeOutcome & { kind: 'refused' } }
  | { kind: 'skipped' };

/**
 * One document upload while its form arrives (DocumentsService.startUpload: the single
 * request, and import from link). The form comes as a stream, so the file and the text
 * fields come in whatever order the client sent them:
 *
 * 1. `receiveFile` streams the file into storage as it arrives; only its first SNIFF_BYTES
 *    are held in memory. Its type is looked at first, only to name the key and to spare
 *    storing a file that cannot pass; fields that arrived before it and are already invalid
 *    spare storing it too.
 * 2. `finish`, once the whole form is read, hands the stored file and the fields to the intake
 *    (DocumentsService.acceptStoredFile), which checks them, records the document or refuses.
 * 3. `abandon` instead, when the form broke off: a stored file is deleted.
 */
export class DocumentUpload {
  private received: Promise<ReceivedFile> | null = null;

  constructor(
    private readonly storage: Storage,
    private readonly maxBytes: number,
    private readonly accept: (file: StoredFileCandidate, fields: Record<string, unknown>) => Promise<IntakeOutcome>,
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
  async finish(fields: Record<string, string>): Promise<IntakeOutcome> {
    const received = this.received ? await this.received : null;
    if (!received) return { kind: 'refused', reason: 'file-missing' };
    if (received.kind === 'stored') return this.accept(received.file, fields);
    // Refused before storing: no file comes first, then the fields, then what was wrong with the file.
    if (received.kind === 'refused' && received.outcome.reason === 'file-missing') return received.outcome;
    const parsed = documentUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) return { kind: 'refused', reason: 'invalid-fields', error: parsed.error };
    // 'skipped' only follows fields that were already invalid, which the parse above refused.
    return received.kind === 'refused' ? received.outcome : { kind: 'refused', reason: 'unsupported-type' };
  }

  /** The form broke off: whatever was stored goes. Waits for the file's storage to settle first. */
  async abandon(): Promise<void> {
    const received = await this.received?.catch(() => null);
    // A file whose storage failed was never stored: storage removed its partial object itself.
    if (received?.kind === 'stored') await this.storage.delete(received.file.key).catch(() => {});
  }

  /** Sniffs the type, then streams the file to a fresh key; never throws for a bad file. */
  private async store(stream: Readable, filename: string, fieldsSoFar: ReadonlyMap<string, string>): Promise<ReceivedFile> {
    if (knownInvalid(fieldsSoFar)) return { kind: 'skipped' };
    const { head, body } = await peek(stream, SNIFF_BYTES);
    const type = head.length === 0 ? null : await sniffDocumentType(head);
    if (!type) {
      body.destroy();
      return { kind: 'refused', outcome: { kind: 'refused', reason: head.length === 0 ? 'file-missing' : 'unsupported-type' } };
    }
    const key = objectKeys.document(type.ext);
    try {
      const { size } = await this.storage.put(key, body, { maxBytes: this.maxBytes, contentType: type.mime });
      return { kind: 'stored', file: { key, size, head, originalName: cleanOriginalName(filename) } };
    } catch (error) {
      if (error instanceof ObjectTooLargeError) return { kind: 'refused', outcome: { kind: 'refused', reason: 'too-large', maxBytes: this.maxBytes } };
      throw error;
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
