import type { RequestHandler } from 'express';
import type { Logger } from './logger.ts';

/**
 * One line per request once its answer is sent, for whoever runs the site (docs/operations.md):
 * method, the request target as it came (path and query), status, bytes sent and milliseconds.
 * No client address, cookie or body: what the visitor typed into a form never reaches a URL
 * (docs/leads.md), so it never reaches this log either.
 */
export function accessLog(logger: Logger): RequestHandler {
  const log = logger.child({ log: 'access' });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const bytes = Number(res.getHeader('content-length') ?? 0) || undefined;
      log.info({ method: req.method, url: req.originalUrl, status: res.statusCode, bytes, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    next();
  };
}
