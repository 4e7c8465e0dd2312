import type { RequestHandler } from 'express';
import { HttpError } from './errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing request: a foreign Origin is refused with 403;
 * with no Origin, a browser's Sec-Fetch-Site of cross-site is refused too. Same-origin
 * means the configured public origin (SITE_URL) or the origin of the Host the request
 * was sent to, which a cross-site page cannot forge.
 */
export function requireSameOrigin(siteUrl: string): RequestHandler {
  return (req, _res, next) => {
    if (safeMethods.has(req.method)) return next();
    const origin = req.get('origin');
    if (origin && origin !== 'null') {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        return next(new HttpError(403, 'Cross-origin request refused.'));
      }
      if (origin === siteUrl || host === req.get('host')) return next();
      return next(new HttpError(403, 'Cross-origin request refused.'));
    }
    const fetchSite = req.get('sec-fetch-site');
    if (origin === 'null' || fetchSite === 'cross-site') return next(new HttpError(403, 'Cross-origin request refused.'));
    next();
  };
}
