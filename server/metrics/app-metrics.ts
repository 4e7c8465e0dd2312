import type { RequestHandler } from 'express';
import type { ServerBuild } from 'react-router';
import type { Services } from '../services/index.ts';
import { metricsEndpoint } from './metrics-endpoint.ts';
import { outboxServiceOf, outboxTableSource } from './outbox-sources.ts';
import { createRequestMetrics } from './request-metrics.ts';

export interface AppMetrics {
  /** First in the app, after the request target is settled: times and labels every request. */
  timeRequests: RequestHandler;
  /** GET /metrics, mounted ahead of the page cache; null when METRICS_TOKEN is unset (no /metrics: the 404 page). */
  endpoint: RequestHandler | null;
  /** Just before the page handler: renders in flight. */
  countRenders: RequestHandler;
}

/**
 * What createApp mounts for the metrics (docs/operations.md, "Metrics"; decision 029), with the
 * outboxes they report: the lead e-mails and webhook deliveries from their tables, and the CDN
 * purges through `services.cdnPurges` where that service exists.
 */
export function createAppMetrics(services: Services, build: ServerBuild | (() => Promise<ServerBuild>)): AppMetrics {
  const { metrics, database, config, logger } = services;
  metrics.registerOutbox('lead_email', outboxTableSource(database.db, 'lead_notifications'));
  metrics.registerOutbox('webhook', outboxTableSource(database.db, 'webhook_deliveries'));
  const purges = outboxServiceOf(services, 'cdnPurges');
  if (purges) metrics.registerOutbox('cdn_purge', purges);
  const { timeRequests, countRenders } = createRequestMetrics(metrics, build);
  return {
    timeRequests,
    countRenders,
    endpoint: config.metricsToken === null ? null : metricsEndpoint(metrics, config.metricsToken, logger),
  };
}
