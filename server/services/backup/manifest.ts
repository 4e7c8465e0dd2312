import crypto from 'node:crypto';
import { constants } from 'node:fs';
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

/**
 * Why a path from a manifest may not be used, or null when it may. A manifest is read from a
 * folder anyone with write access to it can edit (README, "Backups"), so its paths are taken
 * as hostile: relative, normalised, no `..` or `.` segment, no NUL, no backslash, no drive
 * letter. Where each path must lie (the database file's name, `objects/`) is checked over the
 * whole manifest below.
 */
export function unsafePathReason(value: string): string | null {
  if (value.includes('\0')) return 'has a NUL byte';
  if (value.includes('\\')) return 'has a backslash';
  if (value.startsWith('/') || /^[A-Za-z]:/.test(value)) return 'is absolute';
  if (value.split('/').some((segment) => segment === '..')) return 'has a ".." segment';
  if (path.posix.normalize(value) !== value || value.endsWith('/') || value.split('/').includes('.')) return 'is not a normalised relative path';
  return null;
}

const entryPath = z
  .string()
  .min(1)
  .superRefine((value, ctx) => {
    const reason = unsafePathReason(value);
    if (reason) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)} ${reason}; a backup's paths stay inside its folder` });
  });

const fileEntry = z.object({ path: entryPath, size, sha256 });
export type FileEntry = z.infer<typeof fileEntry>;

const s3Object = z.object({ key: z.string().min(1), size, etag: z.string(), lastModified: z.string().nullable() });
export type S3ObjectEntry = z.infer<typeof s3Object>;

/** What BACKUP_KEY puts in a manifest (docs/decisions/031-backup-manifest-signature.md). */
const signatureSchema = z.object({
  algorithm: z.literal('HMAC-SHA-256'),
  /** Which key signed (keyIdOf): tells "another key" from "edited" in restore's refusal; not a secret, not a proof. */
  keyId: z.string().regex(/^[0-9a-f]{16}$/, 'must be 16 hex digits'),
  value: z.string().regex(/^[0-9a-f]{64}$/, 'must be an HMAC-SHA-256 in hex'),
});
export type ManifestSignature = z.infer<typeof signatureSchema>;

const manifestObject = z.object({
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
  /** Present when BACKUP_KEY was set at backup time: an HMAC over everything else in the file. */
  signature: signatureSchema.optional(),
});

/** The manifest with where each path must lie: the database file by its one name, disk storage's files under objects/, none twice. */
export const manifestSchema = manifestObject.superRefine((manifest, ctx) => {
  const expected = DATABASE_FILES[manifest.dialect];
  if (manifest.database.file.path !== expected) {
    ctx.addIssue({
      code: 'custom',
      path: ['database', 'file', 'path'],
      message: `${JSON.stringify(manifest.database.file.path)} is not where a ${manifest.dialect} backup keeps its database (${expected})`,
    });
  }
  if (manifest.storage.kind !== 'disk') return;
  const seen = new Set<string>();
  manifest.storage.files.forEach((file, index) => {
    if (!file.path.startsWith(`${OBJECTS_DIR}/`)) {
      ctx.addIssue({
        code: 'custom',
        path: ['storage', 'files', index, 'path'],
        message: `${JSON.stringify(file.path)} is not under ${OBJECTS_DIR}/, where a backup keeps stored files`,
      });
    }
    if (seen.has(file.path)) {
      ctx.addIssue({ code: 'custom', path: ['storage', 'files', index, 'path'], message: `${JSON.stringify(file.path)} is listed twice` });
    }
    seen.add(file.path);
  });
});
export type Manifest = z.infer<typeof manifestSchema>;

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface ReadManifestOptions {
  /**
   * BACKUP_KEY: when a string, the manifest must carry a signature made with it (verifySignature);
   * when null or absent, a signature is read but not checked.
   */
  key?: string | null;
}

/**
 * The manifest of the backup in `dir`, checked against the schema (and against `key` when
 * given); a BackupError saying what is wrong otherwise. A manifest that is a symbolic link is
 * refused, as every other file of a backup is in restore.
 */
export async function readManifest(dir: string, options: ReadManifestOptions = {}): Promise<Manifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    const handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new BackupError(
        `${file} does not exist: ${dir} is not a complete backup (a backup writes its manifest last, so an interrupted one has none).`,
      );
    }
    if (code === 'ELOOP') throw new BackupError(`${file} is a symbolic link; a backup's files are never followed out of its folder. Nothing was restored.`);
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
    throw new BackupError(`${file} is not a backup manifest this version understands (nothing was restored):\n  ${problems.join('\n  ')}`);
  }
  if (typeof options.key === 'string') verifySignature(file, json as Record<string, unknown>, options.key);
  return parsed.data;
}

/**
 * The signature BACKUP_KEY gives a manifest (docs/decisions/031-backup-manifest-signature.md):
 * HMAC-SHA-256, keyed with the key's UTF-8 bytes, over canonicalJson of the whole manifest
 * object except its `signature` field. The manifest holds every file's SHA-256 and size, so
 * the signature covers the files too.
 */
export function signManifest(manifest: Omit<Manifest, 'signature'>, key: string): ManifestSignature {
  const { signature: _ignored, ...content } = manifest as Manifest;
  return { algorithm: 'HMAC-SHA-256', keyId: keyIdOf(key), value: hmac(key, content) };
}

/** A short, public name for a key: tells which key signed without revealing it (an HMAC of a fixed text). */
export function keyIdOf(key: string): string {
  return crypto.createHmac('sha256', key).update('vpv-website-backup key id').digest('hex').slice(0, 16);
}

function hmac(key: string, content: unknown): string {
  return crypto.createHmac('sha256', key).update(canonicalJson(content)).digest('hex');
}

/**
 * JSON with every object's keys sorted (by UTF-16 code unit) and no whitespace: the same bytes
 * for the same content however the file was laid out, so re-indenting a manifest keeps its signature.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Refuses a manifest (the parsed JSON, before the schema drops fields it does not know) whose
 * signature is missing or was not made with `key` over this very content. Everything in the
 * file is covered, fields this version does not read included.
 */
function verifySignature(file: string, json: Record<string, unknown>, key: string): void {
  const { signature, ...content } = json;
  const parsed = signatureSchema.safeParse(signature);
  if (signature === undefined || !parsed.success) {
    throw new BackupError(
      `${file} is not signed, and BACKUP_KEY is set: restore refuses a backup it cannot check. ` +
        'Restore it with BACKUP_KEY unset only if you trust everyone who could write to its folder. Nothing was restored.',
    );
  }
  const expected = Buffer.from(hmac(key, content), 'hex');
  const actual = Buffer.from(parsed.data.value, 'hex');
  if (actual.length !== expected.length || !crypto.timingSafeEqual(actual, expected)) {
    const keyId = keyIdOf(key);
    throw new BackupError(
      parsed.data.keyId === keyId
        ? `${file}'s signature does not match its content: the manifest (or a file it lists, with its hash) was edited after the backup was taken. Nothing was restored.`
        : `${file} was signed with another key (key id ${parsed.data.keyId}; this BACKUP_KEY's is ${keyId}), or edited. ` +
            'Restore it with the BACKUP_KEY that took it. Nothing was restored.',
    );
  }
}

/** The app's version, from package.json at the repository root. */
export async function appVersion(): Promise<string> {
  const file = path.resolve(import.meta.dirname, '..', '..', '..', 'package.json');
  const pkg = JSON.parse(await fs.readFile(file, 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}
