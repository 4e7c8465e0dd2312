import { CAROUSEL_IMAGE_PATH, CAROUSEL_LIMITS } from '@domain/documents/rules.ts';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Logger } from '../../logger.ts';
import { type Storage, objectKeys, readToBuffer, uploadIdOf } from '../../storage/storage.ts';
import { imageWork } from './image-work.ts';
import { CAROUSEL_IMAGE_TYPES, type CarouselImageExt, IMAGE_MIME, sniffImageType } from './file-types.ts';

/**
 * Carousel images (docs/documents.md): the browser PUTs an image to a short-lived upload URL
 * (uploads/<uuid>), then asks us to accept it. Only a real JPEG, PNG, WebP or GIF of at most
 * 5 MB is copied to images/<uuid>.<ext> and served from /objects/images/…; anything else is
 * deleted. Nothing under images/ has skipped that check.
 */

/** How long an upload URL stays valid: long enough for a slow 5 MB upload, short enough not to linger. */
const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** Widths a thumbnail may be requested in (?w=); a fixed set, so nobody can fill storage with sizes. */
export const THUMBNAIL_WIDTHS = [280, 560, 1200] as const;

/** Decompression-bomb guard: a 5 MB PNG can claim billions of pixels. */
const MAX_PIXELS = 40_000_000;

const SHARP_FORMAT: Record<CarouselImageExt, string> = { jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif' };

export interface ServedImage {
  body: Readable;
  contentType: string;
  size: number | null;
}

export class CarouselImages {
  /** Thumbnails being made now, by storage key (see thumbnailOnce). */
  private readonly thumbnailsInMaking = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly storage: Storage,
    private readonly logger: Logger,
  ) {}

  /** A URL the browser may PUT one image of at most 5 MB to. */
  uploadUrl(): Promise<string> {
    return this.storage.presignPut(objectKeys.upload(), {
      expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
      maxBytes: CAROUSEL_LIMITS.maxFileBytes,
    });
  }

  /**
   * Stores an image PUT to one of our own upload URLs (disk storage's stand-in for a presigned
   * S3 PUT; the caller checked the URL's signature). `openBody` is called only once the URL is
   * known to be unused, so a refused PUT's body is never read. More than `maxBytes` stores
   * nothing and rejects with ObjectTooLargeError.
   */
  async receiveUpload(uploadKey: string, openBody: () => Readable, maxBytes: number): Promise<'stored' | 'already-used'> {
    // Once accepted, the image is checked and served; its upload URL may not store again.
    if (await this.wasAccepted(uploadKey)) return 'already-used';
    await this.storage.put(uploadKey, openBody(), { maxBytes });
    // Accepted while this PUT was in flight: what it stored would never be checked or cleaned.
    if (await this.wasAccepted(uploadKey)) {
      await this.storage.delete(uploadKey);
      return 'already-used';
    }
    return 'stored';
  }

  /**
   * Checks the image uploaded to `imageURL` (the upload URL, with or without its query)
   * and returns its public path, or null when it is missing, too large or not an allowed
   * image; a refused upload is deleted.
   */
  async accept(imageURL: string): Promise<string | null> {
    const uploadKey = uploadKeyFromUrl(imageURL);
    if (!uploadKey) return null;
    const id = uploadIdOf(uploadKey);
    if (!id) return null;
    try {
      const head = await this.storage.head(uploadKey);
      if (!head || head.size === 0 || head.size > CAROUSEL_LIMITS.maxFileBytes) return null;
      const stream = await this.storage.get(uploadKey);
      if (!stream) return null;
      const bytes = await readToBuffer(stream, CAROUSEL_LIMITS.maxFileBytes);
      const ext = await sniffImageType(bytes);
      if (!ext || !(await isDecodable(bytes, ext))) return null;
      const key = objectKeys.image(id, ext);
      await this.storage.put(key, Readable.from([bytes]), { maxBytes: CAROUSEL_LIMITS.maxFileBytes, contentType: IMAGE_MIME[ext] });
      return `/objects/${key}`;
    } catch (error) {
      this.logger.warn({ err: error, key: uploadKey }, 'carousel image refused');
      return null;
    } finally {
      // Accepted or not, the unchecked upload is not kept.
      await this.storage.delete(uploadKey).catch((error: unknown) => this.logger.error({ err: error, key: uploadKey }, 'could not delete an upload'));
    }
  }

  /**
   * Whether the image uploaded to `uploadKey` was already accepted (images/<id>.* exists): its
   * upload URL, still unexpired, must not store again, or the new bytes would sit unchecked
   * under uploads/ for good.
   */
  private async wasAccepted(uploadKey: string): Promise<boolean> {
    const id = uploadIdOf(uploadKey);
    if (!id) return false;
    const found = await Promise.all(CAROUSEL_IMAGE_TYPES.map((ext) => this.storage.head(objectKeys.image(id, ext))));
    return found.some((head) => head !== null);
  }

  async exists(objectPath: string): Promise<boolean> {
    const key = imageKeyOf(objectPath);
    return key !== null && (await this.storage.head(key)) !== null;
  }

  /** Deletes an image and every thumbnail made of it. */
  async remove(objectPath: string): Promise<void> {
    const parsed = parseImagePath(objectPath);
    if (!parsed) return;
    await this.storage.delete(objectKeys.image(parsed.id, parsed.ext));
    for (const width of THUMBNAIL_WIDTHS) await this.storage.delete(objectKeys.thumbnail(parsed.id, width));
  }

  /** The image itself, or a thumbnail `width` pixels wide (WebP, made once and kept in storage). */
  async serve(id: string, ext: CarouselImageExt, width: number | null): Promise<ServedImage | null> {
    const originalKey = objectKeys.image(id, ext);
    if (width === null) {
      const head = await this.storage.head(originalKey);
      const body = head ? await this.storage.get(originalKey) : null;
      return body && head ? { body, contentType: IMAGE_MIME[ext], size: head.size } : null;
    }
    const thumbnailKey = objectKeys.thumbnail(id, width);
    // One in the making: wait for it rather than look in storage, which cannot have it yet.
    const inFlight = this.thumbnailsInMaking.get(thumbnailKey);
    const cached = inFlight ? null : await this.storage.get(thumbnailKey);
    if (cached) return { body: cached, contentType: 'image/webp', size: null };
    const thumbnail = await (inFlight ?? this.thumbnailOnce(thumbnailKey, originalKey, width));
    return thumbnail ? { body: Readable.from([thumbnail]), contentType: 'image/webp', size: thumbnail.length } : null;
  }

  /**
   * Single flight: however many requests ask for a thumbnail that is not stored yet, it is made
   * once (per process) and they all get that one, instead of each decoding the original.
   */
  private thumbnailOnce(thumbnailKey: string, originalKey: string, width: number): Promise<Buffer | null> {
    let making = this.thumbnailsInMaking.get(thumbnailKey);
    if (!making) {
      making = imageWork.run(() => this.makeThumbnail(thumbnailKey, originalKey, width)).finally(() => {
        this.thumbnailsInMaking.delete(thumbnailKey);
      });
      this.thumbnailsInMaking.set(thumbnailKey, making);
    }
    return making;
  }

  /** Makes and stores a thumbnail, or null when the original is gone. Runs under imageWork. */
  private async makeThumbnail(thumbnailKey: string, originalKey: string, width: number): Promise<Buffer | null> {
    // Made by another flight that ended while this one waited its turn (or by another process).
    const stored = await this.storage.get(thumbnailKey);
    if (stored) return readToBuffer(stored, CAROUSEL_LIMITS.maxFileBytes);
    const original = await this.storage.get(originalKey);
    if (!original) return null;
    const bytes = await readToBuffer(original, CAROUSEL_LIMITS.maxFileBytes);
    const thumbnail = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    await this.storage.put(thumbnailKey, Readable.from([thumbnail]), { maxBytes: CAROUSEL_LIMITS.maxFileBytes, contentType: 'image/webp' });
    return thumbnail;
  }
}

