import { documentMessages } from '@domain/documents/rules.ts';
import express, { type Router } from 'express';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { HttpError, invalidRequest } from './errors.ts';
import { requirePermission } from './require-admin.ts';

/**
 * The carousel image upload (docs/documents.md, docs/knowledge-base.md), in three calls:
 * 1. POST /api/objects/upload (admin) → {uploadURL}: a presigned S3 PUT, or on disk our own
 *    signed URL (server/api/disk-storage.ts), for one fresh key, valid 15 minutes, for at most 5 MB.
 * 2. The browser PUTs the image to that URL (disk: PUT /api/objects/put/uploads/<uuid>).
 * 3. PUT /api/carousel-images {imageURL} (admin) → {objectPath} once the bytes are a real
 *    JPEG, PNG, WebP or GIF of at most 5 MB; anything else is deleted and refused.
 */
export function createCarouselImagesRouter(services: Services): Router {
  const router = express.Router();
  const admin = requirePermission(services, 'documents:edit');
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

  return router;
}

/** Every 400 of the carousel call: the image is not one we can take (missing, too large, not an image). */
function imageInvalid(): HttpError {
  return invalidRequest(documentMessages.imageInvalid, { imageURL: [documentMessages.imageInvalid] });
}
