import type { RequestHandler } from 'express';
import type { Services } from '../context.ts';
import { HttpError } from './errors.ts';

/**
 * The one guard for every admin-only endpoint: passes with `res.locals.admin` set to
 * `{ id, username }`, or answers 401. (Sessions arrive with the admin issue.)
 */
export function requireAdmin(_services: Services): RequestHandler {
  return (_req, _res, next) => next(new HttpError(401, 'Authentication required'));
}