/** uploads/<uuid> from an upload URL: ours (/api/objects/put/uploads/…) or a bucket's (path or virtual-host style). */
export function uploadKeyFromUrl(imageURL: string): string | null {
  if (typeof imageURL !== 'string' || imageURL.length > 4096) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(imageURL, 'http://upload.invalid').pathname);
  } catch {
    return null;
  }
  const match = /\/(uploads\/[0-9a-f-]{36})$/.exec(pathname);
  return match?.[1] && uploadIdOf(match[1]) ? match[1] : null;
}

function parseImagePath(objectPath: string): { id: string; ext: CarouselImageExt } | null {
  if (!CAROUSEL_IMAGE_PATH.test(objectPath)) return null;
  const match = /\/images\/([0-9a-f-]{36})\.(jpg|png|webp|gif)$/.exec(objectPath);
  return match?.[1] && match[2] ? { id: match[1], ext: match[2] as CarouselImageExt } : null;
}

function imageKeyOf(objectPath: string): string | null {
  const parsed = parseImagePath(objectPath);
  return parsed ? objectKeys.image(parsed.id, parsed.ext) : null;
}

/** The bytes must parse as the format they claim, within the pixel limit. */
async function isDecodable(bytes: Buffer, ext: CarouselImageExt): Promise<boolean> {
  try {
    const metadata = await imageWork.run(() => sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata());
    const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
    return metadata.format === SHARP_FORMAT[ext] && pixels > 0 && pixels <= MAX_PIXELS;
  } catch {
    return false;
  }
}
