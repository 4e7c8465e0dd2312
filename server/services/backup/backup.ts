import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../../config.ts';
import { copyObjects, exists, hashFile, isEmptyDir } from './files.ts';
import {
  BackupError,
  DATABASE_FILES,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_FILE,
  type Manifest,
  OBJECTS_DIR,
  appVersion,
  signManifest,
} from './manifest.ts';
import { type PgTools, dumpPostgres } from './postgres.ts';
import { listBucket } from './s3.ts';
import { snapshotSqlite } from './sqlite.ts';

/** backupKey: BACKUP_KEY; when set, the manifest is signed with it (docs/decisions/031-backup-manifest-signature.md). */
export type BackupConfig = Pick<Config, 'database' | 'storage' | 'dataDir' | 'backupKey'>;

export interface BackupOptions {
  /** Write into a directory that is not empty (replacing a backup there). */
  force?: boolean;
  /** Stops the backup (server shutdown); what was written so far is removed. */
  signal?: AbortSignal;
  tools?: PgTools;
}

export interface BackupResult {
  dir: string;
  manifest: Manifest;
  /** Bytes written: the database copy and the files. */
  bytes: number;
  ms: number;
}

/** What a backup directory holds besides things of the operator's own; --force removes only these. */
const OWN_ENTRIES = [MANIFEST_FILE, DATABASE_FILES.sqlite, DATABASE_FILES.postgres, OBJECTS_DIR];
const TEMP_PREFIX = '.incomplete-';

const DISK_NOTE =
  'Files were copied in two passes around the database snapshot (before it, then the ones added since), so every file a row ' +
  'of the snapshot names is here; files written while the backup ran may be here too without a row naming them, and are harmless.';
const S3_NOTE =
  'The files are not in this backup: the bucket keeps them, and the bucket\'s own versioning (or replication) is their backup. ' +
  'This list names the objects (key, size, ETag) the bucket held when the database snapshot was taken.';

/**
 * Takes a backup of the running site into `target` (docs/decisions/025-backups.md): a
 * consistent database snapshot, disk storage's files around it, and manifest.json written
 * last. Everything is written into a temporary directory inside `target` first and moved into
 * place at the end, manifest last, so an interrupted backup never looks complete.
 */
