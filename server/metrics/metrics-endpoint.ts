import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.ts';
import type { ServerMetrics } from './server-metrics.ts';

/** Compared as SHA-256 digests: equal lengths whatever was sent, so timingSafeEqual tells nothing, not even the length. */
function digest(value: string): Buffer {
  return crypto.createHash('sha256').update(value, 'utf8').digest();
}

/** The bearer token of an `Authorization` header, or null when there is none of that scheme. */
function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * GET /metrics (docs/operations.md, "Metrics"): the registry in Prometheus's text format for a
 * request with `Authorization: Bearer <METRICS_TOKEN>`; 401 with `WWW-Authenticate: Bearer`
 * otherwise. Never stored by a cache, shared or not. The app mounts it only when METRICS_TOKEN
 * is set (without it /metrics is any unknown path: the 404 page).
 */
export function metricsEndpoint(metrics: ServerMetrics, token: string, logger: Logger): RequestHandler {
  const expected = digest(token);
  return (req, res) => {
    res.set({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' });
    const sent = bearerToken(req.headers.authorization);
    if (sent === null || !crypto.timingSafeEqual(digest(sent), expected)) {
      res
        .status(401)
        .set('WWW-Authenticate', sent === null ? 'Bearer realm="metrics"' : 'Bearer realm="metrics", error="invalid_token"')
        .type('text/plain')
        .send('Unauthorized: send the metrics token as a bearer token.');
      return;
    }
    metrics.exposition().then(
      ({ contentType, body }) => {
        res.status(200).set('Content-Type', contentType).send(body);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'metrics could not be collected');
        res.status(500).type('text/plain').send('Internal Server Error');
      },
    );
  };
}
