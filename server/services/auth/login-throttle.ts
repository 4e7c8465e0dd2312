import type { Db } from '../../db/connection.ts';

/**
 * Brute-force protection for admin login, per username and per client IP: after
 * `maxFailures` failures within `windowMs`, that key is blocked for `blockMs`. State lives
 * in the shared rate_limits table, so every app process enforces the same blocks.
 */
export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
  blockMs: number;
}

export const DEFAULT_THROTTLE: ThrottleRule = { maxFailures: 10, windowMs: 15 * 60_000, blockMs: 15 * 60_000 };

const failureKey = (key: string) => `login-fail:${key}`;
const blockKey = (key: string) => `login-block:${key}`;

/** Seconds until the longest block among the keys ends, or 0 when none is blocked. */
export async function blockedFor(db: Db, keys: string[], now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select((eb) => eb.fn.max('expires_at').as('until'))
    .where('key', 'in', keys.map(blockKey))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  const until = Number(row?.until ?? 0);
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** Counts a failure for each key (a sliding window of failures) and blocks keys that reach the limit. */
export async function recordFailure(db: Db, keys: string[], rule: ThrottleRule, now = Date.now()): Promise<void> {
  for (const key of keys) {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('rate_limits')
        .values({ key: failureKey(key), window_start: now, hits: 1, expires_at: now + rule.windowMs })
        .onConflict((conflict) => conflict.columns(['key', 'window_start']).doNothing())
        .execute();
      const row = await trx
        .selectFrom('rate_limits')
        .select((eb) => eb.fn.countAll<number>().as('failures'))
        .where('key', '=', failureKey(key))
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      if (Number(row.failures) >= rule.maxFailures) {
        await trx
          .insertInto('rate_limits')
          .values({ key: blockKey(key), window_start: now, hits: 1, expires_at: now + rule.blockMs })
          .onConflict((conflict) => conflict.columns(['key', 'window_start']).doNothing())
          .execute();
        await trx.deleteFrom('rate_limits').where('key', '=', failureKey(key)).execute();
      }
    });
  }
}

/** A successful login forgets the username's failures (the IP's stay, to slow spraying). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', failureKey(key)).execute();
}
