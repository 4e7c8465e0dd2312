import type { AdminPrincipal } from '@domain/admin.ts';
import type { RequestHandler, Response } from 'express';
import type { AuditActor } from '../services/audit/audit-log.ts';
import type { Services } from '../services/index.ts';
import { HttpError } from './errors.ts';

/**
 * The one guard for every admin-only endpoint: passes with `res.locals.admin` set to
 * `{ id, username }`, or answers 401 when the session cookie is missing, unknown,
 * expired or logged out.
 */
export function requireAdmin({ auth }: Services): RequestHandler {
  return async (req, res, next) => {
    try {
      const admin = await auth.adminFromCookieHeader(req.headers.cookie);
      if (!admin) return next(new HttpError(401, 'Authentication required'));
      res.locals.admin = admin;
      res.set('Cache-Control', 'no-store');
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The admin `requireAdmin` let through, as the audit log's actor. */
export function actorOf(res: Response): AuditActor {
  const admin = res.locals.admin as AdminPrincipal;
  return { id: admin.id, username: admin.username };
}
