import { WEBHOOK_DELIVERIES_MAX_PAGE_SIZE, WEBHOOK_DELIVERIES_PAGE_SIZE, type WebhookEndpoint } from '@domain/webhooks.ts';
import { webhookEndpointSchema } from '@domain/webhooks-schema.ts';
import { versionEtag } from '@domain/versions.ts';
import express, { type Request, type Router } from 'express';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { WebhookUrlRefusal } from '../services/webhooks/webhooks-service.ts';
import { HttpError, invalidInput, invalidRequest } from './errors.ts';
import { pageQueryShape, parseIdParam } from './params.ts';
import { actorOf, requirePermission } from './require-admin.ts';
import { expectedVersion } from './versions.ts';

/**
 * Webhooks (docs/leads.md#webhooks; docs/api.md), admin only, every write audited:
 * - GET /api/admin/webhooks → {items}; POST → 201 {endpoint, secret} (the only time the secret is shown);
 *   PUT /:id (If-Match or body `version`; 409 when stale) → endpoint; DELETE /:id → 204.
 * - POST /:id/rotate → {endpoint, secret}; POST /:id/test → 202 {delivery}.
 * - GET /:id/deliveries?page=&pageSize= → {items, total, page, pageSize}, newest first.
 * - GET /deliveries/:deliveryId/attempts → {items}; POST /deliveries/:deliveryId/replay → 202 {delivery};
 *   POST /deliveries/:deliveryId/dismiss → 204.
 */

const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found.';
const DELIVERY_NOT_FOUND = 'Webhook delivery not found.';

const pageQuerySchema = z.object(pageQueryShape(WEBHOOK_DELIVERIES_MAX_PAGE_SIZE, WEBHOOK_DELIVERIES_PAGE_SIZE));

export function createWebhooksRouter(services: Services): Router {
  const router = express.Router();
  const admin = requirePermission(services, 'webhooks:manage');
  const json = express.json({ limit: '16kb' });
  const { webhooks, logger } = services;

  router.get('/admin/webhooks', admin, async (_req, res) => {
    res.json({ items: await webhooks.list() });
  });

  router.post('/admin/webhooks', admin, json, async (req, res) => {
    const input = parseEndpoint(req);
    const created = await refusingUrls(() => webhooks.create(input, actorOf(res)));
    logger.info({ admin: res.locals.admin?.username, endpoint: created.endpoint.id }, 'webhook endpoint created');
    res.status(201).set('ETag', versionEtag(created.endpoint.version)).json(created);
  });

  router.put('/admin/webhooks/:id', admin, json, async (req, res) => {
    const id = parseIdParam(req.params.id, ENDPOINT_NOT_FOUND);
    const input = parseEndpoint(req);
    const version = expectedVersion(req);
    const outcome = await refusingUrls(() => webhooks.update(id, input, actorOf(res), version));
    if (outcome.kind === 'not-found') throw new HttpError(404, ENDPOINT_NOT_FOUND);
    if (outcome.kind === 'conflict') {
      throw new HttpError(
        409,
        'This endpoint was changed by someone else after you opened it.',
        { current: outcome.current, changedBy: null, changedAt: outcome.current.updatedAt },
        { ETag: versionEtag(outcome.current.version) },
      );
    }
    logger.info({ admin: res.locals.admin?.username, endpoint: id }, 'webhook endpoint updated');
    sendEndpoint(res, outcome.endpoint);
  });

  router.delete('/admin/webhooks/:id', admin, async (req, res) => {
    const id = parseIdParam(req.params.id, ENDPOINT_NOT_FOUND);
    if (!(await webhooks.remove(id, actorOf(res)))) throw new HttpError(404, ENDPOINT_NOT_FOUND);
    logger.info({ admin: res.locals.admin?.username, endpoint: id }, 'webhook endpoint deleted');
    res.status(204).end();
  });

  router.post('/admin/webhooks/:id/rotate', admin, async (req, res) => {
    const id = parseIdParam(req.params.id, ENDPOINT_NOT_FOUND);
    const rotated = await webhooks.rotate(id, actorOf(res));
    if (!rotated) throw new HttpError(404, ENDPOINT_NOT_FOUND);
    logger.info({ admin: res.locals.admin?.username, endpoint: id }, 'webhook secret rotated');
    res.set('ETag', versionEtag(rotated.endpoint.version)).json(rotated);
  });

  router.post('/admin/webhooks/:id/test', admin, async (req, res) => {
    const id = parseIdParam(req.params.id, ENDPOINT_NOT_FOUND);
    const delivery = await webhooks.sendTest(id, actorOf(res));
    if (!delivery) throw new HttpError(404, ENDPOINT_NOT_FOUND);
    res.status(202).json({ delivery });
  });

  router.get('/admin/webhooks/:id/deliveries', admin, async (req, res) => {
    const id = parseIdParam(req.params.id, ENDPOINT_NOT_FOUND);
    const parsed = pageQuerySchema.safeParse(req.query);
    if (!parsed.success) throw invalidInput(parsed.error);
    const page = await webhooks.deliveries(id, parsed.data.page, parsed.data.pageSize);
    if (!page) throw new HttpError(404, ENDPOINT_NOT_FOUND);
    res.json(page);
  });

  router.get('/admin/webhooks/deliveries/:deliveryId/attempts', admin, async (req, res) => {
    const items = await webhooks.attempts(parseIdParam(req.params.deliveryId, DELIVERY_NOT_FOUND));
    if (!items) throw new HttpError(404, DELIVERY_NOT_FOUND);
    res.json({ items });
  });

  router.post('/admin/webhooks/deliveries/:deliveryId/replay', admin, async (req, res) => {
    const id = parseIdParam(req.params.deliveryId, DELIVERY_NOT_FOUND);
    const delivery = await webhooks.replay(id, actorOf(res));
    if (!delivery) throw new HttpError(404, DELIVERY_NOT_FOUND);
    logger.info({ admin: res.locals.admin?.username, delivery: id, replay: delivery.id }, 'webhook delivery replayed');
    res.status(202).json({ delivery });
  });

  router.post('/admin/webhooks/deliveries/:deliveryId/dismiss', admin, async (req, res) => {
    const id = parseIdParam(req.params.deliveryId, DELIVERY_NOT_FOUND);
    if (!(await webhooks.dismiss(id, actorOf(res)))) throw new HttpError(404, DELIVERY_NOT_FOUND);
    res.status(204).end();
  });

  return router;
}

function parseEndpoint(req: Request) {
  if (!req.is('application/json')) throw new HttpError(415, 'Send the endpoint as JSON (Content-Type: application/json).');
  const parsed = webhookEndpointSchema.safeParse(req.body);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

/** A URL the server will not deliver to is a 400 on the `url` field. */
async function refusingUrls<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof WebhookUrlRefusal) throw invalidRequest(error.message, { url: [error.message] });
    throw error;
  }
}

function sendEndpoint(res: express.Response, endpoint: WebhookEndpoint): void {
  res.set('ETag', versionEtag(endpoint.version)).json(endpoint);
}
