import { type Versioned, conflictMessage, parseIfMatch, versionEtag } from '@domain/versions.ts';
import type { Request, Response } from 'express';
import type { EditOutcome } from '../services/audit/edit-outcome.ts';
import { HttpError, invalidRequest } from './errors.ts';

/**
 * Versions on the wire (docs/trash-and-audit.md, "Versions and conflicts"): an edit names the
 * version it started from as `If-Match: "<version>"` or a body field `version`; without
 * either it overwrites, as clients of the first API did. One item answers carry its ETag.
 */

/** The version an edit started from: If-Match first, then the body's `version`; undefined when neither. 400 when malformed. */
export function expectedVersion(req: Request): number | undefined {
  const header = req.get('if-match');
  const fromHeader = parseIfMatch(header);
  if (fromHeader === null) {
    throw invalidRequest('If-Match must be one version as the ETag gave it, such as "3".', { 'If-Match': ['If-Match must be one version, such as "3".'] });
  }
  if (fromHeader !== undefined || header !== undefined) return fromHeader;
  const body: unknown = req.body;
  const field = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).version : undefined;
  if (field === undefined || field === null) return undefined;
  if (typeof field !== 'number' || !Number.isSafeInteger(field) || field < 1 || field > 2_147_483_647) {
    throw invalidRequest('version must be a whole number of at least 1.', { version: ['version must be a whole number of at least 1.'] });
  }
  return field;
}

/** The saved item with its ETag, or the 404 / 409 the outcome calls for. */
export function sendEdited<T extends Versioned>(res: Response, outcome: EditOutcome<T>, notFound: () => HttpError): void {
  if (outcome.kind === 'not-found') throw notFound();
  if (outcome.kind === 'conflict') {
    throw new HttpError(409, conflictMessage(outcome.changedBy, outcome.changedAt), {
      current: outcome.current,
      changedBy: outcome.changedBy,
      changedAt: outcome.changedAt.toISOString(),
    }, { ETag: versionEtag(outcome.current.version) });
  }
  sendVersioned(res, outcome.item);
}

/** One item with its strong ETag, `"<version>"`. */
export function sendVersioned<T extends Versioned>(res: Response, item: T, status = 200): void {
  res.status(status).set('ETag', versionEtag(item.version)).json(item);
}
