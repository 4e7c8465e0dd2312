import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type MultipartStorage,
  type PartReceiver,
  type PostTarget,
  type SignOptions,
  type SignedCheck,
  type StoredPart,
  type UploadRef,
  UnknownUploadError,
  isUploadId,
} from './multipart.ts';
import { ByteLimit, assertObjectKey, isObjectKey } from './storage.ts';

/** Where the browser PUTs a part on disk: `/api/uploads/parts/<uploadId>/<partNumber>?expires&max&sig`. */
export const PART_URL_PREFIX = '/api/uploads/parts/';
/** Where the browser POSTs a single-request form on disk (the fields carry the signature). */
export const POST_TARGET_PATH = '/api/uploads/objects';

const PART_FILE = /^(\d{1,5})\.([0-9a-f]{32})$/;
const UUID_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Multipart uploads on local disk, S3's protocol played by our own server. Each upload is a
 * directory `DATA_DIR/multipart/<uploadId>/` holding one file per part, named
 * `<partNumber>.<md5>`: the MD5 is the part's ETag (as on S3), so listing the directory is
 * listing the parts with their ETags, and nothing else needs to agree with it.
 *
 * Several processes may share DATA_DIR: a part is written to a temporary file and renamed
 * into place (a reader never sees half a part; the same part sent twice leaves the newest),
 * `complete` is claimed in the database by one request, assembles into a temporary file in
 * the upload's directory and renames it into DATA_DIR/objects, streaming part by part, so a
 * 5 GiB file never sits in memory. The signed URLs are HMACs like the carousel's
 * (signed-url.ts), with the same secret and their own message prefix.
 */
export class DiskMultipartStorage implements MultipartStorage, PartReceiver {
  readonly kind = 'disk';
  readonly uploadOrigin = null;
  readonly receiver: PartReceiver = this;

  constructor(
    /** DATA_DIR/objects: where finished objects go (DiskStorage's root). */
    private readonly objectsRoot: string,
    /** DATA_DIR/multipart: one directory per unfinished upload. */
    private readonly partsRoot: string,
    private readonly secret: Buffer,
  ) {}

  async create({ uploadId }: Omit<UploadRef, 'storageUploadId'>): Promise<null> {
    await fs.mkdir(this.dirOf(uploadId), { recursive: true });
    return null;
  }

  async partUrl({ uploadId }: UploadRef, partNumber: number, { expiresInSeconds, maxBytes }: SignOptions): Promise<string> {
    const expires = nowSeconds() + expiresInSeconds;
    const query = new URLSearchParams({
      expires: String(expires),
      max: String(maxBytes),
      sig: this.sign(`PART\n${uploadId}\n${partNumber}`, expires, maxBytes),
    });
    return `${PART_URL_PREFIX}${uploadId}/${partNumber}?${query.toString()}`;
  }

  checkPartUrl(uploadId: string, partNumber: number, query: Record<string, unknown>): SignedCheck {
    return this.check(`PART\n${uploadId}\n${partNumber}`, query.expires, query.max, query.sig);
  }

  async storePart(uploadId: string, partNumber: number, body: Readable, maxBytes: number): Promise<{ etag: string; size: number }> {
    const dir = this.dirOf(uploadId);
    const stored = await writeAside(body, maxBytes, path.join(dir, `.tmp-${crypto.randomUUID()}`), (etag) =>
      path.join(dir, `${partNumber}.${etag}`),
    );
    // An earlier copy of this part (a retry with other bytes) is no longer what the list shows.
    await this.removeOlderCopies(dir, partNumber, `${partNumber}.${stored.etag}`);
    return stored;
  }

  async listParts({ uploadId }: UploadRef): Promise<StoredPart[] | null> {
    const dir = this.dirOf(uploadId);
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const newest = new Map<number, { part: StoredPart; mtimeMs: number; name: string }>();
    for (const name of names) {
      const match = PART_FILE.exec(name);
      if (!match?.[1] || !match[2]) continue;
      const stat = await statOrNull(path.join(dir, name));
      if (!stat) continue;
      const partNumber = Number(match[1]);
      const seen = newest.get(partNumber);
      if (!seen || stat.mtimeMs > seen.mtimeMs || (stat.mtimeMs === seen.mtimeMs && name > seen.name)) {
        newest.set(partNumber, { part: { partNumber, etag: match[2], size: stat.size }, mtimeMs: stat.mtimeMs, name });
      }
    }
    return [...newest.values()].map((entry) => entry.part).sort((a, b) => a.partNumber - b.partNumber);
  }

  async peekParts({ uploadId }: UploadRef, parts: StoredPart[], bytes: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let length = 0;
    for (const part of parts) {
      if (length >= bytes) break;
      const handle = await fs.open(this.partPath(uploadId, part), 'r');
      try {
        const buffer = Buffer.alloc(Math.min(bytes - length, part.size));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
        chunks.push(buffer.subarray(0, bytesRead));
        length += bytesRead;
      } finally {
        await handle.close();
      }
    }
    return Buffer.concat(chunks);
  }

