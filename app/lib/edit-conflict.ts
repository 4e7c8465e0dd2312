import { versionEtag } from '@domain/versions';
import { ApiError } from './api';

/**
 * A stale edit's 409 (docs/admin.md, Edit conflicts): the server's message ("Changed by … at …
 * after you opened it.") and the item as it is now.
 */
export interface EditConflict<T> {
  message: string;
  current: T;
}

/** The header an edit sends: the version it started from, as the strong ETag the API gave. */
export function ifMatch(version: number): Record<string, string> {
  return { 'If-Match': versionEtag(version) };
}

/** The conflict in a failed edit, or null when the failure is something else. */
export function readConflict<T extends { version: number }>(error: unknown): EditConflict<T> | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const current = error.json?.current;
  if (typeof current !== 'object' || current === null || typeof (current as { version?: unknown }).version !== 'number') return null;
  return { message: error.serverMessage, current: current as T };
}
