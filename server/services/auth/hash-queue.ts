import os from 'node:os';
import type { WorkQueueLimits } from '../../lib/work-queue.ts';

/**
 * The bound on password hashing in this process (a WorkQueue). A scrypt keeps a core busy for
 * ~0.35 s, so hashes get at most half the cores (one on a two-core machine: in
 * `npm run bench:login` two at once doubled page latency during a burst, one left it as in
 * quiet times) and never more than two (128 MiB each). Ten may wait, about 3.5 s of work at
 * worst, so one address's ten allowed attempts (login-throttle.ts) always fit; past that a
 * login is refused at once.
 */
export const DEFAULT_HASH_QUEUE: WorkQueueLimits = {
  concurrency: Math.min(2, Math.max(1, Math.floor(os.availableParallelism() / 2))),
  maxWaiting: 10,
};
