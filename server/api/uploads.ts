import type { AdminPrincipal } from '@domain/admin.ts';
import { type DocumentUploadFields, documentUploadFieldsSchema } from '@domain/documents/schema.ts';
import { MAX_PARTS } from '@domain/documents/upload-limits.ts';
import { singleLineText, z } from '@domain/zod.ts';
import express, { type Request, type Response, type Router } from 'express';
import type { Services } from '../services/index.ts';
import { cleanOriginalName } from '../services/documents/file-name.ts';
import { type CompleteOutcome, type NewUpload, PART_URL_TTL_SECONDS } from '../services/uploads/uploads-service.ts';
import { isUploadId } from '../storage/storage.ts';
import { intakeRefusalError } from './document-upload.ts';
import { HttpError, invalidInput, invalidRequest } from './errors.ts';
import { requirePermission } from './require-admin.ts';

/**
 * Uploads of large documents, in parts, straight from the browser to storage: the endpoints
 * Uppy's AWS S3 plugin calls in companion mode (its `companionEndpoint` is `<origin>/api/uploads`),
 * with the shapes of Uppy Companion's S3 controller. Admin only; the API's same-origin guard
 * applies. How the browser calls them: docs/documents.md, "Large files".
 *
 * - POST   s3/multipart {filename, type, metadata: {title, description, category}} → {uploadId, key}
 * - GET    s3/multipart/:uploadId?key=              → [{PartNumber, ETag, Size}], every stored part
 * - GET    s3/multipart/:uploadId/:partNumber?key=  → {url, expires}: PUT the part's bytes there; answers ETag
 * - POST   s3/multipart/:uploadId/complete?key= {parts: [{PartNumber, ETag}]} → {location, key, documentId}
 * - DELETE s3/multipart/:uploadId?key=              → 204
 * - GET    s3/params?filename&type&metadata[title]… → {method: 'POST', url, fields, expires} (a POST form target, at most 100 MB)
 * - POST   s3/params/complete?key=                  → {location, key, documentId} (ours: Companion has no such step)
 * - GET    s3/sts                                    → 501: no temporary credentials (docs/decisions/017-no-temporary-credentials.md)
 *
 * On disk the signed URLs point to our own server: server/api/disk-storage.ts.
 */
export function createUploadsRouter(services: Services): Router {
  const router = express.Router();
  const admin = requirePermission(services, 'documents:edit');
  // After the admin check, so visitors' bodies are never read. A complete lists up to 10,000 parts.
  const json = express.json({ limit: '1mb' });
  const { uploads } = services;

  router.post('/uploads/s3/multipart', admin, json, async (req, res) => {
    const upload = parseNewUpload(jsonBody(req));
    res.json(await uploads.start(adminOf(res), upload));
  });

  router.get('/uploads/s3/multipart/:uploadId', admin, async (req, res) => {
    const { uploadId, key } = uploadRef(req);
    const parts = await uploads.listParts(adminOf(res), uploadId, key);
    if (!parts) throw uploadNotFound();
    res.json(parts.map((part) => ({ PartNumber: part.partNumber, ETag: `"${part.etag}"`, Size: part.size })));
  });

  router.get('/uploads/s3/multipart/:uploadId/:partNumber', admin, async (req, res) => {
    const { uploadId, key } = uploadRef(req);
    const partNumber = parsePartNumber(req.params.partNumber);
    if (partNumber === null) throw invalidRequest(PART_NUMBER_MESSAGE, { partNumber: [PART_NUMBER_MESSAGE] });
    const url = await uploads.partUrl(adminOf(res), uploadId, key, partNumber);
    if (!url) throw uploadNotFound();
    res.json({ url, expires: PART_URL_TTL_SECONDS });
  });

  router.post('/uploads/s3/multipart/:uploadId/complete', admin, json, async (req, res) => {
    const { uploadId, key } = uploadRef(req);
    const parsed = completeSchema.safeParse(jsonBody(req));
    if (!parsed.success) throw invalidInput(parsed.error);
    const { parts, ...fields } = parsed.data;
    const listed = parts.map((part) => ({ partNumber: part.PartNumber, etag: part.ETag }));
    res.json(completedBody(await uploads.complete(adminOf(res), uploadId, key, listed, fields)));
  });

  router.delete('/uploads/s3/multipart/:uploadId', admin, async (req, res) => {
    const { uploadId, key } = uploadRef(req);
    const outcome = await uploads.abort(adminOf(res), uploadId, key);
    if (outcome === 'not-found') throw uploadNotFound();
    if (outcome === 'busy') throw busy();
    res.status(204).end();
  });

  router.get('/uploads/s3/params', admin, async (req, res) => {
    const upload = parseNewUpload({ filename: req.query.filename, type: req.query.type, metadata: queryMetadata(req) });
    res.json(await uploads.singleTarget(adminOf(res), upload, `${req.protocol}://${req.get('host') ?? ''}`));
  });

  router.post('/uploads/s3/params/complete', admin, json, async (req, res) => {
    const key = req.query.key;
    if (typeof key !== 'string' || key === '') throw invalidRequest(KEY_MESSAGE, { key: [KEY_MESSAGE] });
    // The body is optional here (it used to be empty): JSON with the document's fields, if any.
    const parsed = completeFieldsSchema.safeParse(req.is('application/json') && req.body ? req.body : {});
    if (!parsed.success) throw invalidInput(parsed.error);
    res.json(completedBody(await uploads.completeSingle(adminOf(res), key, parsed.data)));
  });

  router.get('/uploads/s3/sts', admin, () => {
    throw new HttpError(
      501,
      'This site does not hand out temporary storage credentials. Upload in parts through s3/multipart, or in one request through s3/params.',
    );
  });

  return router;
}

