import sharp from 'sharp';
import { WorkQueue } from '../../lib/work-queue.ts';

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

/** Every sharp call of the site goes through this one limit. */
export const imageWork = new WorkQueue({ concurrency: IMAGE_WORK_CONCURRENCY });