export async function createBackup(config: BackupConfig, target: string, options: BackupOptions = {}): Promise<BackupResult> {
  const started = performance.now();
  const dir = path.resolve(target);
  const { signal } = options;
  if (!(await isEmptyDir(dir))) {
    if (!options.force) {
      throw new BackupError(`${dir} exists and is not empty; choose an empty or new directory, or pass --force to replace the backup in it.`);
    }
    await clearOwnEntries(dir);
  }
  const createdDir = !(await exists(dir));
  await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `${TEMP_PREFIX}${crypto.randomUUID()}`);
  await fs.mkdir(temp);
  try {
    const unsigned = await writeBackup(config, temp, options.tools ?? {}, signal);
    // Signed over everything it says, the files' hashes included, so no file can be changed unnoticed by someone without the key.
    const manifest: Manifest = config.backupKey ? { ...unsigned, signature: signManifest(unsigned, config.backupKey) } : unsigned;
    const entries = [DATABASE_FILES[manifest.dialect], ...(manifest.storage.kind === 'disk' ? [OBJECTS_DIR] : [])];
    for (const entry of entries) {
      if (await exists(path.join(temp, entry))) await fs.rename(path.join(temp, entry), path.join(dir, entry));
    }
    await fs.writeFile(path.join(temp, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.rename(path.join(temp, MANIFEST_FILE), path.join(dir, MANIFEST_FILE));
    await fs.rm(temp, { recursive: true, force: true });
    const fileBytes = manifest.storage.kind === 'disk' ? manifest.storage.files.reduce((sum, file) => sum + file.size, 0) : 0;
    return { dir, manifest, bytes: manifest.database.file.size + fileBytes, ms: performance.now() - started };
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    // A folder the operator made (perhaps a mount point) stays, empty; one made here goes.
    if (createdDir) await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function writeBackup(config: BackupConfig, temp: string, tools: PgTools, signal?: AbortSignal): Promise<Manifest> {
  const { database, storage } = config;
  const databaseFile = DATABASE_FILES[database.dialect];
  const objectsTarget = path.join(temp, OBJECTS_DIR);

  // Pass 1, before the snapshot: every file that exists now, so one a row names is here even
  // when it is deleted before the backup ends.
  const before = storage.kind === 'disk' ? await copyObjects(storage.dir, objectsTarget, `${OBJECTS_DIR}/`, new Set(), signal) : [];
  signal?.throwIfAborted();

  let tables: Record<string, number>;
  let named: string[];
  if (database.dialect === 'sqlite') {
    tables = await snapshotSqlite(database.file, path.join(temp, databaseFile));
    named = namedKeysInSqlite(path.join(temp, databaseFile));
  } else {
    const dumped = await dumpPostgres<DocumentFiles>(database.url, path.join(temp, databaseFile), DOCUMENT_FILES_QUERY, tools, signal);
    tables = dumped.tables;
    named = keysOf(dumped.rows);
  }
  signal?.throwIfAborted();
  const databaseHash = await hashFile(path.join(temp, databaseFile), signal);

  let storageEntry: Manifest['storage'];
  if (storage.kind === 'disk') {
    // Pass 2, after the snapshot: the files added since pass 1, which rows of the snapshot may name.
    const copied = new Set(before.map((file) => file.path.slice(OBJECTS_DIR.length + 1)));
    const after = await copyObjects(storage.dir, objectsTarget, `${OBJECTS_DIR}/`, copied, signal);
    for (const file of after) copied.add(file.path.slice(OBJECTS_DIR.length + 1));
    const missing = named.filter((key) => !copied.has(key));
    if (missing.length > 0) {
      throw new BackupError(
        `The database names ${missing.length} stored file(s) that were deleted while the backup ran (${missing.slice(0, 5).join(', ')}); ` +
          'nothing was kept. Run the backup again.',
      );
    }
    const files = [...before, ...after].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    storageEntry = { kind: 'disk', files, note: DISK_NOTE };
  } else {
    storageEntry = { kind: 's3', bucket: storage.bucket, endpoint: storage.endpoint, objects: await listBucket(storage), note: S3_NOTE };
  }

  return {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    appVersion: await appVersion(),
    dialect: database.dialect,
    database: {
      file: { path: databaseFile, ...databaseHash },
      method: database.dialect === 'sqlite' ? 'VACUUM INTO' : 'pg_dump -Fc',
      tables,
    },
    storage: storageEntry,
  };
}

const DOCUMENT_FILES_QUERY = 'select object_key, carousel_images from documents';

interface DocumentFiles {
  object_key: string;
  carousel_images: string | null;
}

/** Object keys the documents of a snapshot name: each document's file and its carousel images (/objects/<key>). */
function keysOf(rows: DocumentFiles[]): string[] {
  const keys: string[] = [];
  for (const row of rows) {
    keys.push(row.object_key);
    try {
      const images = JSON.parse(row.carousel_images ?? '[]') as unknown;
      if (Array.isArray(images)) {
        for (const image of images) if (typeof image === 'string' && image.startsWith('/objects/')) keys.push(image.slice('/objects/'.length));
      }
    } catch {
      // A malformed list names no files; the documents service reads it the same way.
    }
  }
  return keys;
}

function namedKeysInSqlite(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return keysOf(db.prepare(DOCUMENT_FILES_QUERY).all() as DocumentFiles[]);
  } finally {
    db.close();
  }
}

async function clearOwnEntries(dir: string): Promise<void> {
  // The manifest first: from here on the directory no longer claims to hold a complete backup.
  await fs.rm(path.join(dir, MANIFEST_FILE), { force: true });
  for (const name of await fs.readdir(dir)) {
    if (OWN_ENTRIES.includes(name) || name.startsWith(TEMP_PREFIX)) await fs.rm(path.join(dir, name), { recursive: true, force: true });
  }
}
