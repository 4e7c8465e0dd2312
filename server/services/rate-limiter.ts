import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

export interface RateLimitRule {
  /** How many hits the window allows; 0 or less turns the limit off. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  /** Seconds until the window resets; for the Retry-After header. */
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter in the database, so every app process sharing it sees the same
 * counts. `hit()` counts an event and says whether it is within the limit; `peek()` only
 * reads (for "is this login blocked?" before checking a password).
 *
 * @example
 * const result = await hit(db, `contact:${ip}`, { limit: 5, windowMs: 60_000 });
 * if (!result.allowed) res.set('Retry-After', String(result.retryAfterSeconds)).status(429);
 */
export async function hit(db: Db, key: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  if (rule.limit <= 0) return { allowed: true, hits: 0, retryAfterSeconds: 0 };
  const windowStart = now - (now % rule.windowMs);
  const expiresAt = windowStart + rule.windowMs;
  // One atomic upsert; both SQLite and PostgreSQL support ON CONFLICT … DO UPDATE … RETURNING.
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, hits: 1, expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict.columns(['key', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  const hits = Number(row.hits);
  return { allowed: hits <= rule.limit, hits, retryAfterSeconds: Math.max(1, Math.ceil((expiresAt - now) / 1000)) };
}

export async function peek(db: Db, key: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  if (rule.limit <= 0) return { allowed: true, hits: 0, retryAfterSeconds: 0 };
  const windowStart = now - (now % rule.windowMs);
  const row = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  const hits = Number(row?.hits ?? 0);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
  return { allowed: hits < rule.limit, hits, retryAfterSeconds };
}

/** Forgets a key's current window (a successful login clears its failures). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Deletes expired windows; called now and then so the table stays small. */
export async function pruneExpired(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('rate_limits').where('expires_at', '<', now).execute();
}
