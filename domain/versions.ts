/**
 * Versions and edit conflicts (docs/trash-and-audit.md): documents and glossary terms carry a
 * version raised by every change; an edit names the version it started from (If-Match or a
 * body field `version`) and a stale one gets 409 with this body.
 */

/** What every document and glossary term the API returns carries. */
export interface Versioned {
  version: number;
  /** ISO 8601. */
  updatedAt: string;
  /** The admin who changed it last; null for seeded items. */
  updatedBy: string | null;
}

/** The 409 answer to a stale edit. */
export interface VersionConflictBody<T> {
  message: string;
  /** The item as it is now. */
  current: T;
  changedBy: string | null;
  /** ISO 8601. */
  changedAt: string;
}

/** The strong ETag of a version, quotes included: `"3"`. */
export function versionEtag(version: number): string {
  return `"${version}"`;
}

/**
 * The version an If-Match header names: a number, `undefined` when there is no header (or it
 * is `*`, which any version matches), `null` when it is malformed (400).
 */
export function parseIfMatch(header: string | undefined): number | undefined | null {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === '*') return undefined;
  const match = /^"([1-9]\d{0,9})"$/.exec(value);
  if (!match) return null;
  const version = Number(match[1]);
  return Number.isSafeInteger(version) && version <= 2_147_483_647 ? version : null;
}

/** "14:05, 3 Dec 2026 UTC": when, in the conflict message. */
export function conflictTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const hh = String(date.getUTCHours()).padStart(2, '0');
  const mm = String(date.getUTCMinutes()).padStart(2, '0');
  return `${hh}:${mm}, ${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()} UTC`;
}

export function conflictMessage(changedBy: string | null, changedAt: Date): string {
  return `Changed by ${changedBy ?? 'someone'} at ${conflictTime(changedAt)} after you opened it.`;
}
