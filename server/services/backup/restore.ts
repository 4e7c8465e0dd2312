import crypto from 'node:crypto';
import { type Stats, constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { copyHandleHashed, exists, hashFile, isEmptyDir } from './files.ts';
import { BackupError, type FileEntry, type Manifest, OBJECTS_DIR, readManifest } from './manifest.ts';
import { type PgTools, countTables, postgresRowCounts, releasePostgresLease, restorePostgres } from './postgres.ts';
import { listBucket } from './s3.ts';
import { checkSqlite, releaseSqliteLease } from './sqlite.ts';

/** backupKey: BACKUP_KEY; when set, an unsigned or edited manifest is refused (docs/decisions/031-backup-manifest-signature.md). */
export type RestoreConfig = Pick<Config, 'database' | 'storage' | 'dataDir' | 'backupKey'>;

export interface RestoreOptions {
  /** Restore over what DATA_DIR (or the PostgreSQL database) already holds. */
  force?: boolean;
  tools?: PgTools;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Files copied into disk storage. */
  files: number;
  /**
   * Objects of the manifest's bucket list that the bucket no longer holds as listed (S3 only),
   * and a signed manifest restored without BACKUP_KEY (its signature was not checked).
   */
  warnings: string[];
  ms: number;
}

/**
 * Brings the backup in `source` into the configured DATA_DIR and database
 * (docs/decisions/025-backups.md). Nothing is written before the manifest and every path in
 * it is checked (the schema's path rules, then checkBackupPaths: no symbolic link, nothing
 * outside the staging folder) along with the manifest's signature when BACKUP_KEY is set; and
 * nothing is put in place before every file's SHA-256 and size, the database copy's hash,
 * SQLite's `PRAGMA integrity_check` and the row counts of every table are checked. The site
 * must not be running on the target while this runs.
 */
export async function restoreBackup(config: RestoreConfig, source: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const started = performance.now();
  const from = path.resolve(source);
  const manifest = await readManifest(from, { key: config.backupKey });
  const warnings: string[] = [];
  if (manifest.signature && config.backupKey === null) {
    warnings.push(
      `this backup's manifest is signed (key id ${manifest.signature.keyId}), but BACKUP_KEY is not set, so the signature was not checked.`,
    );
  }
  checkKinds(manifest, config);
  await checkTargetEmpty(config, options.force ?? false);

  const dataDir = path.resolve(config.dataDir);
  const staging = path.join(dataDir, `.restoring-${crypto.randomUUID()}`);
  const entries = [manifest.database.file, ...(manifest.storage.kind === 'disk' ? manifest.storage.files : [])];
  const found = await checkBackupPaths(from, staging, entries);

  const databaseSource = path.join(from, manifest.database.file.path);
  await verifyFile(databaseSource, manifest.database.file, found);

  await fs.mkdir(dataDir, { recursive: true });
  await fs.mkdir(staging);
  const sqliteStaged = config.database.dialect === 'sqlite' ? `${config.database.file}.restoring-${crypto.randomUUID()}` : null;
  try {
    // The files first, checked as they are copied: a damaged file stops the restore before the database is touched.
    let files = 0;
    if (manifest.storage.kind === 'disk') {
      for (const entry of manifest.storage.files) {
        await copyVerified(path.join(from, entry.path), path.join(staging, entry.path), entry, found);
        files++;
      }
    }

    if (config.database.dialect === 'sqlite' && sqliteStaged) {
      await fs.mkdir(path.dirname(sqliteStaged), { recursive: true });
      await copyVerified(databaseSource, sqliteStaged, manifest.database.file, found);
      const { problems, tables } = await checkSqlite(sqliteStaged);
      if (problems.length > 0) {
        throw new BackupError(
          `The database in the backup fails PRAGMA integrity_check; nothing was restored:\n  ${problems.slice(0, 10).join('\n  ')}`,
        );
      }
      compareRowCounts(manifest.database.tables, tables, 'Nothing was restored.');
      // In the copy, before it is in place: the lease comes back as the snapshot saw it (held, while the backup ran).
      await releaseSqliteLease(sqliteStaged);
      if (options.force) {
        for (const suffix of ['', '-wal', '-shm']) await fs.rm(`${config.database.file}${suffix}`, { force: true });
      }
      await fs.rename(sqliteStaged, config.database.file);
    } else if (config.database.dialect === 'postgres') {
      await restorePostgres(config.database.url, databaseSource, options.force ?? false, options.tools);
      compareRowCounts(
        manifest.database.tables,
        await postgresRowCounts(config.database.url),
        'The database now holds what pg_restore wrote; drop it and create it empty before trying again.',
      );
      await releasePostgresLease(config.database.url);
    }

    if (manifest.storage.kind === 'disk' && config.storage.kind === 'disk') {
      const objects = path.join(staging, OBJECTS_DIR);
      if (options.force) await fs.rm(config.storage.dir, { recursive: true, force: true });
      await fs.mkdir(path.dirname(config.storage.dir), { recursive: true });
      if (files > 0) await fs.rename(objects, config.storage.dir);
      else await fs.mkdir(config.storage.dir, { recursive: true });
    }
    if (manifest.storage.kind === 's3' && config.storage.kind === 's3') warnings.push(...(await compareBucket(manifest, config.storage)));
    return { manifest, files, warnings, ms: performance.now() - started };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    if (sqliteStaged) for (const suffix of ['', '-wal', '-shm', '-journal']) await fs.rm(`${sqliteStaged}${suffix}`, { force: true });
  }
}

/** A file of the backup as checkBackupPaths found it: copies must open this very file. */
type FoundFiles = Map<string, { dev: number; ino: number }>;

/**
 * Every path of the manifest, before anything is written (issue 36): it must resolve inside
 * the backup folder and inside the staging folder (the schema's rules already make sure of
 * it; this is the second lock), and every component of it inside the backup folder must be a
 * real directory or, last, a regular file: a symbolic link anywhere (the database file, an
 * object, `objects` itself) is refused, not followed. The backup folder itself may be a link
 * (an operator's `latest`).
 */
async function checkBackupPaths(from: string, staging: string, entries: FileEntry[]): Promise<FoundFiles> {
  const found: FoundFiles = new Map();
  const directories = new Set<string>();
  for (const entry of entries) {
    const source = path.resolve(from, entry.path);
    const target = path.resolve(staging, entry.path);
    if (!source.startsWith(`${from}${path.sep}`) || !target.startsWith(`${staging}${path.sep}`)) {
      throw new BackupError(`${JSON.stringify(entry.path)} in the manifest leads outside the backup or DATA_DIR. Nothing was restored.`);
    }
    const segments = entry.path.split('/');
    let relative = '';
    for (const [index, segment] of segments.entries()) {
      relative = relative ? `${relative}/${segment}` : segment;
      const last = index === segments.length - 1;
      if (!last && directories.has(relative)) continue;
      let stat: Stats;
      try {
        stat = await fs.lstat(path.join(from, relative));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') throw new BackupError(`${entry.path} is missing from the backup; nothing was restored.`);
        throw error;
      }
      if (stat.isSymbolicLink()) {
        throw new BackupError(
          `${entry.path}: ${relative} in the backup is a symbolic link; a backup's files are never followed out of its folder. Nothing was restored.`,
        );
      }
      if (!last && !stat.isDirectory()) throw new BackupError(`${entry.path}: ${relative} in the backup is not a directory. Nothing was restored.`);
      if (last && !stat.isFile()) throw new BackupError(`${entry.path} in the backup is not a regular file. Nothing was restored.`);
      if (last) found.set(entry.path, { dev: stat.dev, ino: stat.ino });
      else directories.add(relative);
    }
  }
  return found;
}

/**
 * Opens a file of the backup without following a link, and only if it is the file
 * checkBackupPaths found (same device and inode): a path swapped for a link since then is refused.
 */
async function openFound(file: string, entry: FileEntry, found: FoundFiles): Promise<fs.FileHandle> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`${entry.path} is missing from the backup; nothing was restored.`);
    if (code === 'ELOOP') throw new BackupError(`${entry.path} in the backup is a symbolic link. Nothing was restored.`);
    throw error;
  }
  const stat = await handle.stat();
  const expected = found.get(entry.path);
  if (!expected || stat.dev !== expected.dev || stat.ino !== expected.ino) {
    await handle.close();
    throw new BackupError(`${entry.path} in the backup was replaced while the restore ran. Nothing was restored.`);
  }
  return handle;
}

