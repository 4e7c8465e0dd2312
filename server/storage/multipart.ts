import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Large documents go from the browser to storage in parts (S3's multipart upload, which
 * Uppy's AWS S3 plugin speaks), never through our server on S3, and through our own signed
 * URLs on disk. This is the storage side of it; server/services/uploads/ keeps the records
 * (who, which metadata, since when) and decides; server/api/uploads.ts is the HTTP side.
 * Two backends, like ObjectStorage: multipart-disk.ts and multipart-s3.ts.
 */

/** S3's rules, which Uppy follows too: every part but the last at least 5 MiB, at most 10,000 parts. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
export const MAX_PARTS = 10_000;
/** S3's largest part. */
export const MAX_PART_BYTES = 5 * 1024 * 1024 * 1024;

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The key of a document uploaded in parts: documents/<uuid>, without an extension, because
 * on S3 the key is fixed when the upload starts and the type is known only from the bytes
 * at the end. Downloads take the extension from the recorded type, not from the key.
 */
export function newUploadedDocumentKey(): string {
  return `documents/${crypto.randomUUID()}`;
}

export function isUploadId(value: string): boolean {
  return UPLOAD_ID.test(value);
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

/** A single-request target: a multipart/form-data POST of `fields`, then the file, to `url` (an S3 POST policy, or ours on disk). */
export interface PostTarget {
  url: string;
  fields: Record<string, string>;
}

export interface SignOptions {
  expiresInSeconds: number;
  maxBytes: number;
}

export interface MultipartStorage {
  readonly kind: 'disk' | 's3';
  /**
   * Origin the browser sends part bytes to when it is not our own (S3); CSP's connect-src
   * must allow it. null on disk.
   */
  readonly uploadOrigin: string | null;
  /** Bytes that come to our own server (disk); null when they go straight to the bucket. */
  readonly receiver: PartReceiver | null;
  /** Starts a multipart upload of `key`; resolves with the storage's own upload id (S3), or null (disk: ours names it). */
  create(upload: Omit<UploadRef, 'storageUploadId'>): Promise<string | null>;
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
  complete(upload: UploadRef, parts: StoredPart[]): Promise<void>;
  /** Removes the parts; an upload that is already gone is not an error. */
  abort(upload: UploadRef): Promise<void>;
  /** A single-request target for `key`, at most `maxBytes`. `origin` is the site's, for our own URLs. */
  postTarget(key: string, options: SignOptions & { origin: string }): Promise<PostTarget>;
  /** The object's first `bytes` bytes (fewer if it is shorter), or null when it does not exist. */
  readHead(key: string, bytes: number): Promise<Buffer | null>;
  size(key: string): Promise<number | null>;
  deleteObject(key: string): Promise<void>;
  /** Moves an object to another key (a checked single-request upload into documents/). */
  promote(fromKey: string, toKey: string): Promise<void>;
  /** Keys under `prefix` (e.g. uploads/) last written before `before` (epoch ms). */
  objectsOlderThan(prefix: string, before: number): Promise<string[]>;
  /**
   * Removes leftovers no record knows of, older than `before`: on disk, part directories of
   * uploads whose row is gone. S3 has none to find (a bucket lifecycle rule is the backstop).
   */
  removeOrphans(before: number, isKnown: (uploadId: string) => Promise<boolean>): Promise<number>;
}

/** Disk only: checks our signed URLs and stores what the browser sends to them. */
export interface PartReceiver {
  checkPartUrl(uploadId: string, partNumber: number, query: Record<string, unknown>): SignedCheck;
  /** Stores one part (written aside, then renamed into place); rejects with UnknownUploadError when its upload is gone. */
  storePart(uploadId: string, partNumber: number, body: Readable, maxBytes: number): Promise<{ etag: string; size: number }>;
  /** The key a single-request form may store to, if its signed fields hold. */
  checkPostFields(fields: ReadonlyMap<string, string>): SignedCheck & { key?: string };
  storeObject(key: string, body: Readable, maxBytes: number): Promise<{ etag: string; size: number }>;
}

export type SignedCheck = { ok: true; maxBytes: number } | { ok: false; reason: 'expired' | 'bad-signature' | 'malformed' };

export class UnknownUploadError extends Error {
  override name = 'UnknownUploadError';
}

/** S3 compares ETags without their quotes, and so do we: `"abc"`, `abc` and `W/"abc"` are one. */
export function normalizeEtag(etag: string): string {
  return etag.replace(/^W\//, '').replace(/"/g, '').trim();
}
