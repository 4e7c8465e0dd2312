import { documentMessages } from '@domain/documents/rules.ts';
import { tooLargeMessage, unsupportedTypeMessage } from '@domain/documents/upload-limits.ts';
import type { RequestHandler } from 'express';
import type { IntakeRefusal } from '../services/documents/intake.ts';
import type { Services } from '../services/index.ts';
import { HttpError, invalidInput, invalidRequest } from './errors.ts';
import { readMultipartForm } from './multipart-form.ts';
import { actorOf } from './require-admin.ts';
import { sendVersioned } from './versions.ts';

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

    const upload = documents.startUpload(maxBytes, actorOf(res));
    const { fields } = await readMultipartForm(req, {
      limits: { files: 1, fields: 10, parts: 12, fieldSize: 16 * 1024, fileSize: maxBytes + 1 },
      fields: TEXT_FIELDS,
      refuseTruncated: true,
      onFile: (file, filename, fieldsSoFar) => upload.receiveFile(file, filename, fieldsSoFar),
      // A broken form never leaves an object behind.
      onFail: () => upload.abandon(),
    });
    const outcome = await upload.finish(Object.fromEntries(fields));
    if (outcome.kind === 'refused') throw intakeRefusalError(outcome);
    const { document } = outcome;
    logger.info({ admin: res.locals.admin?.username, documentId: document.id, bytes: document.sizeBytes }, 'document uploaded');
    sendVersioned(res, document, 201);
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
