import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UrlSigner } from './signed-url.ts';
import { type ByteRange, type ObjectStorage, type PutOptions, ByteLimit, assertObjectKey } from './storage.ts';

/**
 * Objects as files under one directory (DATA_DIR/objects/<key>). A put is written to a
 * temporary file and renamed into place, so a reader never sees half a file and a failed
 * or oversized upload leaves nothing behind.
 */
export class DiskStorage implements ObjectStorage {
  readonly kind = 'disk';
  readonly uploadOrigin = null;

  constructor(
    private readonly root: string,
    private readonly signer: UrlSigner,
  ) {}

  async put(key: string, body: Readable, { maxBytes }: PutOptions): Promise<{ size: number }> {
    // The body may fail (a client hanging up) while the directory and file are being made,
    // before pipeline listens: that error must not go unhandled. pipeline still sees it.
    body.on('error', ignoreUntilPiped);
    const target = this.pathOf(key);
    const temp = `${target}.${crypto.randomUUID()}.part`;
    const limit = new ByteLimit(maxBytes);
    // Open (create) the file before streaming: a stream that opens lazily could create it
    // after a failed upload's clean-up had already run, leaving a stray .part file.
    let file: fs.FileHandle;
    try {
      await fs.mkdir(path.dirname(target), { recursive: true });
      file = await fs.open(temp, 'wx', 0o640);
    } catch (error) {
      body.destroy();
      throw error;
    }
    try {
      // pipeline closes the file (and the body) whichever way the copy ends.
      await pipeline(body, limit, file.createWriteStream());
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    } finally {
      body.off('error', ignoreUntilPiped);
    }
    return { size: limit.bytes };
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async head(key: string): Promise<{ size: number } | null> {
    try {
      const stat = await fs.stat(this.pathOf(key));
      return stat.isFile() ? { size: stat.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async presignPut(key: string, { expiresInSeconds, maxBytes }: { expiresInSeconds: number; maxBytes: number }): Promise<string> {
    assertObjectKey(key);
    return this.signer.signPut(key, Math.floor(Date.now() / 1000) + expiresInSeconds, maxBytes);
  }

  /** Only generated keys get here, and the resolved path is checked to stay inside the root all the same. */
  private pathOf(key: string): string {
    assertObjectKey(key);
    const resolved = path.resolve(this.root, ...key.split('/'));
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Object key escapes the storage directory: ${key}`);
    return resolved;
  }
}

/** See put(): an error of the body before pipeline attaches is reported by pipeline itself. */
function ignoreUntilPiped(): void {}
