import { documentMessages } from '@domain/documents/rules.ts';
import { documentUploadFieldsSchema, firstIssue } from '@domain/documents/schema.ts';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request, RequestHandler } from 'express';
import type { Services } from '../services/index.ts';
import { type StoredFile } from '../services/documents/documents-service.ts';
import { cleanOriginalName } from '../services/documents/file-name.ts';
import { SNIFF_BYTES, peek, sniffDocumentType } from '../services/documents/file-types.ts';
import { ObjectTooLargeError, objectKeys } from '../storage/storage.ts';
import { streamCopy } from '../storage/stream-copy.ts';
import { HttpError } from './errors.ts';

/**
 * POST /api/documents/upload: multipart/form-data with `file`, `title`, `description` and
 * `category`. The file streams from the request through a type check into storage; only
 * its first SNIFF_BYTES are ever held in memory.
 *
 * Field order does not matter: fields that arrive before the file and are already invalid
 * spare storing it; otherwise the file is stored and deleted again if the form turns out
 * invalid. The answer comes only after the whole request was read, so the browser always
 * receives it (answering mid-upload would look like a network error).
 */

/** Room for the text fields and multipart headers around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const TEXT_FIELDS = new Set(['title', 'description', 'category']);

type FileOutcome =
  | { kind: 'stored'; file: StoredFile }
  | { kind: 'empty' }
  | { kind: 'skipped' }
  | { kind: 'unsupported' }
  | { kind: 'too-large' };

export function documentUploadHandler(services: Services): RequestHandler {
  const { config, documents, logger } = services;
  const maxBytes = config.uploadMaxBytes;

  return async (req, res) => {
    if (!req.is('multipart/form-data')) throw new HttpError(415, 'Send the document as multipart/form-data.');
    const declared = Number(req.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES) {
      // Refused before reading: the connection closes rather than receive the whole body.
      res.set('Connection', 'close');
      throw new HttpError(413, tooLargeMessage(maxBytes));
    }

    const { fields, outcome } = await readUploadForm(req, maxBytes, storeFile, discardFile);
    const discard = () => (outcome ? discardFile(outcome) : Promise.resolve());
    if (!outcome || outcome.kind === 'empty') throw new HttpError(400, documentMessages.fileRequired);
    const parsed = documentUploadFieldsSchema.safeParse(Object.fromEntries(fields));
    if (!parsed.success) {
      await discard();
      throw new HttpError(400, firstIssue(parsed.error, 'Invalid document'));
    }
    if (outcome.kind === 'too-large') throw new HttpError(413, tooLargeMessage(maxBytes));
    if (outcome.kind !== 'stored') {
      throw new HttpError(415, 'This file type is not allowed. Upload a PDF, an image (JPEG, PNG, WebP, GIF), a Word, Excel or PowerPoint file, or an MP4 video.');
    }
    try {
      const document = await documents.create(outcome.file, parsed.data);
      logger.info({ admin: res.locals.admin?.username, documentId: document.id, bytes: document.sizeBytes }, 'document uploaded');
      res.status(201).json(document);
    } catch (error) {
      await discard();
      throw error;
    }
  };

  /** Deletes a stored file the request will not keep; a failure is logged, not answered (the client's answer stands). */
  async function discardFile(outcome: FileOutcome): Promise<void> {
    if (outcome.kind !== 'stored') return;
    try {
      await documents.storage.delete(outcome.file.key);
    } catch (error) {
      logger.error({ err: error, key: outcome.file.key }, 'could not delete a refused upload');
    }
  }

  /** Sniffs the type, then streams the file to a fresh key; never throws for a bad file. */
  async function storeFile(stream: Readable, filename: string, fieldsSoFar: Map<string, string>): Promise<FileOutcome> {
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
      const { size } = await documents.storage.put(key, body, { maxBytes, contentType: type.mime });
      return { kind: 'stored', file: { key, size, type, originalName: cleanOriginalName(filename) } };
    } catch (error) {
      if (error instanceof ObjectTooLargeError) return { kind: 'too-large' };
      throw error;
    }
  }
}