  async complete(upload: UploadRef, parts: StoredPart[]): Promise<void> {
    const dir = this.dirOf(upload.uploadId);
    const target = this.objectPath(upload.key);
    // In the upload's own directory: a process that dies here leaves it where the sweep looks.
    const temp = path.join(dir, `.assemble-${crypto.randomUUID()}`);
    const partPath = (part: StoredPart) => this.partPath(upload.uploadId, part);
    async function* concatenated() {
      for (const part of parts) {
        let read = 0;
        for await (const chunk of createReadStream(partPath(part))) {
          read += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
        if (read !== part.size) throw new Error(`Part ${part.partNumber} changed while the upload was being completed.`);
      }
    }
    const file = await fs.open(temp, 'wx', 0o640);
    try {
      await pipeline(concatenated, file.createWriteStream());
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
    await this.removeDir(upload.uploadId);
  }

  async abort({ uploadId }: UploadRef): Promise<void> {
    await this.removeDir(uploadId);
  }

  async postTarget(key: string, { expiresInSeconds, maxBytes, origin }: SignOptions & { origin: string }): Promise<PostTarget> {
    assertObjectKey(key);
    const expires = nowSeconds() + expiresInSeconds;
    return {
      url: `${origin}${POST_TARGET_PATH}`,
      fields: {
        key,
        success_action_status: '201',
        expires: String(expires),
        max: String(maxBytes),
        signature: this.sign(`POST\n${key}`, expires, maxBytes),
      },
    };
  }

  checkPostFields(fields: ReadonlyMap<string, string>): SignedCheck & { key?: string } {
    const key = fields.get('key');
    if (!key || !isObjectKey(key) || !key.startsWith('uploads/')) return { ok: false, reason: 'malformed' };
    const check = this.check(`POST\n${key}`, fields.get('expires'), fields.get('max'), fields.get('signature'));
    return check.ok ? { ...check, key } : check;
  }

  async storeObject(key: string, body: Readable, maxBytes: number): Promise<{ etag: string; size: number }> {
    const target = this.objectPath(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    return writeAside(body, maxBytes, `${target}.${crypto.randomUUID()}.part`, () => target);
  }

  async readHead(key: string, bytes: number): Promise<Buffer | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.objectPath(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async size(key: string): Promise<number | null> {
    const stat = await statOrNull(this.objectPath(key));
    return stat?.isFile() ? stat.size : null;
  }

  async deleteObject(key: string): Promise<void> {
    await fs.rm(this.objectPath(key), { force: true });
  }

  async promote(fromKey: string, toKey: string): Promise<void> {
    const target = this.objectPath(toKey);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(this.objectPath(fromKey), target);
  }

  async objectsOlderThan(prefix: string, before: number): Promise<string[]> {
    if (!/^[a-z]+\/$/.test(prefix)) throw new Error(`Unexpected prefix ${prefix}`);
    const dir = path.join(this.objectsRoot, prefix);
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const keys: string[] = [];
    for (const name of names) {
      const key = `${prefix}${name}`;
      if (!isObjectKey(key)) continue;
      const stat = await statOrNull(path.join(dir, name));
      if (stat && stat.mtimeMs < before) keys.push(key);
    }
    return keys;
  }

  async removeOrphans(before: number, isKnown: (uploadId: string) => Promise<boolean>): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(this.partsRoot);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      if (!UUID_NAME.test(name)) continue;
      const stat = await statOrNull(path.join(this.partsRoot, name));
      // The row is written before the directory, so an old directory without one is an orphan.
      if (!stat || stat.mtimeMs >= before || (await isKnown(name))) continue;
      await this.removeDir(name);
      removed++;
    }
    return removed;
  }

  /** Removes copies of `partNumber` older than the one just stored (`keep`); equal ones stay, listParts picks one. */
  private async removeOlderCopies(dir: string, partNumber: number, keep: string): Promise<void> {
    const kept = await statOrNull(path.join(dir, keep));
    if (!kept) return;
    for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
      if (name === keep || PART_FILE.exec(name)?.[1] !== String(partNumber)) continue;
      const stat = await statOrNull(path.join(dir, name));
      if (stat && stat.mtimeMs < kept.mtimeMs) await fs.rm(path.join(dir, name), { force: true });
    }
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
  private objectPath(key: string): string {
    assertObjectKey(key);
    const resolved = path.resolve(this.objectsRoot, ...key.split('/'));
    if (!resolved.startsWith(path.resolve(this.objectsRoot) + path.sep)) throw new Error(`Object key escapes the storage directory: ${key}`);
    return resolved;
  }

  private sign(subject: string, expires: number, maxBytes: number): string {
    return crypto.createHmac('sha256', this.secret).update(`${subject}\n${expires}\n${maxBytes}`).digest('base64url');
  }

  private check(subject: string, expires: unknown, max: unknown, sig: unknown): SignedCheck {
    if (typeof expires !== 'string' || typeof max !== 'string' || typeof sig !== 'string') return { ok: false, reason: 'malformed' };
    if (!/^\d{1,12}$/.test(expires) || !/^\d{1,13}$/.test(max)) return { ok: false, reason: 'malformed' };
    const expected = Buffer.from(this.sign(subject, Number(expires), Number(max)));
    const given = Buffer.from(sig);
    // Constant time, so the signature cannot be guessed byte by byte from response times.
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
    if (Number(expires) < nowSeconds()) return { ok: false, reason: 'expired' };
    return { ok: true, maxBytes: Number(max) };
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
  let file: fs.FileHandle;
  try {
    // Opened (created) before streaming, so a failed upload's clean-up cannot run before the file exists.
    file = await fs.open(temp, 'wx', 0o640);
  } catch (error) {
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
  }
}

async function statOrNull(file: string) {
  try {
    return await fs.stat(file);
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
