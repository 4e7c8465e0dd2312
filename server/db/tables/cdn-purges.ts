import type { Generated, Selectable } from 'kysely';
import type { OutboxStatus } from './outbox-status.ts';

export type CdnPurgeStatus = OutboxStatus;

/** The CDN purge outbox (docs/operations.md, "CDN purge"): one row per raised content version. Times are epoch ms. */
export interface CdnPurgeTable {
  id: Generated<number>;
  /** The content version the change raised the counter to; unique, so each change is queued once. */
  content_version: number;
  /** JSON array of the cache tags to purge (server/http-cache/cache-tags.ts). */
  tags: string;
  status: Generated<CdnPurgeStatus>;
  attempts: Generated<number>;
  /** When a pending row is due, or when a 'sending' claim expires; null once sent or failed. */
  next_attempt_at: number | null;
  /** Why the last attempt failed; null after a success. */
  last_error: Generated<string | null>;
  created_at: number;
  sent_at: Generated<number | null>;
}

export type CdnPurgeRow = Selectable<CdnPurgeTable>;

export interface CdnPurgeTables {
  cdn_purges: CdnPurgeTable;
}
