import express, { type Request, type Response, type Router } from 'express';
import type { Services } from '../services/index.ts';
import type { ReceiveOutcome } from '../services/uploads/uploads-service.ts';
import type { DiskStorage } from '../storage/disk.ts';
import { isUploadId, uploadIdOf } from '../storage/storage.ts';
import { streamCopy } from '../storage/stream-copy.ts';
import { HttpError, invalidRequest } from './errors.ts';
import { readMultipartForm } from './multipart-form.ts';
import { busy, completedBody, parsePartNumber, uploadNotFound } from './uploads.ts';
import { tooLargeMessage } from '@domain/documents/upload-limits.ts';

/**
 * Disk storage's stand-ins for presigned S3 requests, mounted only when the backend is disk
 * (server/api/index.ts). Like S3, the signature is the permission (no session needed); each
 * URL names one key or part, an expiry and a size limit (server/storage/signed-url.ts).
 *
 * - PUT  /api/objects/put/uploads/<uuid>?expires&max&sig           a carousel image
 * - PUT  /api/uploads/parts/<uploadId>/<partNumber>?expires&max&sig  one part → ETag
 * - POST /api/uploads/objects  (multipart/form-data: the signed fields, then `file`)  a single-request upload,
 *   completed at once → 201 {location, key, documentId}
 * - GET  /api/uploads/objects/uploads/<uuid>  the plugin's `uploadURL` for it: 303 to the document's download
 */
export function createDiskStorageRouter(services: Services, disk: DiskStorage): Router {
  const router = express.Router();
  const { documents, uploads, logger } = services;

  router.put('/objects/put/uploads/:id', async (req, res) => {
    const key = `uploads/${String(req.params.id)}`;
    if (!uploadIdOf(key)) throw new HttpError(404, 'Not found');
    const check = disk.checkPut(key, req.query);
    if (!check.ok) throw new HttpError(403, 'This upload URL is invalid or has expired.');
    const declared = Number(req.get('content-length'));
    if (Number.isFinite(declared) && declared > check.maxBytes) {
      res.set('Connection', 'close');
      throw new HttpError(413, 'The image is larger than 5 MB.');
    }
    // A copy of the body (see streamCopy): a client hanging up fails the put, which closes
    // and removes its partial file; a refused body is drained rather than the connection torn down.
    let stored;
    try {
      stored = await documents.images.receiveUpload(key, () => streamCopy(req), check.maxBytes);
    } catch (error) {
      if (!req.complete) throw new HttpError(400, 'The upload was interrupted.');
      throw error;
    }
    if (stored === 'already-used') throw new HttpError(403, 'This upload URL was already used.');
    if (stored === 'too-large') {
      await drain(req);
      throw new HttpError(413, 'The image is larger than 5 MB.');
    }
    res.status(200).end();
  });

  router.put('/uploads/parts/:uploadId/:partNumber', async (req, res) => {
    const uploadId = String(req.params.uploadId);
    const partNumber = parsePartNumber(req.params.partNumber);
    if (!isUploadId(uploadId) || partNumber === null) throw new HttpError(404, 'Not found');
    const declared = req.get('content-length') === undefined ? null : Number(req.get('content-length'));
    let outcome: ReceiveOutcome;
    try {
      // A copy of the body (see streamCopy): a client hanging up fails the part, which
      // removes its temporary file; a refused body is drained, not torn down.
      outcome = await uploads.receivePart(disk, uploadId, partNumber, req.query, Number.isFinite(declared) ? declared : null, () =>
        streamCopy(req),
      );
    } catch (error) {
      if (!req.complete) throw new HttpError(400, 'The upload was interrupted.');
      throw error;
    }
    if (outcome.kind === 'stored') {
      res.set('ETag', `"${outcome.etag}"`).status(200).end();
      return;
    }
    throw await refusedTransfer(req, res, outcome);
  });

  router.post('/uploads/objects', async (req, res) => {
    if (!req.is('multipart/form-data')) throw new HttpError(415, 'Send the file as multipart/form-data.');
    // Text fields first, then `file`, as Uppy and S3 send them: the fields carry the signature.
    const form = await readMultipartForm(req, {
      limits: { files: 1, fields: 20, parts: 22, fieldSize: 8 * 1024 },
      onFile: (file, _filename, fields) => uploads.receivePost(disk, fields, () => file),
    });
    const outcome = form.file;
    if (!outcome) throw invalidRequest('The form has no file part.', { file: ['The form has no file part.'] });
    if (outcome.kind === 'stored' && outcome.key) {
      logger.info({ key: outcome.key, bytes: outcome.size }, 'single-request upload received');
      // Completed at once (the intake), so the plugin's own two calls make the document; the
      // ETag is the stored bytes', as S3 answers a POST policy upload.
      res.set('ETag', `"${outcome.etag}"`);
      res.status(201).json(completedBody(await uploads.completeSingle(null, outcome.key)));
      return;
    }
    throw await refusedTransfer(req, res, outcome);
  });

  // The `uploadURL` the plugin reports for a POST form (its url + "/" + key): the document it became.
  router.get('/uploads/objects/uploads/:id', async (req, res) => {
    const documentId = await uploads.documentOfUpload(`uploads/${String(req.params.id)}`);
    if (documentId === null) throw uploadNotFound();
    res.redirect(303, `/api/documents/download/${documentId}`);
  });

  return router;
}

/**
 * The error for a refused PUT or POST of bytes to a signed disk URL. A body refused for its
 * declared size is not read (the connection closes); one that grew too large while it was
 * read is read to its end, so the browser receives the answer instead of a network error.
 */
async function refusedTransfer(req: Request, res: Response, outcome: ReceiveOutcome): Promise<HttpError> {
  switch (outcome.kind) {
    case 'forbidden':
      return new HttpError(403, 'This upload URL is invalid or has expired.');
    case 'busy':
      return busy();
    case 'too-large':
      if (Number(req.get('content-length')) > outcome.maxBytes) res.set('Connection', 'close');
      else await drain(req);
      return new HttpError(413, tooLargeMessage(outcome.maxBytes));
    case 'not-found':
    case 'stored':
      return uploadNotFound();
  }
}

function drain(req: Request): Promise<void> {
  return new Promise((resolve) => {
    if (req.complete) return resolve();
    req.on('end', resolve);
    req.on('close', resolve);
    req.resume();
  });
}
