import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

/**
 * Brute-force protection for admin login (docs/decisions/011-login-throttling.md).
 *
 * Every attempt is counted BEFORE its password is hashed, each counter by one atomic upsert
 * in the shared rate_limits table: concurrent guesses cannot slip between a check and a
 * later write, and every app process sees the same counts.
 * - Per client address: `addressLimit` attempts per `periodMs`, whatever the usernames.
 * - Per address and username: `pairLimit` attempts per `periodMs`.
 *   Both refuse (429) until the period that the last allowed attempt started has passed.
 * - Per username, from anywhere: after `usernameFreeAttempts`, one attempt at a time with a
 *   pause that doubles from `usernameBaseDelayMs` up to `usernameMaxDelayMs` before the next.
 *   Never a lock: the right password from a new address gets in when its turn comes.
 * An attempt that proves the password is refunded (`refundAttempt`), so only failures add up.
 */
export interface ThrottleRules {
  periodMs: number;
  addressLimit: number;
  pairLimit: number;
  usernameFreeAttempts: number;
  usernameBaseDelayMs: number;
  usernameMaxDelayMs: number;
}

export const DEFAULT_THROTTLE: ThrottleRules = {
  periodMs: 15 * 60_000,
  addressLimit: 10,
  pairLimit: 5,
  usernameFreeAttempts: 10,
  usernameBaseDelayMs: 1000,
  usernameMaxDelayMs: 60_000,
};

export interface LoginSource {
  ip: string;
  /** Normalized (lower-case) username. */
  username: string;
}

export type Admission =
  | { admitted: true }
  | { admitted: false; scope: 'address' | 'pair' | 'username'; retryAfterSeconds: number };

// One row per counter (window_start 0); expires_at says when its period ends. An address
// never contains a space, so "<ip> <username>" cannot be read two ways.
const addressKey = (source: LoginSource) => `login:ip:${source.ip}`;
const pairKey = (source: LoginSource) => `login:pair:${source.ip} ${source.username}`;
const usernameKey = (source: LoginSource) => `login:user:${source.username}`;
const turnKey = (source: LoginSource) => `login:turn:${source.username}`;

/**
 * Whole seconds from `now` until `until`, at least 1 and at most `longest` ms. `now` is read when
 * the request arrives; a concurrent attempt, in this process or another, that read the clock a
 * little later may have restarted the period since, and its end must not be reported as longer
 * than a period (a burst's refusals said "16 minutes" for a 15-minute block).
 */
const secondsUntil = (until: number, now: number, longest: number) =>
  Math.max(1, Math.ceil(Math.min(until - now, longest) / 1000));

/**
 * Counts one attempt against a limit. A counter whose period has ended starts again at 1; the
 * attempt that takes the last allowed place restarts the period, so a full counter refuses
 * for a whole period after the last attempt it let through.
 */
async function countAttempt(db: Db, key: string, limit: number, periodMs: number, now: number) {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: 0, hits: 1, expires_at: now + periodMs })
    .onConflict((conflict) =>
      conflict.columns(['key', 'window_start']).doUpdateSet({
        hits: sql<number>`case when rate_limits.expires_at <= ${now} then 1 else rate_limits.hits + 1 end`,
        expires_at: sql<number>`case when rate_limits.expires_at <= ${now} or rate_limits.hits + 1 = ${limit} then ${now + periodMs} else rate_limits.expires_at end`,
      }),
    )
    .returning(['hits', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { allowed: Number(row.hits) <= limit, retryAfterSeconds: secondsUntil(Number(row.expires_at), now, periodMs) };
}

/** The pause a username's attempt number `n` imposes before the next one (0 while free). */
export function usernameDelayMs(n: number, rules: ThrottleRules): number {
  if (n <= rules.usernameFreeAttempts) return 0;
  return Math.min(rules.usernameBaseDelayMs * 2 ** (n - rules.usernameFreeAttempts - 1), rules.usernameMaxDelayMs);
}

/**
 * The username's slowdown: counts the attempt (the count is forgotten after a quiet period),
 * and past the free attempts takes the username's single turn, which is free only once the
 * previous slowed attempt's pause has passed. A refused attempt gives its count back, so
 * refused requests do not lengthen the pause.
 */
async function takeUsernameTurn(db: Db, source: LoginSource, rules: ThrottleRules, now: number): Promise<number> {
  const counted = await db
    .insertInto('rate_limits')
    .values({ key: usernameKey(source), window_start: 0, hits: 1, expires_at: now + rules.periodMs })
    .onConflict((conflict) =>
      conflict.columns(['key', 'window_start']).doUpdateSet({
        hits: sql<number>`case when rate_limits.expires_at <= ${now} then 1 else rate_limits.hits + 1 end`,
        expires_at: now + rules.periodMs,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  const delay = usernameDelayMs(Number(counted.hits), rules);
  if (delay === 0) return 0;

  const turn = await db
    .insertInto('rate_limits')
    .values({ key: turnKey(source), window_start: 0, hits: 1, expires_at: now + delay })
    .onConflict((conflict) =>
      conflict
        .columns(['key', 'window_start'])
        .doUpdateSet({ hits: sql<number>`rate_limits.hits + 1`, expires_at: now + delay })
        .where('rate_limits.expires_at', '<=', now),
    )
    .returning('hits')
    .executeTakeFirst();
  if (turn) return 0;

  await refund(db, [usernameKey(source)]);
  const next = await db
    .selectFrom('rate_limits')
    .select('expires_at')
    .where('key', '=', turnKey(source))
    .where('window_start', '=', 0)
    .executeTakeFirst();
  return secondsUntil(Number(next?.expires_at ?? now), now, rules.usernameMaxDelayMs);
}

/** Counts a login attempt before its password is checked, and says whether it may be checked. */
export async function admitAttempt(db: Db, source: LoginSource, rules: ThrottleRules, now = Date.now()): Promise<Admission> {
  // The address first: every request it sends costs it, including ones refused further on.
  const address = await countAttempt(db, addressKey(source), rules.addressLimit, rules.periodMs, now);
  if (!address.allowed) return { admitted: false, scope: 'address', retryAfterSeconds: address.retryAfterSeconds };
  const pair = await countAttempt(db, pairKey(source), rules.pairLimit, rules.periodMs, now);
  if (!pair.allowed) return { admitted: false, scope: 'pair', retryAfterSeconds: pair.retryAfterSeconds };
  const wait = await takeUsernameTurn(db, source, rules, now);
  if (wait > 0) {
    // Waiting for the username's turn is no guess at it from here: an admin who retries
    // as told must not block their own address and username.
    await refund(db, [pairKey(source)]);
    return { admitted: false, scope: 'username', retryAfterSeconds: wait };
  }
  return { admitted: true };
}

async function refund(db: Db, keys: string[]): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`hits - 1` })
    .where('key', 'in', keys)
    .where('window_start', '=', 0)
    .where('hits', '>', 0)
    .execute();
}

/**
 * Gives an admitted attempt's counts back: it proved the password, or it was never checked
 * (the hashing queue was full). Only failures should add up.
 */
export function refundAttempt(db: Db, source: LoginSource): Promise<void> {
  return refund(db, [addressKey(source), pairKey(source), usernameKey(source)]);
}

/** A successful login forgets its address and username pair's failures (the address's stay, to slow spraying). */
export async function clearPairFailures(db: Db, source: LoginSource): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', pairKey(source)).where('window_start', '=', 0).execute();
}
