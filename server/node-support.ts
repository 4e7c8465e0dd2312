import type { Logger } from './logger.ts';

/**
 * The last day of upstream support (security fixes) of each Node.js release line, from the
 * Node.js release schedule. Odd lines are never LTS and end two months after the next even
 * line starts. A line missing here is either newer than this table (no warning) or older
 * than its first entry (then it ended long ago, see `nodeEndOfLife`).
 */
export const NODE_END_OF_LIFE: Readonly<Record<number, string>> = {
  16: '2023-09-11',
  17: '2022-06-01',
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
};

const OLDEST_LISTED = Math.min(...Object.keys(NODE_END_OF_LIFE).map(Number));

export interface EndOfLife {
  /** The running version, as `process.version` says it (`v20.20.2`). */
  version: string;
  /** The last day of support (`2026-04-30`); `… or earlier` for lines older than the table. */
  ended: string;
}

/**
 * Whether `version` (a `process.version` string) runs on a release line whose support ended
 * before `today`: the day after the end date is the first unsupported day.
 */
export function nodeEndOfLife(version: string, today: Date): EndOfLife | null {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (!Number.isInteger(major)) return null;
  if (major < OLDEST_LISTED) return { version, ended: `${NODE_END_OF_LIFE[OLDEST_LISTED]} or earlier` };
  const ended = NODE_END_OF_LIFE[major];
  if (!ended) return null;
  return today.toISOString().slice(0, 10) > ended ? { version, ended } : null;
}

/**
 * One warning at start when the server runs on a Node.js that no longer gets security
 * fixes, so an operator reading the log notices before something breaks.
 */
export function warnIfEndOfLifeNode(logger: Pick<Logger, 'warn'>, version = process.version, today = new Date()): void {
  const eol = nodeEndOfLife(version, today);
  if (!eol) return;
  logger.warn(
    { nodeVersion: eol.version, nodeEndOfLife: eol.ended },
    `Node.js ${eol.version} reached end of life on ${eol.ended} and gets no security fixes: run the site on Node.js 24 LTS (see README, "Node.js versions")`,
  );
}
