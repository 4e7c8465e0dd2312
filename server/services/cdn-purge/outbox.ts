import { type CacheTag, type ContentChange, tagsForChange } from '../../http-cache/cache-tags.ts';
import type { Db } from '../../db/connection.ts';
import { outboxQueries } from '../outbox/queries.ts';

/**
 * The CDN purge outbox (docs/operations.md, "CDN purge"): a row per raised content version,
 * written in the transaction that raises it, so a change is queued exactly once and never for
 * a raise that was rolled back. Senders in every process claim due rows with one conditional
 * UPDATE (../outbox/queries.ts), so each purge goes out from one process only.
 */

/** Every tag a change of unknown kind may touch: what every page shows, and each kind of content. */
export const ALL_CONTENT_TAGS: readonly CacheTag[] = ['site', 'glossary', 'documents', 'faq', 'leaders', 'associations'];

/** The tags to purge after `change`; a raise that does not say what changed purges everything it could have. */
export function purgeTags(change: ContentChange | undefined): CacheTag[] {
  return change ? tagsForChange(change) : [...ALL_CONTENT_TAGS];
}

/** Queues the purge of `tags` for content version `version`, due `delayMs` after `now`, inside the caller's transaction. */
export async function enqueuePurge(trx: Db, version: number, tags: readonly CacheTag[], now: number, delayMs: number): Promise<void> {
  await trx
    .insertInto('cdn_purges')
    .values({ content_version: version, tags: JSON.stringify(tags), next_attempt_at: now + delayMs, created_at: now })
    .execute();
}

/** A row's tags; a damaged value purges everything (a purge too many costs a refill, one too few shows old content). */
export function parseTags(text: string): CacheTag[] {
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value) && value.every((item): item is string => typeof item === 'string') && value.length > 0) return value;
  } catch {
    // below
  }
  return [...ALL_CONTENT_TAGS];
}

/** Due, claim and next-due, shared with the other outboxes; oldest change first. */
export const purgeQueries = outboxQueries('cdn_purges', 'id');

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * The wait after the 1st, 2nd, … failed attempt; after the last the purge fails for good
 * (the CDN's copies have long expired by then unless CDN_S_MAXAGE is hours).
 */
export const PURGE_RETRY_DELAYS_MS: readonly number[] = [2 * SECOND, 10 * SECOND, MINUTE, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE];
export const PURGE_MAX_ATTEMPTS = PURGE_RETRY_DELAYS_MS.length + 1;
/** A CDN's Retry-After further away than this is taken as this. */
const MAX_RETRY_AFTER_MS = 60 * MINUTE;

/** The wait before the next attempt after `failedAttempts` failures, ±10 %, or null when that was the last; a later Retry-After wins. */
export function nextPurgeDelay(failedAttempts: number, random: number, retryAfterMs: number | null = null): number | null {
  if (failedAttempts < 1 || failedAttempts >= PURGE_MAX_ATTEMPTS) return null;
  const base = PURGE_RETRY_DELAYS_MS[failedAttempts - 1] ?? 0;
  const jittered = Math.round(base * (0.9 + 0.2 * random));
  return retryAfterMs !== null && retryAfterMs > jittered ? Math.min(retryAfterMs, MAX_RETRY_AFTER_MS) : jittered;
}
