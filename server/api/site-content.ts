import { LEADER_PHOTO_MAX_BYTES, LEADER_PHOTO_NOT_AN_IMAGE, LEADER_PHOTO_TOO_LARGE } from '@domain/site-content/photos.ts';
import { type EditorState, SITE_CONTENT_CONFLICT_MESSAGE, type SiteContentKind, isSiteContentKind } from '@domain/site-content/types.ts';
import { parseIfMatch, versionEtag } from '@domain/versions.ts';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { pipeline } from 'node:stream/promises';
import type { Services } from '../services/index.ts';
import { LeaderPhotoRefusal } from '../services/site-content/leader-photos.ts';
import type { SiteContentOutcome } from '../services/site-content/site-content-service.ts';
import { HttpError, invalidRequest } from './errors.ts';
import { actorOf, requirePermission } from './require-admin.ts';

/**
 * Site content (docs/site-content.md; docs/api.md, "Site content"), admin only, every write
 * audited and naming the revision it started from (body `revision`, or If-Match):
 * - GET /api/admin/content → {items}; GET /:kind → EditorState with ETag "<revision>".
 * - PUT /:kind/draft {revision, data}; DELETE /:kind/draft {revision}; POST /:kind/publish {revision, data}
 *   → EditorState; 400 {message, fieldErrors by dotted path}; 409 {message, current, changedBy, changedAt}.
 * - GET /:kind/versions → {items} newest first; GET /:kind/versions/:version → the version's data;
 *   POST /:kind/versions/:version/restore {revision} → EditorState (a new version).
 * - POST /api/admin/content/leader-photos (the image's bytes as the body) → 201 {photo, urls}; 413; 415.
 */

const UNKNOWN_KIND = 'No such kind of site content.';
const UNKNOWN_VERSION = 'No such version.';
const REVISION_MESSAGE = 'revision must be the whole number the editor was opened at.';

/** Content JSON is small: the longest lists the schemas allow (100 questions of 2,300 characters) stay under it. */
export const SITE_CONTENT_BODY_LIMIT = '256kb';

export function createSiteContentRouter(services: Services): Router {
  const router = express.Router();
  const admin = requirePermission(services, 'content:edit');
  const json = express.json({ limit: SITE_CONTENT_BODY_LIMIT });
  const { siteContent, logger } = services;

  router.get('/admin/content', admin, async (_req, res) => {
    res.json({ items: await siteContent.list() });
  });

  // Before the /:kind routes, which would otherwise not know "leader-photos".
  router.post('/admin/content/leader-photos', admin, photoBody, async (req, res) => {
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      const upload = await siteContent.acceptLeaderPhoto(bytes, actorOf(res));
      logger.info({ admin: res.locals.admin?.username, photo: upload.photo.id }, 'leader photo stored');
      res.status(201).json(upload);
    } catch (error) {
      if (error instanceof LeaderPhotoRefusal) {
        throw error.reason === 'too-large' ? new HttpError(413, LEADER_PHOTO_TOO_LARGE) : new HttpError(415, LEADER_PHOTO_NOT_AN_IMAGE);
      }
      throw error;
    }
  });

  router.get('/admin/content/:kind', admin, async (req, res) => {
    sendState(res, await siteContent.editorState(kindOf(req)));
  });

  router.put('/admin/content/:kind/draft', admin, json, async (req, res) => {
    const kind = kindOf(req);
    const { revision, data } = writeBody(req, true);
    const outcome = await siteContent.saveDraft(kind, data, revision, actorOf(res));
    logger.info({ admin: res.locals.admin?.username, kind, outcome: outcome.kind }, 'site content draft');
    sendOutcome(res, outcome);
  });

  router.delete('/admin/content/:kind/draft', admin, json, async (req, res) => {
    const kind = kindOf(req);
    const { revision } = writeBody(req, false);
    sendOutcome(res, await siteContent.discardDraft(kind, revision, actorOf(res)));
  });

  router.post('/admin/content/:kind/publish', admin, json, async (req, res) => {
    const kind = kindOf(req);
    const { revision, data } = writeBody(req, true);
    const outcome = await siteContent.publish(kind, data, revision, actorOf(res));
    logger.info({ admin: res.locals.admin?.username, kind, outcome: outcome.kind }, 'site content publish');
    sendOutcome(res, outcome);
  });

  router.get('/admin/content/:kind/versions', admin, async (req, res) => {
    res.json({ items: await siteContent.versions(kindOf(req)) });
  });

  router.get('/admin/content/:kind/versions/:version', admin, async (req, res) => {
    const version = await siteContent.version(kindOf(req), versionOf(req));
    if (!version) throw new HttpError(404, UNKNOWN_VERSION);
    res.json(version);
  });

  router.post('/admin/content/:kind/versions/:version/restore', admin, json, async (req, res) => {
    const kind = kindOf(req);
    const version = versionOf(req);
    const { revision } = writeBody(req, false);
    const outcome = await siteContent.restore(kind, version, revision, actorOf(res));
    logger.info({ admin: res.locals.admin?.username, kind, version, outcome: outcome.kind }, 'site content restore');
    sendOutcome(res, outcome);
  });

  return router;
}

