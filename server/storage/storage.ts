import crypto from 'node:crypto';
import { type Readable, Transform, type TransformCallback } from 'node:stream';

/**
 * The one storage interface (docs/decisions/005-documents-storage.md): files on local disk
 * under DATA_DIR (disk.ts, the default) or in an S3-compatible bucket (s3.ts). Everything
 * above this file works with keys and streams only, so both behave the same to the API.
 *
 * Keys are always generated here (UUIDs), never taken from a user's file name, and every
 * backend refuses a key that does not look like one of ours.
 */
export interface ObjectStorage {
  readonly kind: 'disk' | 's3';
  /**
   * The origin the browser sends a presigned PUT to when it is not our own (an S3
   * endpoint); CSP's connect-src must allow it. null for disk, whose URLs are ours.
   */
  readonly uploadOrigin: string | null;
  /**
   * Stores a stream under `key`, reading it once and never holding it whole in memory.
   * More than `maxBytes` rejects with ObjectTooLargeError and leaves nothing behind.
   */
  put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }>;
  /** The object's bytes (only `range`, inclusive, when given), or null when it does not exist. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  head(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A URL the browser can PUT one object to, bound to this key, for a short time. On disk
   * it is our own signed URL and `maxBytes` is enforced while streaming; S3 cannot bind a
   * size without knowing it in advance, so callers check the size after the upload.
   */
  presignPut(key: string, options: { expiresInSeconds: number; maxBytes: number }): Promise<string>;
}

export interface PutOptions {
  maxBytes: number;
  contentType?: string;
}

/** Inclusive byte positions, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export class ObjectTooLargeError extends Error {
  override name = 'ObjectTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`The object is larger than ${maxBytes} bytes.`);
  }
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Every key this site creates: documents/<uuid>.<ext> (documents/<uuid> when uploaded in parts,
 * see multipart.ts), uploads/<uuid> (a carousel image or single-request upload not yet
 * checked), images/<uuid>.<ext> (checked) and thumbnails/<uuid>-w<width>.webp.
 */
const KEY_PATTERN = new RegExp(
  `^(documents/${UUID}(\\.[a-z0-9]{1,5})?|uploads/${UUID}|images/${UUID}\\.(jpg|png|webp|gif)|thumbnails/${UUID}-w\\d{2,4}\\.webp)$`,
);

export function isObjectKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Defence in depth: a key that is not ours never reaches a file system path or a bucket. */
export function assertObjectKey(key: string): void {
  if (!isObjectKey(key)) throw new Error(`Refusing an object key that this site did not generate: ${JSON.stringify(key)}`);
}

export const objectKeys = {
  document: (ext: string) => `documents/${crypto.randomUUID()}.${ext}`,
  upload: () => `uploads/${crypto.randomUUID()}`,
  image: (id: string, ext: string) => `images/${id}.${ext}`,
  thumbnail: (id: string, width: number) => `thumbnails/${id}-w${width}.webp`,
};

/** The id part of uploads/<uuid>, or null when `key` is not an upload key. */
export function uploadIdOf(key: string): string | null {
  return new RegExp(`^uploads/(${UUID})$`).exec(key)?.[1] ?? null;
}

/** Passes bytes through and fails with ObjectTooLargeError once more than `maxBytes` went by. */
export class ByteLimit extends Transform {
  bytes = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new ObjectTooLargeError(this.maxBytes));
      return;
    }
    callback(null, chunk);
  }
}

/** Reads a whole (small, size-limited) object into memory: for images of at most a few MB. */
export async function readToBuffer(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    length += buffer.length;
    if (length > maxBytes) {
      stream.destroy();
      throw new ObjectTooLargeError(maxBytes);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
