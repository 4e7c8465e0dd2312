import sharp from 'sharp';

/**
 * Bounds image decoding in this process (issue 11). sharp works on libuv's thread pool, which
 * also reads files and compresses pages, and a 40-megapixel image decodes to ~120 MB of
 * pixels: 20 first requests for thumbnails at once took the server from 218 to 463 MB RSS.
 *
 * - libvips gets one thread per image (its default is one per core),
 * - no libvips operation cache: a thumbnail is stored once made, so the cache only held memory,
 * - at most IMAGE_WORK_CONCURRENCY images are worked on at a time; the rest wait their turn
 *   in order (they hold no image while waiting: the caller reads its bytes inside the task).
 */
sharp.concurrency(1);
sharp.cache(false);

export const IMAGE_WORK_CONCURRENCY = 2;

/** Runs async tasks at most `concurrency` at a time, first come first served. */
export class WorkLimit {
  private running = 0;
  private peakRunning = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly concurrency: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      // The finishing task hands its place over directly, so a newcomer cannot jump the queue.
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

/** Every sharp call of the site goes through this one limit. */
export const imageWork = new WorkLimit(IMAGE_WORK_CONCURRENCY);
