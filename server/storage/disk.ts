import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SignedCheck, UrlSigner } from './signed-url.ts';
import type { ByteRange, PostTarget, PutOptions, SignOptions, Storage, StoredPart, UploadRef } from './storage.ts';
import {
  ByteLimit,
  UnknownUploadError,
  assertObjectKey,
  isObjectKey,
  isUploadId,
} from './storage.ts';

/** Where the browser PUTs a carousel image on disk: `/api/objects/put/<key>?expires&max&sig`. */
export const SIGNED_PUT_PREFIX = '/api/objects/put/';
/** Where the browser PUTs a part on disk: `/api/uploads/parts/<uploadId>/<partNumber>?expires&max&sig`. */
export const PART_URL_PREFIX = '/api/uploads/parts/';
/** Where the browser POSTs a single-request form on disk (the fields carry the signature). */
export const POST_TARGET_PATH = '/api/uploads/objects';

const PART_FILE = /^(\d{1,5})\.([0-9a-f]{32})$/;

/**
 * Objects as files under DATA_DIR/objects/<key>, and S3's multipart protocol played by our
 * own server: each unfinished upload is a directory DATA_DIR/multipart/<uploadId>/ holding one
 * file per part, named `<partNumber>.<md5>` (the MD5 is the part's ETag, as on S3), so listing
 * the directory is listing the parts with their ETags.
 *
 * Everything is written aside and renamed into place (writeAside), so a reader never sees half
 * a file, a failed or oversized upload leaves nothing behind, and several processes may share
 * DATA_DIR. The browser's bytes arrive at signed URLs to our own server (one UrlSigner), which
 * server/api/disk-storage.ts serves with the `receive*` methods below.
 */
export class DiskStorage implements Storage {
  readonly kind = 'disk';
  readonly uploadOrigin = null;

  constructor(
    /** DATA_DIR/objects. */
    private readonly root: string,
    /** DATA_DIR/multipart: one directory per unfinished upload. */
    private readonly partsRoot: string,
    readonly signer: UrlSigner,
  ) {}

  async put(key: string, body: Readable, { maxBytes }: PutOptions): Promise<{ size: number }> {
    const { size } = await this.receiveObject(key, body, maxBytes);
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const handle = await unlessMissing(fs.open(this.pathOf(key), 'r'));
    return handle?.createReadStream(range ? { start: range.start, end: range.end } : {}) ?? null;
  }

