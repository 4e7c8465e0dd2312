import express, { type Router } from 'express';
import type { Services } from '../services/index.ts';
import { createActivityRouter } from './activity.ts';
import { createAdminRouter } from './admin.ts';
import { DiskStorage } from '../storage/disk.ts';
import { createDiskStorageRouter } from './disk-storage.ts';
import { createDocumentsRouter } from './documents.ts';
import { apiErrorHandler, notFound } from './errors.ts';
import { createGlossaryRouter } from './glossary.ts';
import { createLeadsRouter } from './leads.ts';
import { createNotificationsRouter } from './notifications.ts';
import { requireSameOrigin } from './same-origin.ts';
import { createSearchRouter } from './search.ts';
import { createSiteContentRouter } from './site-content.ts';
import { createTrashRouter } from './trash.ts';
import { createUploadsRouter } from './uploads.ts';
import { createUrlImportRouter } from './url-import.ts';
import { createWebhooksRouter } from './webhooks.ts';

/**
 * The JSON API (docs/api.md). Each area mounts its own router here, so any endpoint is one
 * hop from this file: `server/api/<area>.ts`. Each router parses bodies per route, not
 * router-wide, because every request passes through every mounted router.
 */
export function createApiRouter(services: Services): Router {
  const router = express.Router();
  // API answers are per-user or change often; never let a shared cache keep them.
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.use(requireSameOrigin(services.config.siteUrl));

  // Area routers, one per file (server/api/<area>.ts), are mounted below.
  router.use(createAdminRouter(services));
  router.use(createLeadsRouter(services));
  router.use(createNotificationsRouter(services));
  router.use(createTrashRouter(services));
  router.use(createActivityRouter(services));
  router.use(createWebhooksRouter(services));
  router.use(createSiteContentRouter(services));
  router.use(createGlossaryRouter(services));
  router.use(createSearchRouter(services));
  router.use(createDocumentsRouter(services));
  router.use(createUploadsRouter(services));
  router.use(createUrlImportRouter(services));
  // Disk storage's signed URLs point here; on S3 the browser sends those bytes to the bucket.
  if (services.storage instanceof DiskStorage) router.use(createDiskStorageRouter(services, services.storage));

  router.use(notFound);
  router.use(apiErrorHandler(services.logger));
  return router;
}
