import { type Permission, can, refusalMessage, trashKindsFor, trashPermission } from '@domain/permissions.ts';
import { TRASH_DEFAULT_PAGE_SIZE, TRASH_KINDS, TRASH_MAX_PAGE_SIZE, type TrashPage, isTrashKind } from '@domain/trash.ts';
import { versionEtag } from '@domain/versions.ts';
import express, { type Request, type Router } from 'express';
import { z } from 'zod';
import { RestoreConflictError } from '../services/glossary/queries.ts';
import type { Services } from '../services/index.ts';
import { HttpError, invalidInput } from './errors.ts';
import { pageQueryShape, parseIdParam } from './params.ts';
import { actorOf, adminOf, requirePermission } from './require-admin.ts';

/**
 * The trash (docs/trash-and-audit.md), per kind (docs/admin.md, "Roles"):
 * - GET /api/admin/trash?kind=&page=&pageSize= → {items, total, page, pageSize}, newest deletion
 *   first, of the kinds the admin's role may restore (403 when `kind` names another).
 * - POST /api/admin/trash/:kind/:id/restore → {kind, id, title}; 404 when not in the trash;
 *   409 for a glossary term whose name is taken again. Needs the kind's own permission.
 * - DELETE /api/admin/trash/:kind/:id → 204, deleted forever with its file and images; 404. Owners only.
 */

const NOT_IN_TRASH = 'Not in the trash.';

const listQuerySchema = z.object({
  kind: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(TRASH_KINDS, { error: `kind must be one of ${TRASH_KINDS.join(', ')}.` }).optional(),
  ),
  ...pageQueryShape(TRASH_MAX_PAGE_SIZE, TRASH_DEFAULT_PAGE_SIZE),
});

export function createTrashRouter(services: Services): Router {
  const router = express.Router();
  const { trash, logger } = services;

  router.get('/admin/trash', requirePermission(services, 'trash:read'), async (req, res) => {
    const parsed = listQuerySchema.safeParse(req.query);
    if (!parsed.success) throw invalidInput(parsed.error);
    const { kind, page, pageSize } = parsed.data;
    const { role } = adminOf(res);
    if (kind && !can(role, trashPermission(kind))) throw new HttpError(403, refusalMessage(role, trashPermission(kind)));
    const { items, total } = await trash.list(kind ? [kind] : trashKindsFor(role, TRASH_KINDS), page, pageSize);
    const body: TrashPage = { items, total, page, pageSize };
    res.json(body);
  });

  router.post('/admin/trash/:kind/:id/restore', requirePermission(services, restorePermission), async (req, res) => {
    const { kind, id } = itemOf(req.params);
    let outcome;
    try {
      outcome = await trash.restore(kind, id, actorOf(res));
    } catch (error) {
      if (error instanceof RestoreConflictError) throw new HttpError(409, error.message);
      throw error;
    }
    if (!outcome) throw new HttpError(404, NOT_IN_TRASH);
    logger.info({ admin: res.locals.admin?.username, kind, id }, 'restored from the trash');
    // A restored document or term is a new version of it: its ETag, like any one-item answer.
    if (outcome.version !== null) res.set('ETag', versionEtag(outcome.version));
    res.json(outcome.restored);
  });

  router.delete('/admin/trash/:kind/:id', requirePermission(services, 'trash:purge'), async (req, res) => {
    const { kind, id } = itemOf(req.params);
    if (!(await trash.purge(kind, id, actorOf(res)))) throw new HttpError(404, NOT_IN_TRASH);
    logger.info({ admin: res.locals.admin?.username, kind, id }, 'deleted forever from the trash');
    res.status(204).end();
  });

  return router;
}

/** Restoring needs the kind's own permission; an unknown kind needs only the trash's, and is a 404. */
function restorePermission(req: Request): Permission {
  const kind = req.params.kind;
  return isTrashKind(kind) ? trashPermission(kind) : 'trash:read';
}

function itemOf(params: Record<string, unknown>) {
  const kind = params.kind;
  if (!isTrashKind(kind)) throw new HttpError(404, NOT_IN_TRASH);
  return { kind, id: parseIdParam(params.id, NOT_IN_TRASH) };
}
