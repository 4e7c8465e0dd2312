import { documentMessages } from '@domain/documents/rules.ts';
import express, { type Router } from 'express';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import type { UrlSigner } from '../storage/signed-url.ts';
import { uploadIdOf } from '../storage/storage.ts';
import { streamCopy } from '../storage/stream-copy.ts';
import { HttpError, invalidRequest } from './errors.ts';
import { requireAdmin } from './require-admin.ts';

/**
 * The carousel image upload (docs/documents.md, docs/knowledge-base.md), in three calls:
 * 1. POST /api/objects/upload (admin) → {uploadURL}: a presigned S3 PUT, or on disk our own
 *    signed URL below, for one fresh key, valid 15 minutes, for at most 5 MB.
 * 2. The browser PUTs the image to that URL (disk: PUT /api/objects/put/uploads/<uuid>).
 * 3. PUT /api/carousel-images {imageURL} (admin) → {objectPath} once the bytes are a real
 *    JPEG, PNG, WebP or GIF of at most 5 MB; anything else is deleted and refused.
 */
export function createCarouselImagesRouter(services: Services, signer: UrlSigner | null): Router {
  const router = express.Router();
  const admin = requireAdmin(services);
  const json = express.json({ limit: '8kb' });
  const { documents, logger } = services;

  router.post('/objects/upload', admin, async (_req, res) => {
    try {
      res.json({ uploadURL: await documents.images.uploadUrl() });
    } catch (error) {
      logger.error({ err: error }, 'Failed to get upload parameters');
      throw new HttpError(500, 'Failed to get upload parameters');
    }
  });

  router.put('/carousel-images', admin, json, async (req, res) => {
    const parsed = z.object({ imageURL: z.string().min(1).max(4096) }).safeParse(req.body);
    if (!req.is('application/json') || !parsed.success) throw imageInvalid();
    const objectPath = await documents.images.accept(parsed.data.imageURL);
    if (!objectPath) throw imageInvalid();
    logger.info({ admin: res.locals.admin?.username, objectPath }, 'carousel image accepted');
    res.json({ objectPath });
  });

  // Disk storage's stand-in for a presigned S3 PUT. Like S3, the signature is the permission
  // (no session needed); it names one key, an expiry and a size limit.
  if (signer) {
    router.put('/objects/put/uploads/:id', async (req, res) => {
      const key = `uploads/${String(req.params.id)}`;
      if (!uploadIdOf(key)) throw new HttpError(404, 'Not found');
      const check = signer.checkPut(key, req.query);
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
  }

  return router;
}

/** Every 400 of the carousel call: the image is not one we can take (missing, too large, not an image). */
function imageInvalid(): HttpError {
  return invalidRequest(documentMessages.imageInvalid, { imageURL: [documentMessages.imageInvalid] });
}

function drain(req: express.Request): Promise<void> {
  return new Promise((resolve) => {
    if (req.complete) return resolve();
    req.on('end', resolve);
    req.on('close', resolve);
    req.resume();
  });
}