function checkKinds(manifest: Manifest, config: RestoreConfig): void {
  if (manifest.dialect !== config.database.dialect) {
    throw new BackupError(
      manifest.dialect === 'sqlite'
        ? 'This is a backup of a SQLite database, but DATABASE_URL points at PostgreSQL; restore it with DATABASE_URL unset (or a file: URL).'
        : 'This is a backup of a PostgreSQL database; set DATABASE_URL to an empty PostgreSQL database to restore it.',
    );
  }
  if (manifest.storage.kind !== config.storage.kind) {
    throw new BackupError(
      manifest.storage.kind === 'disk'
        ? 'This backup holds disk storage\'s files, but S3_BUCKET is set; restore it with S3_BUCKET unset.'
        : `This backup's files are in the bucket ${manifest.storage.bucket}; set S3_BUCKET (and S3_ENDPOINT if any) to restore it.`,
    );
  }
}

async function checkTargetEmpty(config: RestoreConfig, force: boolean): Promise<void> {
  if (force) return;
  if (!(await isEmptyDir(config.dataDir))) {
    throw new BackupError(
      `DATA_DIR ${config.dataDir} is not empty; restore into an empty directory, or pass --force to replace its database and files (stop the site first).`,
    );
  }
  if (config.database.dialect === 'sqlite' && (await exists(config.database.file))) {
    throw new BackupError(`The SQLite database ${config.database.file} already exists; pass --force to replace it (stop the site first).`);
  }
  if (config.database.dialect === 'postgres') {
    const tables = await countTables(config.database.url);
    if (tables > 0) {
      throw new BackupError(
        `The PostgreSQL database of DATABASE_URL is not empty (${tables} tables); restore into a new, empty database, or pass --force to replace what it holds.`,
      );
    }
  }
}

