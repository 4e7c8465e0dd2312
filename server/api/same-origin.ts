import type { Request, RequestHandler } from 'express';
import { HttpError } from './errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing request (docs/conventions.md): a foreign Origin is
 * refused; with no Origin, a browser's Sec-Fetch-Site of cross-site is refused too. Same-origin
 * means the configured public origin (SITE_URL) or the origin of the Host the request was sent
 * to, which a cross-site page cannot forge.
 */
export function isSameOrigin(req: Request, siteUrl: string): boolean {
  if (safeMethods.has(req.method)) return true;
  const origin = req.get('origin');
  if (origin && origin !== 'null') {
    try {
      return origin === siteUrl || new URL(origin).host === req.get('host');
    } catch {
      return false;
    }
  }
  return origin !== 'null' && req.get('sec-fetch-site') !== 'cross-site';
}

/** The API's guard: a refused request is a 403 in the API's JSON shape. */
export function requireSameOrigin(siteUrl: string): RequestHandler {
  return (req, _res, next) => {
    next(isSameOrigin(req, siteUrl) ? undefined : new HttpError(403, 'Cross-origin request refused.'));
  };
}