const PART_NUMBER_MESSAGE = `The part number must be a whole number from 1 to ${MAX_PARTS}.`;
const KEY_MESSAGE = 'The key query parameter is required: the key this upload was started with.';

const filenameSchema = singleLineText(
  z.string({ error: 'filename is required.' }).trim().min(1, 'filename is required.').max(1024, 'filename can have at most 1024 characters.'),
  'filename',
);
const typeSchema = singleLineText(z.string({ error: 'type must be a string.' }).trim().max(255, 'type can have at most 255 characters.'), 'type');

/** Companion's `metadata` (Uppy sends file.meta): it carries the document's fields (metadataFields). */
export const metadataSchema = z.record(z.string(), z.unknown(), { error: 'metadata must be an object of the document fields.' }).optional();

/** Companion's body: {filename, type, metadata}. */
const newUploadSchema = z.object({ filename: filenameSchema, type: typeSchema.optional(), metadata: metadataSchema });

/** The document's fields a complete may give (a resumed upload whose title changed); missing ones keep start's. */
const completeFieldsSchema = z.object({ title: z.unknown(), description: z.unknown(), category: z.unknown() }).partial();

const completeSchema = completeFieldsSchema.extend({
  parts: z
    .array(
      z.object({
        PartNumber: z.number({ error: PART_NUMBER_MESSAGE }).int(PART_NUMBER_MESSAGE).min(1, PART_NUMBER_MESSAGE).max(MAX_PARTS, PART_NUMBER_MESSAGE),
        ETag: z.string({ error: 'Each part needs its ETag.' }).min(1, 'Each part needs its ETag.').max(256, 'An ETag is at most 256 characters.'),
      }),
      { error: 'parts must be a list of {PartNumber, ETag}.' },
    )
    .min(1, 'List the uploaded parts to complete the upload.')
    .max(MAX_PARTS, `An upload has at most ${MAX_PARTS} parts.`),
});

function parseNewUpload(body: unknown): NewUpload {
  const parsed = newUploadSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  return { originalName: cleanOriginalName(parsed.data.filename), claimedType: parsed.data.type ?? '', fields: metadataFields(parsed.data.metadata) };
}

/** The document's fields in Companion's `metadata` (title, description, category; other keys are ignored), or a 400. */
export function metadataFields(metadata: Record<string, unknown> = {}): DocumentUploadFields {
  const fields = documentUploadFieldsSchema.safeParse(metadata);
  if (!fields.success) throw invalidInput(fields.error);
  return fields.data;
}

/** The JSON body, or a 415 for another type (express.json leaves those unread). */
export function jsonBody(req: Request): unknown {
  if (!req.is('application/json')) throw new HttpError(415, 'Send JSON (Content-Type: application/json).');
  return req.body;
}

/** `metadata[name]=value` query parameters (Companion's s3/params form), as an object. */
function queryMetadata(req: Request): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(req.query)) {
    const field = /^metadata\[([^\]]+)\]$/.exec(name)?.[1];
    if (field) metadata[field] = value;
  }
  return metadata;
}

/** :uploadId and ?key=. An id that cannot be ours is a 404; a missing key a 400, as Companion answers. */
function uploadRef(req: Request): { uploadId: string; key: string } {
  const uploadId = String(req.params.uploadId);
  const key = req.query.key;
  if (typeof key !== 'string' || key === '') throw invalidRequest(KEY_MESSAGE, { key: [KEY_MESSAGE] });
  if (!isUploadId(uploadId)) throw uploadNotFound();
  return { uploadId, key };
}

export function parsePartNumber(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d{1,5}$/.test(value) ? Number(value) : 0;
  return number >= 1 && number <= MAX_PARTS ? number : null;
}

export function adminOf(res: Response): AdminPrincipal {
  return res.locals.admin as AdminPrincipal;
}

export function uploadNotFound(): HttpError {
  return new HttpError(404, 'Upload not found. It may have been completed, cancelled or removed after a day unfinished; start it again.');
}

export function busy(): HttpError {
  return new HttpError(409, 'This upload is being completed or removed by another request. Try again in a moment.');
}

/** The answer to a completed upload ({location, key, documentId}), or the error for any other outcome. */
export function completedBody(outcome: CompleteOutcome): { location: string; key: string; documentId: number } {
  switch (outcome.kind) {
    case 'completed':
      return { location: `/api/documents/download/${outcome.documentId}`, key: outcome.key, documentId: outcome.documentId };
    case 'not-found':
      throw uploadNotFound();
    case 'busy':
      throw busy();
    case 'invalid':
      throw invalidRequest(outcome.message, { parts: [outcome.message] });
    case 'refused':
      throw intakeRefusalError(outcome);
  }
}
