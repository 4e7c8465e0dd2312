import { z } from '@domain/zod';
import type { DocumentFieldValues } from './document-fields';

/**
 * The admin's own record of unfinished large uploads, so re-selecting a file after a reload,
 * a closed tab or a lost connection resumes it (docs/documents.md). Kept in localStorage of the
 * admin's browser (never a cookie: nothing of it goes to the server unasked), one entry per
 * file fingerprint: name, size, lastModified and type. The entry holds the upload's
 * `{uploadId, key}` and the fields it was started with (the server recorded those), and is
 * removed when the upload completes, is cancelled, or the server no longer knows it.
 */

export interface UploadRecord {
  uploadId: string;
  key: string;
  fields: DocumentFieldValues;
  /** When it was started (ms since the epoch): records older than a week are dropped. */
  savedAt: number;
}

/** Only what is needed to tell files apart: a File, or its plain description. */
export interface FileIdentity {
  name: string;
  size: number;
  lastModified: number;
  type: string;
}

export const UPLOAD_RECORDS_KEY = 'vpv.documentUploads.v1';
/** The server keeps an unfinished upload at least a day; after a week it is surely gone. */
export const UPLOAD_RECORD_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function fileFingerprint(file: FileIdentity): string {
  return JSON.stringify([file.name, file.size, file.lastModified, file.type]);
}

type Records = Record<string, UploadRecord>;

const recordSchema = z.object({
  uploadId: z.string(),
  key: z.string(),
  savedAt: z.number(),
  fields: z.object({ title: z.string(), description: z.string(), category: z.string() }),
});

/** Every valid, recent record; anything unreadable counts as none (storage off, bad JSON, old shape). */
function readAll(storage: Storage | null, now: number): Records {
  if (!storage) return {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(UPLOAD_RECORDS_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const records: Records = {};
    for (const [fingerprint, value] of Object.entries(parsed)) {
      const record = recordSchema.safeParse(value);
      if (record.success && now - record.data.savedAt < UPLOAD_RECORD_MAX_AGE_MS) records[fingerprint] = record.data;
    }
    return records;
  } catch {
    return {};
  }
}

function writeAll(storage: Storage | null, records: Records): void {
  if (!storage) return;
  try {
    if (Object.keys(records).length === 0) storage.removeItem(UPLOAD_RECORDS_KEY);
    else storage.setItem(UPLOAD_RECORDS_KEY, JSON.stringify(records));
  } catch {
    // Storage full or refused: the upload goes on, it just cannot be resumed after a reload.
  }
}

/** The browser's localStorage, or null where there is none (or it is refused). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function findUploadRecord(file: FileIdentity, storage = browserStorage(), now = Date.now()): UploadRecord | null {
  return readAll(storage, now)[fileFingerprint(file)] ?? null;
}

export function saveUploadRecord(file: FileIdentity, record: Omit<UploadRecord, 'savedAt'>, storage = browserStorage(), now = Date.now()): void {
  const records = readAll(storage, now);
  records[fileFingerprint(file)] = { ...record, savedAt: now };
  writeAll(storage, records);
}

export function removeUploadRecord(file: FileIdentity, storage = browserStorage(), now = Date.now()): void {
  const records = readAll(storage, now);
  delete records[fileFingerprint(file)];
  writeAll(storage, records);
}
