import sharp from 'sharp';
import { WorkQueue } from '../../lib/work-queue.ts';

/**
 * Bounds image decoding in this process: sharp shares libuv's thread pool with file reads and
 * page compression, and a large image decodes to ~120 MB of pixels (docs/benchmarks.md, "Thumbnails").
 *
 * - libvips gets one thread per image (its default is one per core),
 * - no libvips operation cache: a thumbnail is stored once made, so the cache only held memory,
 * - at most IMAGE_WORK_CONCURRENCY images are worked on at a time; the rest wait their turn
 *   in order (they hold no image while waiting: the caller reads its bytes inside the task).
 */
sharp.concurrency(1);
sharp.cache(false);

export const IMAGE_WORK_CONCURRENCY = 2;

/** Every sharp call of the site goes through this one limit. */
export const imageWork = new WorkQueue({ concurrency: IMAGE_WORK_CONCURRENCY });
