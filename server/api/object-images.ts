import { pipeline } from 'node:stream/promises';
import express, { type Router } from 'express';
import type { Services } from '../services/index.ts';
import { THUMBNAIL_WIDTHS } from '../services/documents/carousel-images.ts';
import type { CarouselImageExt } from '../services/documents/file-types.ts';

/**
 * GET /objects/images/<uuid>.<ext>[?w=280]: carousel images and their WebP thumbnails.
 * Mounted outside /api (whose answers are no-store) because an image path never changes
 * content: it is cached for a year as immutable. Only images that passed the carousel check
 * live under images/, and they go out with the type found in their bytes and nosniff.
 * An image only documents in the trash show is a 404 until one is restored.
 */
export function createObjectImagesRouter(services: Services): Router {
  const router = express.Router();
  const { documents, logger } = services;

  router.get('/images/:file', async (req, res) => {
    const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp|gif)$/.exec(String(req.params.file));
    const width = parseWidth(req.query.w);
    if (!match?.[1] || !match[2] || width === 'invalid') {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
      return;
    }
    let image;
    try {
      const visible = await documents.imageVisible(`${match[1]}.${match[2]}`);
      image = visible ? await documents.images.serve(match[1], match[2] as CarouselImageExt, width) : null;
    } catch (error) {
      logger.error({ err: error, path: req.originalUrl }, 'could not serve an image');
      res.status(500).set('Cache-Control', 'no-store').type('text/plain').send('Internal Server Error');
      return;
    }
    if (!image) {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
      return;
    }
    res.set({
      'Content-Type': image.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      // Images are never documents: nothing in them may run, even if opened directly.
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
    if (image.size !== null) res.set('Content-Length', String(image.size));
    try {
      await pipeline(image.body, res);
    } catch (error) {
      logger.debug({ err: error }, 'image response ended early');
    }
  });

  return router;
}

function parseWidth(value: unknown): number | null | 'invalid' {
  if (value === undefined) return null;
  const width = Number(value);
  return (THUMBNAIL_WIDTHS as readonly number[]).includes(width) ? width : 'invalid';
}