/** Fields that already arrived and are already wrong: no point storing the file. */
function knownInvalid(fields: Map<string, string>): boolean {
  const { category, title } = documentUploadFieldsSchema.shape;
  const given = (name: string) => fields.get(name);
  return (
    (given('category') !== undefined && !category.safeParse(given('category')).success) ||
    (given('title') !== undefined && !title.safeParse(given('title')).success)
  );
}

function tooLargeMessage(maxBytes: number): string {
  const megabytes = maxBytes / 1_048_576;
  const limit = megabytes >= 1 ? `${Number(megabytes.toFixed(1))} MB` : `${Math.ceil(maxBytes / 1024)} KB`;
  return `The file is larger than the upload limit of ${limit}.`;
}

/**
 * Parses the multipart body with busboy. Every part's stream goes through streamCopy, which
 * handles its errors: the one `file` part is handed to `onFile` as a copy, and whatever
 * happens to that copy (a refused type, an oversized file, a file skipped unread), the part
 * is drained and busboy reads on, so the rest of the request is consumed and answered.
 *
 * A form that breaks off (no closing boundary, a part cut short, a client that hangs up) is
 * a 400. The answer waits until the file's storage has settled, and a file already stored
 * by then is discarded: a broken form never leaves an object behind.
 */
function readUploadForm(
  req: Request,
  maxBytes: number,
  onFile: (stream: Readable, filename: string, fieldsSoFar: Map<string, string>) => Promise<FileOutcome>,
  discard: (outcome: FileOutcome) => Promise<void>,
): Promise<{ fields: Map<string, string>; outcome: FileOutcome | null }> {
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    let filePromise: Promise<FileOutcome> | null = null;
    let fileCopy: Readable | null = null;
    let failed = false;
    let parser: busboy.Busboy | null = null;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      fileCopy?.destroy(new Error('upload aborted'));
      if (parser) {
        req.unpipe(parser);
        // Ends every part still open; their errors are handled by streamCopy.
        parser.destroy();
      }
      // The rest of a complete request is read (and thrown away) so the answer reaches the client.
      req.resume();
      Promise.resolve(filePromise)
        .then(async (outcome) => {
          if (outcome) await discard(outcome);
        })
        .catch(() => {
          // The file never got stored: storage removed its partial object itself.
        })
        .finally(() => reject(error));
    };
    const brokenForm = () => fail(new HttpError(400, 'The upload was cut short or is not a valid multipart form. Try again.'));

    try {
      parser = busboy({
        headers: req.headers,
        // UTF-8 file names from browsers' FormData, not busboy's Latin-1 default.
        defParamCharset: 'utf8',
        limits: { files: 1, fields: 10, parts: 12, fieldSize: 16 * 1024, fileSize: maxBytes + 1 },
      });
    } catch {
      reject(new HttpError(400, 'The upload is not a valid multipart form.'));
      return;
    }

    parser.on('field', (name, value, info) => {
      if (!TEXT_FIELDS.has(name)) return;
      if (info.valueTruncated) return fail(new HttpError(413, `The ${name} field is too long.`));
      // The first value counts; a repeated field cannot change what was already checked.
      if (!fields.has(name)) fields.set(name, value);
    });
    parser.on('file', (name, stream, info) => {
      // A part that is not the file is drained through a copy nobody reads.
      const copy = streamCopy(stream, brokenForm);
      if (name !== 'file' || filePromise || failed) {
        copy.destroy();
        return;
      }
      fileCopy = copy;
      filePromise = onFile(copy, info.filename ?? '', fields).finally(() => {
        // Whatever onFile did not read is drained, so busboy can finish the form.
        copy.destroy();
      });
      filePromise.catch(fail);
    });
    parser.on('error', brokenForm);
    parser.on('close', () => {
      if (failed) return;
      Promise.resolve(filePromise)
        .then((outcome) => resolve({ fields, outcome }))
        .catch(fail);
    });
    // A browser that gives up mid-upload: stop, and let storage clean up its partial object.
    req.on('close', () => {
      if (!req.complete) fail(new HttpError(400, 'The upload was interrupted.'));
    });
    req.pipe(parser);
  });
}
