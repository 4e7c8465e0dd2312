import { isDocumentCategory } from '@domain/documents/rules.ts';
import { documentUpdateSchema } from '@domain/documents/schema.ts';
import { pipeline } from 'node:stream/promises';
import express, { type Request, type Response, type Router } from 'express';
import type { Services } from '../services/index.ts';
import { ImageNotAvailableError } from '../services/documents/documents-service.ts';
import { attachmentDisposition } from '../services/documents/file-name.ts';
import type { ByteRange } from '../storage/storage.ts';
import { createCarouselImagesRouter } from './carousel-images.ts';
import { documentUploadHandler } from './document-upload.ts';
import { HttpError, invalidInput, invalidRequest } from './errors.ts';
import { parseIdParam } from './params.ts';
import { actorOf, requirePermission } from './require-admin.ts';
import { expectedVersion, sendEdited } from './versions.ts';

/**
 * The document library's calls (docs/api.md, docs/documents.md):
 * - GET /api/documents (admin): every document, admin fields.
 * - GET /api/documents/public?category= : one category (or all) for visitors.
 * - POST /api/documents/upload (admin): see document-upload.ts.
 * - PUT /api/documents/:id (admin; If-Match or a body `version`, 409 when stale),
 *   DELETE /api/documents/:id (admin; moves it to the trash).
 * - GET /api/documents/download/:id: the file as an attachment named by the title, with Range.
 * plus the carousel image calls in carousel-images.ts.
 */
export function createDocumentsRouter(services: Services): Router {
  const router = express.Router();
  const admin = requirePermission(services, 'documents:edit');
  // Parsed after the admin check, so visitors' bodies are never read.
  const json = express.json({ limit: '32kb' });
  const { documents, logger } = services;

  router.get('/documents', admin, async (_req, res) => {
    res.json(await documents.listAdmin());
  });

  router.get('/documents/public', async (req, res) => {
    const { category } = req.query;
    if (category !== undefined && category !== '' && !isDocumentCategory(category)) {
      throw invalidRequest('Unknown category.', { category: ['Unknown category.'] });
    }
    res.json(await documents.listPublic(isDocumentCategory(category) ? category : undefined));
  });

  router.post('/documents/upload', admin, documentUploadHandler(services));

  router.put('/documents/:id', admin, json, async (req, res) => {
    const id = parseId(req);
    if (!req.is('application/json')) throw new HttpError(415, 'Send the document as JSON (Content-Type: application/json).');
    const parsed = documentUpdateSchema.safeParse(req.body);
    if (!parsed.success) throw invalidInput(parsed.error);
    const version = expectedVersion(req);
    let outcome;
    try {
      outcome = await documents.update(id, parsed.data, actorOf(res), version);
    } catch (error) {
      if (error instanceof ImageNotAvailableError) throw invalidRequest(error.message, { carouselImages: [error.message] });
      throw error;
    }
    if (outcome.kind === 'saved') logger.info({ admin: res.locals.admin?.username, documentId: id }, 'document updated');
    sendEdited(res, outcome, notFound);
  });

  // To the trash (docs/trash-and-audit.md): restore and delete forever are under /api/admin/trash.
  router.delete('/documents/:id', admin, async (req, res) => {
    const id = parseId(req);
    if (!(await documents.remove(id, actorOf(res)))) throw notFound();
    logger.info({ admin: res.locals.admin?.username, documentId: id }, 'document moved to the trash');
    res.status(204).end();
  });

  router.get('/documents/download/:id', async (req, res) => {
    const id = parseId(req);
    const file = await documents.file(id);
    if (!file) throw notFound();
    const range = requestedRange(req, res, file.size);
    if (range === 'unsatisfiable') return;
    const body = await file.open(range ?? undefined);
    if (!body) throw notFound();
    res.set({
      'Content-Type': file.mimeType,
      'Content-Disposition': attachmentDisposition(file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Accept-Ranges': 'bytes',
      // no-transform keeps compression away from byte ranges.
      'Cache-Control': 'no-store, no-transform',
    });
    if (range) {
      res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
      res.set('Content-Length', String(range.end - range.start + 1));
    } else {
      res.set('Content-Length', String(file.size));
    }
    try {
      await pipeline(body, res);
    } catch (error) {
      // Usually the visitor cancelled the download; nothing to answer any more.
      logger.debug({ err: error, documentId: id }, 'download ended early');
    }
  });

  router.use(createCarouselImagesRouter(services));
  return router;
}

/**
 * One byte range from a Range header. A malformed header or several ranges are ignored
 * (the whole file is sent, which RFC 9110 allows); an unsatisfiable one is answered 416.
 */
function requestedRange(req: Request, res: Response, size: number): ByteRange | null | 'unsatisfiable' {
  if (!req.get('range')) return null;
  const ranges = req.range(size);
  if (ranges === -1 || size === 0) {
    res.status(416).set('Content-Range', `bytes */${size}`).set('Accept-Ranges', 'bytes').end();
    return 'unsatisfiable';
  }
  if (ranges === undefined || ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  const [range] = ranges;
  return range ? { start: range.start, end: range.end } : null;
}

function parseId(req: Request): number {
  return parseIdParam(req.params.id, 'Document not found');
}

function notFound() {
  return new HttpError(404, 'Document not found');
}
