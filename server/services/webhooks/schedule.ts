/**
 * When a failed delivery is tried again (docs/leads.md#webhooks): the Standard Webhooks
 * schedule, each wait ±10 % so endpoints that failed together do not all retry together.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after the 1st, 2nd, … failed attempt; after the last one the delivery fails for good. */
export const RETRY_DELAYS_MS: readonly number[] = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR];
/** Every attempt a delivery gets: the first and one per entry of the schedule. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const JITTER = 0.1;
/** A Retry-After further away than this is taken as this (a receiver cannot park a delivery for months). */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;

/**
 * The wait before the next attempt after `failedAttempts` attempts failed, or null when that
 * was the last. `random` is in [0, 1) (Math.random in production); `retryAfterMs` is what
 * the receiver asked for, honoured when it is later than the schedule.
 */
export function nextRetryDelay(failedAttempts: number, random: number = Math.random(), retryAfterMs: number | null = null): number | null {
  if (failedAttempts < 1 || failedAttempts >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_MS[failedAttempts - 1] ?? 0;
  const jittered = Math.round(base * (1 - JITTER + 2 * JITTER * random));
  return retryAfterMs !== null && retryAfterMs > jittered ? Math.min(retryAfterMs, MAX_RETRY_AFTER_MS) : jittered;
}

/** Retry-After as milliseconds from `now`: delay-seconds or an HTTP date; null when absent or not valid. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * SECOND;
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return null;
  return Math.max(0, at - now);
}
