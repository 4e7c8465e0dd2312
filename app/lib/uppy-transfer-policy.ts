/**
 * The upload dialog's figures for a file sent in parts (docs/documents.md), and the pure decisions made with
 * them (which part is which bytes, which failure is worth another try, how long to wait).
 * No Uppy here, so unit tests and the server's docs can read the same numbers.
 */

/** Above this a document goes in parts; up to it, in one `POST /api/documents/upload`. */
export const MULTIPART_THRESHOLD = 104_857_600;
/** Part requests of one file at once. */
export const PART_CONCURRENCY = 6;
/** Waits before each new try of a failed part request: four more tries, then the upload fails. */
export const PART_RETRY_DELAYS: readonly number[] = [0, 1000, 3000, 5000];
/** Tries after the first for a companion call (start, list, complete, abort). */
export const COMPANION_RETRIES = 10;
/** S3's smallest part but the last (5 MiB) and its most parts. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
export const MAX_PARTS = 10_000;

export interface PartPlan {
  /** 1-based, as S3 numbers parts. */
  partNumber: number;
  start: number;
  end: number;
}

/** The parts of a file of `size` bytes: 5 MiB each, larger only when 10,000 would not hold it. */
export function planParts(size: number): PartPlan[] {
  if (!Number.isSafeInteger(size) || size <= 0) return [];
  const partBytes = Math.max(MIN_PART_BYTES, Math.ceil(size / MAX_PARTS));
  const parts: PartPlan[] = [];
  for (let start = 0, partNumber = 1; start < size; start += partBytes, partNumber++) {
    parts.push({ partNumber, start, end: Math.min(size, start + partBytes) });
  }
  return parts;
}

/**
 * Whether a failed request is worth another try (docs/documents.md): no answer at all (status 0: the
 * network), 408, 409, 418, 423, 429 and 5xx except 501 and 505; and an expired signed URL
 * (S3's 'Request has expired', our disk URLs' 'invalid or has expired'), which a new
 * signature fixes.
 */
export function isRetryable(status: number, body = ''): boolean {
  if (status === 0) return true;
  if ([408, 409, 418, 423, 429].includes(status)) return true;
  if (status >= 500 && status !== 501 && status !== 505) return true;
  return status === 403 && /expired/i.test(body);
}

/** The wait before try `attempt + 1` of a part (undefined: no tries left). */
export function partRetryDelay(attempt: number): number | undefined {
  return PART_RETRY_DELAYS[attempt];
}

/** The wait before try `attempt + 1` of a companion call: the part delays, then 5 s, ten times in all. */
export function companionRetryDelay(attempt: number): number | undefined {
  if (attempt >= COMPANION_RETRIES) return undefined;
  return PART_RETRY_DELAYS[Math.min(attempt, PART_RETRY_DELAYS.length - 1)];
}

/** How long every part waits after a 429 (back-off): the retry's own delay, at least a second. */
export function rateLimitPause(attempt: number): number {
  return Math.max(1000, PART_RETRY_DELAYS[Math.min(attempt, PART_RETRY_DELAYS.length - 1)] ?? 0);
}
