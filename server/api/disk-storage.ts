import express, { type Request, type Response, type Router } from 'express';
import type { Services } from '../services/index.ts';
import type { DiskStorage } from '../storage/disk.ts';
import type { SignedCheck } from '../storage/signed-url.ts';
import { ObjectTooLargeError, UnknownUploadError, isUploadId, uploadIdOf } from '../storage/storage.ts';
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
    const maxBytes = permitted(req, res, disk.checkPut(key, req.query), IMAGE_TOO_LARGE);
    const stored = await receive(req, res, maxBytes, () => documents.images.receiveUpload(key, () => streamCopy(req), maxBytes), IMAGE_TOO_LARGE);
    if (stored instanceof HttpError) throw stored;
    if (stored === 'already-used') throw new HttpError(403, 'This upload URL was already used.');
    res.status(200).end();
  });

  router.put('/uploads/parts/:uploadId/:partNumber', async (req, res) => {
    const uploadId = String(req.params.uploadId);
    const partNumber = parsePartNumber(req.params.partNumber);
    if (!isUploadId(uploadId) || partNumber === null) throw new HttpError(404, 'Not found');
    const maxBytes = permitted(req, res, disk.checkPartUrl(uploadId, partNumber, req.query));
    // Parts may not change under a complete that is reading them.
    const state = await uploads.stateOf(uploadId, 'multipart');
    if (state !== 'open') throw state === 'completing' ? busy() : uploadNotFound();
    const stored = await receive(req, res, maxBytes, () => disk.receivePart(uploadId, partNumber, streamCopy(req), maxBytes));
    if (stored instanceof HttpError) throw stored;
    res.set('ETag', `"${stored.etag}"`).status(200).end();
  });

  router.post('/uploads/objects', async (req, res) => {
    if (!req.is('multipart/form-data')) throw new HttpError(415, 'Send the file as multipart/form-data.');
    // Text fields first, then `file`, as Uppy and S3 send them: the fields carry the signature.
    // A refusal is the file's outcome, answered once the whole form was read.
    const form = await readMultipartForm(req, {
      limits: { files: 1, fields: 20, parts: 22, fieldSize: 8 * 1024 },
      onFile: async (file, _filename, fields) => {
        const check = disk.checkPostFields(fields);
        if (!check.ok || !check.key) return new HttpError(403, FORBIDDEN);
        const key = check.key;
        const id = uploadIdOf(key);
        if (!id || (await uploads.stateOf(id, 'single')) !== 'open') return uploadNotFound();
        const stored = await receive(req, res, check.maxBytes, () => disk.receiveObject(key, file, check.maxBytes));
        return stored instanceof HttpError ? stored : { ...stored, key };
      },
    });
    const stored = form.file;
    if (!stored) throw invalidRequest('The form has no file part.', { file: ['The form has no file part.'] });
    if (stored instanceof HttpError) throw stored;
    logger.info({ key: stored.key, bytes: stored.size }, 'single-request upload received');
    // Completed at once (the intake), so the plugin's own two calls make the document; the
    // ETag is the stored bytes', as S3 answers a POST policy upload.
    res.set('ETag', `"${stored.etag}"`);
    res.status(201).json(completedBody(await uploads.completeSingle(null, stored.key)));
  });

  // The `uploadURL` the plugin reports for a POST form (its url + "/" + key): the document it became.
  router.get('/uploads/objects/uploads/:id', async (req, res) => {
    const documentId = await uploads.documentOfUpload(`uploads/${String(req.params.id)}`);
    if (documentId === null) throw uploadNotFound();
    res.redirect(303, `/api/documents/download/${documentId}`);
  });

  return router;
}

const FORBIDDEN = 'This upload URL is invalid or has expired.';
const IMAGE_TOO_LARGE = 'The image is larger than 5 MB.';

/** The size a signed URL permits; a bad signature is a 403, and a body declared larger a 413 unread (the connection closes). */
function permitted(req: Request, res: Response, check: SignedCheck, tooLarge?: string): number {
  if (!check.ok) throw new HttpError(403, FORBIDDEN);
  if (Number(req.get('content-length')) > check.maxBytes) {
    res.set('Connection', 'close');
    throw new HttpError(413, tooLarge ?? tooLargeMessage(check.maxBytes));
  }
  return check.maxBytes;
}

/**
 * Runs `store` on the body of a PUT or POST to a signed disk URL (a copy of it: see
 * streamCopy), or answers the error: 404 when the upload went meanwhile, 413 when the body grew
 * past `maxBytes` (read to its end, so the browser receives the answer instead of a network
 * error; one declared too large is not read, the connection closes), 400 when the client hung up.
 */
async function receive<T>(req: Request, res: Response, maxBytes: number, store: () => Promise<T>, tooLarge = tooLargeMessage(maxBytes)): Promise<T | HttpError> {
  try {
    return await store();
  } catch (error) {
    if (error instanceof UnknownUploadError) return uploadNotFound();
    if (error instanceof ObjectTooLargeError) {
      if (Number(req.get('content-length')) > maxBytes) res.set('Connection', 'close');
      else await drain(req);
      return new HttpError(413, tooLarge);
    }
    if (!req.complete) throw new HttpError(400, 'The upload was interrupted.');
    throw error;
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
