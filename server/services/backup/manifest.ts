import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * manifest.json, the last file a backup writes (docs/decisions/025-backups.md): a backup
 * directory without one is unfinished or not a backup, and restore refuses it.
 */
export const MANIFEST_FILE = 'manifest.json';
export const FORMAT = 'vpv-website-backup';
export const FORMAT_VERSION = 1;

/** The database copy inside the backup directory, by dialect. */
export const DATABASE_FILES = { sqlite: 'database.sqlite', postgres: 'database.pgdump' } as const;
/** Disk storage's files, under their object keys. */
export const OBJECTS_DIR = 'objects';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex');
const size = z.number().int().min(0);

const fileEntry = z.object({ path: z.string().min(1), size, sha256 });
export type FileEntry = z.infer<typeof fileEntry>;

const s3Object = z.object({ key: z.string().min(1), size, etag: z.string(), lastModified: z.string().nullable() });
export type S3ObjectEntry = z.infer<typeof s3Object>;

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  appVersion: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  database: z.object({
    /** The database copy, relative to the backup directory, with its size and hash. */
    file: fileEntry,
    /** How it was taken: 'VACUUM INTO' or 'pg_dump -Fc'. */
    method: z.string(),
    /** Rows in every table, counted in the snapshot itself (not in the live database). */
    tables: z.record(z.string(), z.number().int().min(0)),
  }),
  storage: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('disk'),
      /** Every stored file, relative to the backup directory (objects/<key>). */
      files: z.array(fileEntry),
      note: z.string(),
    }),
    z.object({
      kind: z.literal('s3'),
      bucket: z.string(),
      endpoint: z.string().nullable(),
      /** The bucket's objects when the backup was taken: the files themselves are not in the backup. */
      objects: z.array(s3Object),
      note: z.string(),
    }),
  ]),
});
export type Manifest = z.infer<typeof manifestSchema>;

export class BackupError extends Error {
  override name = 'BackupError';
}

/** The manifest of the backup in `dir`, checked against the schema; a BackupError saying what is wrong otherwise. */
export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(
        `${file} does not exist: ${dir} is not a complete backup (a backup writes its manifest last, so an interrupted one has none).`,
      );
    }
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is not valid JSON.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`);
    throw new BackupError(`${file} is not a backup manifest this version understands:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** The app's version, from package.json at the repository root. */
export async function appVersion(): Promise<string> {
  const file = path.resolve(import.meta.dirname, '..', '..', '..', 'package.json');
  const pkg = JSON.parse(await fs.readFile(file, 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}
