/**
 * "2026-11-26 14:05 UTC": UTC and fixed-format, so the server and the browser render the same
 * text (no hydration mismatch across time zones).
 */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
