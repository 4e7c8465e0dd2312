import os from 'node:os';
import type { WorkQueueLimits } from '../../lib/work-queue.ts';

/**
 * The bound on password hashing in this process (a WorkQueue). A scrypt keeps a core busy for
 * ~0.35 s, so hashes get at most half the cores, leaving the rest to pages (docs/benchmarks.md,
 * "Pages during a login burst"), and never more than two (128 MiB each). Ten may wait, so one
 * address's ten allowed attempts (login-throttle.ts) always fit; past that a login is refused at once.
 */
export const DEFAULT_HASH_QUEUE: WorkQueueLimits = {
  concurrency: Math.min(2, Math.max(1, Math.floor(os.availableParallelism() / 2))),
  maxWaiting: 10,
};
