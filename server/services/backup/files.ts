import crypto from 'node:crypto';
import { type Dirent, createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileEntry } from './manifest.ts';

/** Passes bytes through, counting them and hashing them with SHA-256. */
class Hasher extends Transform {
  readonly hash = crypto.createHash('sha256');
  size = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    callback(null, chunk);
  }
}

/**
 * Copies `from` to `to` (creating its directory), hashing the bytes on the way: the hash and
 * size are of what was written, read once. Resolves with null when `from` no longer exists
 * (a file deleted while the backup ran).
 */
export async function copyHashed(from: string, to: string, signal?: AbortSignal): Promise<{ size: number; sha256: string } | null> {
  let source: fs.FileHandle;
  try {
    source = await fs.open(from, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return copyHandleHashed(source, to, { signal });
}

/**
 * Copies the open file `source` (closed when done) to `to`, hashing the bytes on the way.
 * `exclusive` creates `to` only if nothing is there (O_EXCL, so not through a symbolic link
 * either): restore writes only new files into its staging folder.
 */
export async function copyHandleHashed(
  source: fs.FileHandle,
  to: string,
  options: { signal?: AbortSignal; exclusive?: boolean } = {},
): Promise<{ size: number; sha256: string }> {
  const { signal } = options;
  try {
    await fs.mkdir(path.dirname(to), { recursive: true });
  } catch (error) {
    await source.close();
    throw error;
  }
  const hasher = new Hasher();
  const target = createWriteStream(to, { flags: options.exclusive ? 'wx' : 'w' });
  await pipeline(source.createReadStream(), hasher, target, ...(signal ? [{ signal }] : []));
  return { size: hasher.size, sha256: hasher.hash.digest('hex') };
}

/** The SHA-256 and size of a file (a path, or an open handle, closed when done), read once. */
export async function hashFile(file: string | fs.FileHandle, signal?: AbortSignal): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const stream = typeof file === 'string' ? createReadStream(file, signal ? { signal } : {}) : file.createReadStream(signal ? { signal } : {});
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Every regular file under `dir`, as paths relative to it with forward slashes, sorted; [] when `dir` does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string) => {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(path.join(dir, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  await walk('');
  return found.sort();
}

/**
 * Disk storage's objects (DATA_DIR/objects/<key>) copied into `targetDir`, each with its hash.
 * Disk storage writes a file aside and renames it into place (server/storage/disk.ts), and a
 * key is a fresh UUID that is never written twice, so a file under its key is complete and
 * never changes: copying one file at a time is consistent per file. Files still being written
 * (`*.part` beside their key) are skipped; they are not objects yet.
 */
export async function copyObjects(
  objectsDir: string,
  targetDir: string,
  prefix: string,
  skip: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  for (const key of await listFiles(objectsDir)) {
    signal?.throwIfAborted();
    if (skip.has(key) || key.endsWith('.part')) continue;
    const copied = await copyHashed(path.join(objectsDir, key), path.join(targetDir, key), signal);
    if (copied) entries.push({ path: `${prefix}${key}`, ...copied });
  }
  return entries;
}

/** True when something (a file or a folder) is at `file`; any failure to look counts as nothing there. */
export async function exists(file: string): Promise<boolean> {
  try {
    await fs.stat(file);
    return true;
  } catch {
    return false;
  }
}

/** True when `dir` does not exist or holds nothing. */
export async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
    throw error;
  }
}
