import os from 'node:os';

/**
 * Bounds password hashing in this process. scrypt runs on libuv's thread pool, which also
 * serves file reads and zlib for every page: unbounded, a burst of logins fills the pool and
 * stalls the site (issue 11). At most `concurrency` hashes run at once; up to `maxWaiting`
 * more wait their turn in order; past that a login is refused at once (HashQueueFullError)
 * rather than piling up memory (128 MiB per scrypt) and latency.
 */
export class HashQueueFullError extends Error {
  override name = 'HashQueueFullError';
}

export interface HashQueueLimits {
  concurrency: number;
  maxWaiting: number;
}

/**
 * A scrypt keeps a core busy for ~0.35 s, so hashes get at most half the cores (one on a
 * two-core machine: in `npm run bench:login` two at once doubled page latency during a burst,
 * one left it as in quiet times) and never more than two (128 MiB each). Ten may wait, about
 * 3.5 s of work at worst, so one address's ten allowed attempts (login-throttle.ts) always fit.
 */
export const DEFAULT_HASH_QUEUE: HashQueueLimits = {
  concurrency: Math.min(2, Math.max(1, Math.floor(os.availableParallelism() / 2))),
  maxWaiting: 10,
};

export class HashQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limits: HashQueueLimits = DEFAULT_HASH_QUEUE) {}

  /** Runs `task` when a place is free; throws HashQueueFullError when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.maxWaiting) throw new HashQueueFullError('Too many logins at once');
      // The finishing task hands its place over directly, so `running` never drops and a newcomer cannot jump the queue.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** For tests and diagnostics. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
