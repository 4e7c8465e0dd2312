import crypto from 'node:crypto';
import { type Readable, Transform, type TransformCallback } from 'node:stream';

/**
 * The storage port (docs/decisions/023-one-storage-port-one-intake.md): files on local disk
 * under DATA_DIR (disk.ts, the default) or in an S3-compatible bucket (s3.ts), whole objects
 * and multipart uploads alike. Everything above this file works with keys, streams and parts
 * only, so both backends behave the same to the services.
 *
 * Keys are always generated here (UUIDs), never taken from a user's file name, and every
 * backend refuses a key that does not look like one of ours.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /**
   * The origin the browser sends presigned PUTs and part bytes to when it is not our own (an
   * S3 endpoint); CSP's connect-src must allow it. null for disk, whose URLs are ours.
   */
  readonly uploadOrigin: string | null;
  /**
   * Stores a stream under `key`, reading it once and never holding it whole in memory.
   * More than `maxBytes` rejects with ObjectTooLargeError and leaves nothing behind.
   */
  put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }>;
  /** The object's bytes (only `range`, inclusive, when given), or null when it does not exist. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The object's first `bytes` bytes (fewer if it is shorter), or null when it does not exist. */
  readHead(key: string, bytes: number): Promise<Buffer | null>;
  head(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Moves an object to another key (a checked single-request upload into documents/). */
  promote(fromKey: string, toKey: string): Promise<void>;
  /** Keys under `prefix` (e.g. uploads/) last written before `before` (epoch ms). */
  objectsOlderThan(prefix: string, before: number): Promise<string[]>;
  /**
   * A URL the browser can PUT one object to, bound to this key, for a short time. On disk
   * it is our own signed URL and `maxBytes` is enforced while streaming; S3 cannot bind a
   * size without knowing it in advance, so callers check the size after the upload.
   */
  presignPut(key: string, options: SignOptions): Promise<string>;
  /** A single-request target for `key`, at most `maxBytes`. `origin` is the site's, for our own URLs. */
  postTarget(key: string, options: SignOptions & { origin: string }): Promise<PostTarget>;

  /** Starts a multipart upload of `key`; resolves with the storage's own upload id (S3), or null (disk: ours names it). */
  createUpload(upload: Omit<UploadRef, 'storageUploadId'>): Promise<string | null>;
  /** A URL the browser PUTs the bytes of one part to. */
  partUrl(upload: UploadRef, partNumber: number, options: SignOptions): Promise<string>;
  /** Every part stored so far, by ascending part number (all pages); null when storage knows no such upload. */
  listParts(upload: UploadRef): Promise<StoredPart[] | null>;
  /**
   * The first `bytes` bytes of the file `parts` will make, read before assembling it; null
   * when the backend cannot read parts (S3: read the object after completing instead).
   */
  peekParts(upload: UploadRef, parts: StoredPart[], bytes: number): Promise<Buffer | null>;
  /** Assembles `parts` (checked by the caller against listParts) into the object at `upload.key`. */
  completeUpload(upload: UploadRef, parts: StoredPart[]): Promise<void>;
  /** Removes the parts; an upload that is already gone is not an error. */
  abortUpload(upload: UploadRef): Promise<void>;
  /**
   * Removes leftovers no record knows of, older than `before`: on disk, part directories of
   * uploads whose row is gone. S3 has none to find (a bucket lifecycle rule is the backstop).
   */
  removeOrphans(before: number, isKnown: (uploadId: string) => Promise<boolean>): Promise<number>;
}

export interface SignOptions {
  expiresInSeconds: number;
  maxBytes: number;
}

/** A single-request target: a multipart/form-data POST of `fields`, then the file, to `url` (an S3 POST policy, or ours on disk). */
export interface PostTarget {
  url: string;
  fields: Record<string, string>;
}

/** One part as stored. `etag` is without quotes (normalizeEtag). */
export interface StoredPart {
  partNumber: number;
  etag: string;
  size: number;
}

/** Which upload: our id, its object key, and S3's own UploadId (null on disk). */
export interface UploadRef {
  uploadId: string;
  key: string;
  storageUploadId: string | null;
}

export class UnknownUploadError extends Error {
  override name = 'UnknownUploadError';
}

/** S3 compares ETags without their quotes, and so do we: `"abc"`, `abc` and `W/"abc"` are one. */
export function normalizeEtag(etag: string): string {
  return etag.replace(/^W\//, '').replace(/"/g, '').trim();
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
 * objectKeys.uploadedDocument), uploads/<uuid> (a carousel image or single-request upload not yet
 * checked), images/<uuid>.<ext> (checked), thumbnails/<uuid>-w<width>.webp and
 * leader-photos/<uuid>/<size>.webp (docs/site-content.md).
 */
const KEY_PATTERN = new RegExp(
  `^(documents/${UUID}(\\.[a-z0-9]{1,5})?|uploads/${UUID}|images/${UUID}\\.(jpg|png|webp|gif)|thumbnails/${UUID}-w\\d{2,4}\\.webp|leader-photos/${UUID}/\\d{2,4}\\.webp)$`,
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
  /**
   * A document uploaded in parts or by a signed form: no extension, because on S3 the key is
   * fixed when the upload starts and the type is known only from the bytes at the end.
   * Downloads take the extension from the recorded type, not from the key.
   */
  uploadedDocument: () => `documents/${crypto.randomUUID()}`,
  upload: () => `uploads/${crypto.randomUUID()}`,
  image: (id: string, ext: string) => `images/${id}.${ext}`,
  thumbnail: (id: string, width: number) => `thumbnails/${id}-w${width}.webp`,
  leaderPhoto: (id: string, size: number) => `leader-photos/${id}/${size}.webp`,
};

export function isUploadId(value: string): boolean {
  return new RegExp(`^${UUID}$`).test(value);
}

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
