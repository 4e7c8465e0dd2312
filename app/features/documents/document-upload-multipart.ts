import { SINGLE_REQUEST_MAX_BYTES } from '@domain/documents/upload-limits';
import { ApiError, apiJson } from '~/lib/api';
import { type UploadRecord, findUploadRecord, removeUploadRecord } from './document-upload-record';

/**
 * What the Upload Document dialog needs of the multipart path before Uppy loads: whether a
 * file goes in parts, the loader of the Uppy code (a separate chunk, fetched only when an
 * admin picks a large file), and whether the file was partly uploaded before.
 */

export function goesInParts(file: File): boolean {
  return file.size > SINGLE_REQUEST_MAX_BYTES;
}

/** The Uppy code: imported on demand so neither visitors nor small uploads download it. */
export function loadMultipart() {
  return import('./document-upload-parts');
}

export interface ResumeInfo {
  record: UploadRecord;
  /** Bytes the server has already (the parts listed). */
  storedBytes: number;
}

/**
 * The unfinished upload of this file, if this browser started one and the server still has
 * it (its parts listed). A 404 means it is gone (completed, cancelled, swept): the record goes.
 * Any other failure keeps the record and reports nothing: the upload then lists again itself.
 */
export async function findResumable(file: File): Promise<ResumeInfo | null> {
  const record = findUploadRecord(file);
  if (!record) return null;
  try {
    const path = `/api/uploads/s3/multipart/${encodeURIComponent(record.uploadId)}?${new URLSearchParams({ key: record.key })}`;
    const parts = await apiJson<Array<{ Size?: number }>>('GET', path);
    return { record, storedBytes: parts.reduce((sum, part) => sum + (part.Size ?? 0), 0) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) removeUploadRecord(file);
    return error instanceof ApiError && error.status === 404 ? null : { record, storedBytes: 0 };
  }
}
