/**
 * Bounds work that runs on libuv's thread pool (scrypt, sharp), which also reads files and
 * compresses pages for every visitor: unbounded, a burst fills the pool and stalls the site
 * (issue 11). At most `concurrency` tasks run at once; the rest wait their turn in order.
 * With `maxWaiting`, a task that would be one too many waiting is refused at once
 * (WorkQueueFullError) rather than piling up memory and latency.
 */
export class WorkQueueFullError extends Error {
  override name = 'WorkQueueFullError';
}

export interface WorkQueueLimits {
  concurrency: number;
  /** How many may wait for a place; unbounded when absent. */
  maxWaiting?: number;
}

export class WorkQueue {
  private running = 0;
  private peakRunning = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limits: WorkQueueLimits) {}

  /** Runs `task` when a place is free; throws WorkQueueFullError when the waiting line is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= (this.limits.maxWaiting ?? Infinity)) throw new WorkQueueFullError('The work queue is full');
      // The finishing task hands its place over directly, so `running` never drops and a newcomer cannot jump the queue.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    this.peakRunning = Math.max(this.peakRunning, this.running);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** For tests and diagnostics: tasks running and waiting now, and the most ever run at once. */
  get stats(): { running: number; waiting: number; peakRunning: number } {
    return { running: this.running, waiting: this.waiting.length, peakRunning: this.peakRunning };
  }
}
