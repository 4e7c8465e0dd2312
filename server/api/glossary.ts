import { glossaryQuerySchema, glossaryTermSchema } from '@domain/glossary/schema.ts';
import express, { type Request, type Router } from 'express';
import type { Services } from '../services/index.ts';
import { DuplicateTermError } from '../services/glossary/queries.ts';
import { HttpError, invalidInput } from './errors.ts';
import { parseIdParam } from './params.ts';
import { actorOf, requirePermission } from './require-admin.ts';
import { expectedVersion, sendEdited, sendVersioned } from './versions.ts';

/**
 * GET /api/glossary?search=&category= (public), POST /api/glossary, PUT and DELETE
 * /api/glossary/:id (admin only); see docs/glossary.md. PUT takes the version it started
 * from (If-Match or a body `version`; 409 when stale) and DELETE moves the term to the
 * trash (docs/trash-and-audit.md).
 */
export function createGlossaryRouter(services: Services): Router {
  const router = express.Router();
  const admin = requirePermission(services, 'glossary:edit');
  // Parsed after the admin check, so visitors' bodies are never read. 5,000 characters
  // of definition, even all multi-byte, fit well inside 64 kB.
  const json = express.json({ limit: '64kb' });
  const { glossary, logger } = services;

  router.get('/glossary', async (req, res) => {
    const parsed = glossaryQuerySchema.safeParse(req.query);
    if (!parsed.success) throw invalidInput(parsed.error);
    res.json(await glossary.search(parsed.data));
  });

  router.post('/glossary', admin, json, async (req, res) => {
    const input = parseTerm(req);
    const term = await failSafely('Failed to create term', () => glossary.create(input, actorOf(res)));
    logger.info({ admin: res.locals.admin?.username, termId: term.id }, 'glossary term created');
    sendVersioned(res, term, 201);
  });

  router.put('/glossary/:id', admin, json, async (req, res) => {
    const id = parseId(req);
    const input = parseTerm(req);
    const version = expectedVersion(req);
    const outcome = await failSafely('Failed to update term', () => glossary.update(id, input, actorOf(res), version));
    if (outcome.kind === 'saved') logger.info({ admin: res.locals.admin?.username, termId: id }, 'glossary term updated');
    sendEdited(res, outcome, notFound);
  });

  router.delete('/glossary/:id', admin, async (req, res) => {
    const id = parseId(req);
    const deleted = await failSafely('Failed to delete term', () => glossary.remove(id, actorOf(res)));
    if (!deleted) throw notFound();
    logger.info({ admin: res.locals.admin?.username, termId: id }, 'glossary term moved to the trash');
    res.status(204).end();
  });

  /** Known failures keep their status; anything else becomes the area's 500 message (docs/glossary.md), logged with its cause. */
  async function failSafely<T>(message: string, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (error instanceof DuplicateTermError) throw new HttpError(409, error.message);
      logger.error({ err: error }, message);
      throw new HttpError(500, message);
    }
  }

  return router;
}

function parseTerm(req: Request) {
  // express.json leaves the body undefined for other content types; say what is expected.
  if (!req.is('application/json')) throw new HttpError(415, 'Send the term as JSON (Content-Type: application/json).');
  const parsed = glossaryTermSchema.safeParse(req.body);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

function parseId(req: Request): number {
  return parseIdParam(req.params.id, 'Glossary term not found');
}

function notFound() {
  return new HttpError(404, 'Glossary term not found');
}
