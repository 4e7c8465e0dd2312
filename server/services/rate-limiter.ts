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
 * counts. `hit()` counts an event and says whether it is within the limit. (Admin login has
 * its own counters in the same table: services/auth/login-throttle.ts.)
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

/**
 * How often each process deletes expired windows (createServices schedules pruneExpired). A
 * row expires after a minute (leads) to fifteen (login), so the table holds the keys of the
 * last 25 minutes at most.
 */
export const PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes expired windows, lead limits' and login counters' alike: every new address adds rows,
 * which nothing else removes. A login counter whose period has ended counts from 1 again
 * anyway (login-throttle.ts), so deleting it changes nothing.
 */
export async function pruneExpired(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('rate_limits').where('expires_at', '<', now).execute();
}
