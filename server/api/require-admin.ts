import type { AdminPrincipal } from '@domain/admin.ts';
import { type Permission, can, refusalMessage } from '@domain/permissions.ts';
import type { Request, RequestHandler, Response } from 'express';
import type { AuditActor } from '../services/audit/audit-log.ts';
import type { Services } from '../services/index.ts';
import { HttpError } from './errors.ts';

/** The permission an endpoint needs: one, or one read from the request (the trash's `:kind`). */
export type PermissionRule = Permission | ((req: Request) => Permission);

/** Each guard's rule, so tests can read from the router which endpoint needs what. */
const guardRules = new WeakMap<RequestHandler, PermissionRule>();

/** The rule of a guard `requirePermission` made, or undefined for any other handler. */
export function permissionRuleOf(handler: unknown): PermissionRule | undefined {
  return typeof handler === 'function' ? guardRules.get(handler as RequestHandler) : undefined;
}

/**
 * The one guard for every admin endpoint (docs/admin.md, "Roles"): passes with
 * `res.locals.admin` set to `{ id, username, role }` when the role holds the permission
 * (domain/permissions.ts); 401 when the session cookie is missing, unknown, expired or
 * logged out; 403 `{message}` naming the role and the action otherwise.
 */
export function requirePermission({ auth }: Services, rule: PermissionRule): RequestHandler {
  const guard: RequestHandler = async (req, res, next) => {
    try {
      const admin = await auth.adminFromCookieHeader(req.headers.cookie);
      if (!admin) return next(new HttpError(401, 'Authentication required'));
      res.set('Cache-Control', 'no-store');
      const permission = typeof rule === 'function' ? rule(req) : rule;
      if (!can(admin.role, permission)) return next(new HttpError(403, refusalMessage(admin.role, permission)));
      res.locals.admin = admin;
      next();
    } catch (error) {
      next(error);
    }
  };
  guardRules.set(guard, rule);
  return guard;
}

/** The admin a guard let through. */
export function adminOf(res: Response): AdminPrincipal {
  return res.locals.admin as AdminPrincipal;
}

/** The admin a guard let through, as the audit log's actor. */
export function actorOf(res: Response): AuditActor {
  const admin = adminOf(res);
  return { id: admin.id, username: admin.username };
}
