import { NOTIFICATION_CHANNELS, type NotificationChannel } from '@domain/leads/types.ts';
import express, { type Router } from 'express';
import type { Services } from '../services/index.ts';
import { HttpError } from './errors.ts';
import { parseIdParam } from './params.ts';
import { actorOf, requirePermission } from './require-admin.ts';

/**
 * The failing badge (docs/leads.md, "The inbox"), admins only:
 * - GET /api/admin/notifications/failing → {count, items: [{channel, id, leadKind, leadId, lastError, since}]}:
 *   lead e-mails and webhook deliveries failing or failed, not dismissed, oldest first.
 * - POST /api/admin/notifications/:channel/:id/dismiss → 204 (audited); 404 when that
 *   delivery is not failing (sent, unknown, or dismissed already).
 */
const NOT_FAILING = 'No such failing delivery.';

function channelParam(value: unknown): NotificationChannel {
  const channel = NOTIFICATION_CHANNELS.find((name) => name === value);
  if (!channel) throw new HttpError(404, NOT_FAILING);
  return channel;
}

export function createNotificationsRouter(services: Services): Router {
  const router = express.Router();
  router.get('/admin/notifications/failing', requirePermission(services, 'deliveries:read'), async (_req, res) => {
    res.json(await services.notifications.failing());
  });

  router.post('/admin/notifications/:channel/:id/dismiss', requirePermission(services, 'deliveries:dismiss'), async (req, res) => {
    const channel = channelParam(req.params.channel);
    const id = parseIdParam(req.params.id, NOT_FAILING);
    if (!(await services.notifications.dismiss(channel, id, actorOf(res)))) throw new HttpError(404, NOT_FAILING);
    res.status(204).end();
  });

  return router;
}