/**
 * The photo's bytes, at most 5 MB, with an image Content-Type: a larger declared length is a
 * 413 before a byte is read, any other type a 415 (the bytes are checked again after).
 */
const rawPhoto = express.raw({ type: () => true, limit: LEADER_PHOTO_MAX_BYTES });
const photoBody: RequestHandler = (req, res, next) => {
  if (!req.is('image/*')) return next(new HttpError(415, LEADER_PHOTO_NOT_AN_IMAGE));
  rawPhoto(req, res, (error?: unknown) => {
    if ((error as { type?: string } | undefined)?.type === 'entity.too.large') return next(new HttpError(413, LEADER_PHOTO_TOO_LARGE));
    next(error);
  });
};

function kindOf(req: Request): SiteContentKind {
  const kind = String(req.params.kind);
  if (!isSiteContentKind(kind)) throw new HttpError(404, UNKNOWN_KIND);
  return kind;
}

function versionOf(req: Request): number {
  const value = String(req.params.version);
  const version = /^\d{1,9}$/.test(value) ? Number(value) : 0;
  if (version < 1) throw new HttpError(404, UNKNOWN_VERSION);
  return version;
}

/** `{revision, data}` of a write (revision from If-Match when the body has none). */
function writeBody(req: Request, withData: boolean): { revision: number; data: unknown } {
  if (!req.is('application/json')) throw new HttpError(415, 'Send the content as JSON (Content-Type: application/json).');
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidRequest('Send a JSON object with revision and data.', { revision: [REVISION_MESSAGE] });
  }
  const fields = body as Record<string, unknown>;
  const revision = fields.revision ?? parseIfMatch(req.get('if-match'));
  if (typeof revision !== 'number' || !Number.isSafeInteger(revision) || revision < 1 || revision > 2_147_483_647) {
    throw invalidRequest(REVISION_MESSAGE, { revision: [REVISION_MESSAGE] });
  }
  if (withData && fields.data === undefined) throw invalidRequest('data is required: the content to save.', { data: ['data is required.'] });
  return { revision, data: fields.data };
}

function sendState(res: Response, state: EditorState): void {
  res.set('ETag', versionEtag(state.revision)).json(state);
}

function sendOutcome(res: Response, outcome: SiteContentOutcome): void {
  switch (outcome.kind) {
    case 'saved':
      return sendState(res, outcome.state);
    case 'invalid':
      throw invalidRequest(outcome.message, outcome.fieldErrors);
    case 'not-found':
      throw new HttpError(404, UNKNOWN_VERSION);
    case 'conflict':
      throw new HttpError(
        409,
        SITE_CONTENT_CONFLICT_MESSAGE,
        { current: outcome.current, changedBy: outcome.changedBy, changedAt: outcome.changedAt.toISOString() },
        { ETag: versionEtag(outcome.current.revision) },
      );
  }
}

/**
 * GET /media/leader-photos/<uuid>/<size>.webp: public and immutable (a photo's id never names
 * other bytes). Mounted outside /api, whose answers are no-store.
 */
export function createLeaderPhotoMediaRouter(services: Services): Router {
  const router = express.Router();
  const { siteContent, logger } = services;
  router.get('/leader-photos/:id/:file', async (req, res) => {
    const match = /^(\d{2,4})\.webp$/.exec(String(req.params.file));
    let photo = null;
    try {
      photo = match?.[1] ? await siteContent.photos.serve(String(req.params.id), Number(match[1])) : null;
    } catch (error) {
      logger.error({ err: error, path: req.originalUrl }, 'could not serve a leader photo');
      res.status(500).set('Cache-Control', 'no-store').type('text/plain').send('Internal Server Error');
      return;
    }
    if (!photo) {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
      return;
    }
    res.set({
      'Content-Type': 'image/webp',
      'Content-Length': String(photo.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
    try {
      await pipeline(photo.body, res);
    } catch (error) {
      logger.debug({ err: error }, 'leader photo response ended early');
    }
  });
  return router;
}