  async readHead(key: string, bytes: number): Promise<Buffer | null> {
    const handle = await unlessMissing(fs.open(this.pathOf(key), 'r'));
    if (!handle) return null;
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    const stat = await unlessMissing(fs.stat(this.pathOf(key)));
    return stat?.isFile() ? { size: stat.size } : null;
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async promote(fromKey: string, toKey: string): Promise<void> {
    const target = this.pathOf(toKey);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(this.pathOf(fromKey), target);
  }

  async objectsOlderThan(prefix: string, before: number): Promise<string[]> {
    if (!/^[a-z]+\/$/.test(prefix)) throw new Error(`Unexpected prefix ${prefix}`);
    const dir = path.join(this.root, prefix);
    const keys: string[] = [];
    for (const name of (await unlessMissing(fs.readdir(dir))) ?? []) {
      const key = `${prefix}${name}`;
      if (!isObjectKey(key)) continue;
      const stat = await unlessMissing(fs.stat(path.join(dir, name)));
      if (stat && stat.mtimeMs < before) keys.push(key);
    }
    return keys;
  }

  async presignPut(key: string, { expiresInSeconds, maxBytes }: SignOptions): Promise<string> {
    assertObjectKey(key);
    return `${SIGNED_PUT_PREFIX}${key}?${this.query(`PUT\n${key}`, expiresInSeconds, maxBytes)}`;
  }

  async postTarget(key: string, { expiresInSeconds, maxBytes, origin }: SignOptions & { origin: string }): Promise<PostTarget> {
    assertObjectKey(key);
    const { expires, max, sig } = this.signer.sign(`POST\n${key}`, nowSeconds() + expiresInSeconds, maxBytes);
    return { url: `${origin}${POST_TARGET_PATH}`, fields: { key, success_action_status: '201', expires, max, signature: sig } };
  }

  async createUpload({ uploadId }: Omit<UploadRef, 'storageUploadId'>): Promise<null> {
    await fs.mkdir(this.dirOf(uploadId), { recursive: true });
    return null;
  }

  async partUrl({ uploadId }: UploadRef, partNumber: number, { expiresInSeconds, maxBytes }: SignOptions): Promise<string> {
    return `${PART_URL_PREFIX}${uploadId}/${partNumber}?${this.query(`PART\n${uploadId}\n${partNumber}`, expiresInSeconds, maxBytes)}`;
  }

  async listParts({ uploadId }: UploadRef): Promise<StoredPart[] | null> {
    const dir = this.dirOf(uploadId);
    const names = await unlessMissing(fs.readdir(dir));
    if (!names) return null;
    const newest = new Map<number, { part: StoredPart; mtimeMs: number; name: string }>();
    for (const name of names) {
      const match = PART_FILE.exec(name);
      if (!match?.[1] || !match[2]) continue;
      const stat = await unlessMissing(fs.stat(path.join(dir, name)));
      if (!stat) continue;
      const partNumber = Number(match[1]);
      const seen = newest.get(partNumber);
      if (!seen || stat.mtimeMs > seen.mtimeMs || (stat.mtimeMs === seen.mtimeMs && name > seen.name)) {
        newest.set(partNumber, { part: { partNumber, etag: match[2], size: stat.size }, mtimeMs: stat.mtimeMs, name });
      }
    }
    return [...newest.values()].map((entry) => entry.part).sort((a, b) => a.partNumber - b.partNumber);
  }

  async peekParts(upload: UploadRef, parts: StoredPart[], bytes: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let length = 0;
    // Leaving the loop early closes the part being read.
    for await (const chunk of this.assembled(upload, parts)) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) break;
    }
    return Buffer.concat(chunks).subarray(0, bytes);
  }

  /**
   * Streams the parts, one after the other, into a temporary file in the upload's own
   * directory (a process that dies here leaves it where the sweep looks) and renames it into
   * place: a 5 GiB file never sits in memory. `complete` is claimed in the database by one request.
   */
  async completeUpload(upload: UploadRef, parts: StoredPart[]): Promise<void> {
    const target = this.pathOf(upload.key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await writeAside(
      Readable.from(this.assembled(upload, parts)),
      Number.MAX_SAFE_INTEGER,
      path.join(this.dirOf(upload.uploadId), `.assemble-${crypto.randomUUID()}`),
      () => target,
    );
    await this.removeDir(upload.uploadId);
  }

  async abortUpload({ uploadId }: UploadRef): Promise<void> {
    await this.removeDir(uploadId);
  }

  async removeOrphans(before: number, isKnown: (uploadId: string) => Promise<boolean>): Promise<number> {
    let removed = 0;
    for (const name of (await unlessMissing(fs.readdir(this.partsRoot))) ?? []) {
      if (!isUploadId(name)) continue;
      const stat = await unlessMissing(fs.stat(path.join(this.partsRoot, name)));
      // The row is written before the directory, so an old directory without one is an orphan.
      if (!stat || stat.mtimeMs >= before || (await isKnown(name))) continue;
      await this.removeDir(name);
      removed++;
    }
    return removed;
  }

  checkPut(key: string, query: Record<string, unknown>): SignedCheck {
    return this.signer.check(`PUT\n${key}`, query);
  }

  checkPartUrl(uploadId: string, partNumber: number, query: Record<string, unknown>): SignedCheck {
    return this.signer.check(`PART\n${uploadId}\n${partNumber}`, query);
  }

  /** The key a single-request form may store to, if its signed fields hold. */
  checkPostFields(fields: ReadonlyMap<string, string>): SignedCheck & { key?: string } {
    const key = fields.get('key');
    if (!key || !isObjectKey(key) || !key.startsWith('uploads/')) return { ok: false, reason: 'malformed' };
    const check = this.signer.check(`POST\n${key}`, {
      expires: fields.get('expires'),
      max: fields.get('max'),
      sig: fields.get('signature'),
    });
    return check.ok ? { ...check, key } : check;
  }

  /** Stores one part (written aside, then renamed into place); rejects with UnknownUploadError when its upload is gone. */
  async receivePart(uploadId: string, partNumber: number, body: Readable, maxBytes: number): Promise<{ etag: string; size: number }> {
    const dir = this.dirOf(uploadId);
    const stored = await writeAside(body, maxBytes, path.join(dir, `.tmp-${crypto.randomUUID()}`), (etag) =>
      path.join(dir, `${partNumber}.${etag}`),
    );
    // An earlier copy of this part (a retry with other bytes) is no longer what the list shows.
    await this.removeOlderCopies(dir, partNumber, `${partNumber}.${stored.etag}`);
    return stored;
  }

  /** Stores a whole object sent to a signed URL, with its MD5 as ETag (as S3 answers). */
  async receiveObject(key: string, body: Readable, maxBytes: number): Promise<{ etag: string; size: number }> {
    const target = this.pathOf(key);
    try {
      await fs.mkdir(path.dirname(target), { recursive: true });
    } catch (error) {
      body.destroy();
      throw error;
    }
    return writeAside(body, maxBytes, `${target}.${crypto.randomUUID()}.part`, () => target);
  }

  /**
   * The bytes of `parts`, one after the other, read from their files as they are needed: a
   * 5 GiB file never sits in memory. A part that changed since it was listed fails it.
   */
  private async *assembled({ uploadId }: UploadRef, parts: StoredPart[]): AsyncGenerator<Buffer> {
    for (const part of parts) {
      let read = 0;
      for await (const chunk of createReadStream(this.partPath(uploadId, part))) {
        read += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
      if (read !== part.size) throw new Error(`Part ${part.partNumber} changed while the upload was being completed.`);
    }
  }

  /** Removes copies of `partNumber` older than the one just stored (`keep`); equal ones stay, listParts picks one. */
  private async removeOlderCopies(dir: string, partNumber: number, keep: string): Promise<void> {
    const kept = await unlessMissing(fs.stat(path.join(dir, keep)));
    if (!kept) return;
    for (const name of (await unlessMissing(fs.readdir(dir))) ?? []) {
      if (name === keep || PART_FILE.exec(name)?.[1] !== String(partNumber)) continue;
      const stat = await unlessMissing(fs.stat(path.join(dir, name)));
      if (stat && stat.mtimeMs < kept.mtimeMs) await fs.rm(path.join(dir, name), { force: true });
    }
  }

  private query(subject: string, expiresInSeconds: number, maxBytes: number): string {
    return new URLSearchParams(this.signer.sign(subject, nowSeconds() + expiresInSeconds, maxBytes)).toString();
  }

  private removeDir(uploadId: string): Promise<void> {
    // maxRetries: a part being renamed in while the directory goes (ENOTEMPTY) is retried.
    return fs.rm(this.dirOf(uploadId), { recursive: true, force: true, maxRetries: 3 });
  }

  private dirOf(uploadId: string): string {
    if (!isUploadId(uploadId)) throw new Error(`Not an upload id: ${JSON.stringify(uploadId)}`);
    return path.join(this.partsRoot, uploadId);
  }

  private partPath(uploadId: string, part: StoredPart): string {
    if (!/^[0-9a-f]{32}$/.test(part.etag)) throw new Error('Not a part ETag');
    return path.join(this.dirOf(uploadId), `${part.partNumber}.${part.etag}`);
  }

  /** Only generated keys get here, and the resolved path is checked to stay inside the root all the same. */
  private pathOf(key: string): string {
    assertObjectKey(key);
    const resolved = path.resolve(this.root, ...key.split('/'));
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Object key escapes the storage directory: ${key}`);
    return resolved;
  }
}

/** MD5 of what passes, as S3 computes a part's ETag. */
class Md5 extends Transform {
  private readonly hash = crypto.createHash('md5');
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    callback(null, chunk);
  }
  hex(): string {
    return this.hash.digest('hex');
  }
}

/**
 * Streams `body` into `temp` (at most `maxBytes`, else ObjectTooLargeError), then renames it
 * to `target(etag)`. A failure removes the temporary file; a directory that vanished (the
 * upload was aborted) is UnknownUploadError.
 */
async function writeAside(
  body: Readable,
  maxBytes: number,
  temp: string,
  target: (etag: string) => string,
): Promise<{ etag: string; size: number }> {
  // The body may fail (a client hanging up) while the file is being made, before pipeline
  // listens: that error must not go unhandled. pipeline still sees it.
  body.on('error', ignoreUntilPiped);
  let file: fs.FileHandle;
  try {
    // Opened (created) before streaming, so a failed upload's clean-up cannot run before the file exists.
    file = await fs.open(temp, 'wx', 0o640);
  } catch (error) {
    body.off('error', ignoreUntilPiped);
    body.destroy();
    if (isMissing(error)) throw new UnknownUploadError('The upload no longer exists.');
    throw error;
  }
  const limit = new ByteLimit(maxBytes);
  const md5 = new Md5();
  try {
    // pipeline closes the file (and the body) whichever way the copy ends.
    await pipeline(body, limit, md5, file.createWriteStream());
    const etag = md5.hex();
    await fs.rename(temp, target(etag));
    return { etag, size: limit.bytes };
  } catch (error) {
    await fs.rm(temp, { force: true });
    if (isMissing(error)) throw new UnknownUploadError('The upload no longer exists.');
    throw error;
  } finally {
    body.off('error', ignoreUntilPiped);
  }
}

/** See writeAside: an error of the body before pipeline attaches is reported by pipeline itself. */
function ignoreUntilPiped(): void {}

/** What `operation` gives, or null when its file or directory does not exist. */
async function unlessMissing<T>(operation: Promise<T>): Promise<T | null> {
  try {
    return await operation;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