/** Checks a file of the backup against its manifest entry without copying it. */
async function verifyFile(file: string, entry: FileEntry, found: FoundFiles): Promise<void> {
  mismatch(entry, await hashFile(await openFound(file, entry, found)));
}

async function copyVerified(from: string, to: string, entry: FileEntry, found: FoundFiles): Promise<void> {
  const copied = await copyHandleHashed(await openFound(from, entry, found), to, { exclusive: true });
  mismatch(entry, copied);
}

function mismatch(entry: FileEntry, actual: { size: number; sha256: string }): void {
  if (actual.sha256 !== entry.sha256 || actual.size !== entry.size) {
    throw new BackupError(
      `${entry.path} does not match the manifest (SHA-256 ${actual.sha256}, ${actual.size} bytes; the manifest says ${entry.sha256}, ` +
        `${entry.size} bytes): the backup was changed or damaged after it was taken. Nothing was restored.`,
    );
  }
}

function compareRowCounts(expected: Record<string, number>, actual: Record<string, number>, consequence: string): void {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  const differences = names
    .filter((name) => expected[name] !== actual[name])
    .map((name) => `${name}: ${actual[name] ?? 'missing'} rows, the manifest says ${expected[name] ?? 'no such table'}`);
  if (differences.length > 0) {
    throw new BackupError(`The restored database's row counts differ from the manifest's. ${consequence}\n  ${differences.join('\n  ')}`);
  }
}

async function compareBucket(manifest: Manifest, storage: Extract<RestoreConfig['storage'], { kind: 's3' }>): Promise<string[]> {
  if (manifest.storage.kind !== 's3') return [];
  const now = new Map((await listBucket(storage)).map((object) => [object.key, object]));
  const warnings: string[] = [];
  for (const object of manifest.storage.objects) {
    const current = now.get(object.key);
    if (!current) warnings.push(`${object.key} is no longer in the bucket: restore it from the bucket's versions (ETag ${object.etag}).`);
    else if (current.etag !== object.etag) warnings.push(`${object.key} changed since the backup (ETag ${current.etag}, was ${object.etag}).`);
  }
  return warnings;
}
