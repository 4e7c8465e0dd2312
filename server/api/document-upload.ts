import { documentMessages } from '@domain/documents/rules.ts';
import { tooLargeMessage, unsupportedTypeMessage } from '@domain/documents/upload-limits.ts';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request, RequestHandler } from 'express';
import type { DocumentUpload } from '../services/documents/document-upload.ts';
import type { IntakeRefusal } from '../services/documents/intake.ts';
import type { Services } from '../services/index.ts';
import { streamCopy } from '../storage/stream-copy.ts';
import { HttpError, invalidInput, invalidRequest } from './errors.ts';

/**
 * POST /api/documents/upload: multipart/form-data with `file`, `title`, `description` and
 * `category`. This handler speaks HTTP only: it reads the form and hands the file's stream
 * and the fields to the documents service (DocumentUpload), whose outcome it answers.
 *
 * Field order does not matter (the service spares storing a file after fields that are
 * already invalid, and deletes a stored file when the form turns out invalid). The answer
 * comes only after the whole request was read, so the browser always receives it
 * (answering mid-upload would look like a network error).
 */

/** Room for the text fields and multipart headers around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const TEXT_FIELDS = new Set(['title', 'description', 'category']);

export function documentUploadHandler(services: Services): RequestHandler {
  const { config, documents, logger } = services;
  // One request carries at most 100 MiB; larger documents go in parts (server/api/uploads.ts).
  const maxBytes = config.singleUploadMaxBytes;

  return async (req, res) => {
    if (!req.is('multipart/form-data')) throw new HttpError(415, 'Send the document as multipart/form-data.');
    const declared = Number(req.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES) {
      // Refused before reading: the connection closes rather than receive the whole body.
      res.set('Connection', 'close');
      throw new HttpError(413, tooLargeMessage(maxBytes));
    }

    const upload = documents.startUpload(maxBytes);
    const fields = await readUploadForm(req, maxBytes, upload);
    const outcome = await upload.finish(Object.fromEntries(fields));
    if (outcome.kind === 'refused') throw intakeRefusalError(outcome);
    const { document } = outcome;
    logger.info({ admin: res.locals.admin?.username, documentId: document.id, bytes: document.sizeBytes }, 'document uploaded');
    res.status(201).json(document);
  };
}

/**
 * The answer to a refused document, whichever way it came (this request, a complete of
 * server/api/uploads.ts): 400 for no file or bad fields, 413 for the size, 415 for the type.
 */
export function intakeRefusalError(refused: IntakeRefusal): HttpError {
  switch (refused.reason) {
    case 'file-missing':
      return invalidRequest(documentMessages.fileRequired, { file: [documentMessages.fileRequired] });
    case 'invalid-fields':
      return invalidInput(refused.error);
    case 'too-large':
      return new HttpError(413, tooLargeMessage(refused.maxBytes));
    case 'unsupported-type':
      return new HttpError(415, unsupportedTypeMessage('Upload'));
  }
}

/**
 * Parses the multipart body with busboy and resolves with its text fields once the whole
 * form was read and the file's storage has settled. Every part's stream goes through
 * streamCopy, which handles its errors: the one `file` part is handed to the upload as a
 * copy, and whatever happens to that copy (a refused type, an oversized file, a file skipped
 * unread), the part is drained and busboy reads on, so the rest of the request is consumed
 * and answered.
 *
 * A form that breaks off (no closing boundary, a part cut short, a client that hangs up) is
 * a 400, after the upload is abandoned: a broken form never leaves an object behind.
 */
function readUploadForm(req: Request, maxBytes: number, upload: DocumentUpload): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    let filePromise: Promise<void> | null = null;
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
      void upload.abandon().finally(() => reject(error));
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
      filePromise = upload.receiveFile(copy, info.filename ?? '', fields).finally(() => {
        // Whatever the upload did not read is drained, so busboy can finish the form.
        copy.destroy();
      });
      filePromise.catch(fail);
    });
    parser.on('error', brokenForm);
    parser.on('close', () => {
      if (failed) return;
      Promise.resolve(filePromise)
        .then(() => resolve(fields))
        .catch(fail);
    });
    // A browser that gives up mid-upload: stop, and let storage clean up its partial object.
    req.on('close', () => {
      if (!req.complete) fail(new HttpError(400, 'The upload was interrupted.'));
    });
    req.pipe(parser);
  });
}
