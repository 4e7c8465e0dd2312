import { describe, expect, it } from 'vitest';
import {
  UPLOAD_RECORDS_KEY,
  UPLOAD_RECORD_MAX_AGE_MS,
  fileFingerprint,
  findUploadRecord,
  removeUploadRecord,
  saveUploadRecord,
} from '~/features/documents/document-upload-record';
import { formatSize, formatSizeOf } from '~/features/documents/document-upload-size';
import {
  PART_RETRY_DELAYS,
  companionRetryDelay,
  isRetryable,
  partRetryDelay,
  planParts,
  rateLimitPause,
} from '~/features/documents/document-upload-policy';
import { MAX_PARTS, MIN_PART_BYTES } from '@domain/documents/upload-limits';

/** The Upload Document dialog's pure helpers for large files (issue 13, docs/documents.md). */

/** A Storage in memory, as localStorage behaves; `failWrites` stands for a full or refused one. */
function memoryStorage(failWrites = false): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => {
      if (failWrites) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, String(value));
    },
  };
}

describe('formatSize: B to YB in steps of 1024', () => {
  it('names every unit, one decimal under 10 up to MB, two from GB, none when whole', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1)).toBe('1 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(10.4 * 1024)).toBe('10 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatSize(104_857_600)).toBe('100 MB');
    expect(formatSize(104_857_600 + 1024 * 1024 + 4321)).toBe('101 MB');
    expect(formatSize(1.5 * 1024 ** 3)).toBe('1.50 GB');
    expect(formatSize(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatSize(2.25 * 1024 ** 4)).toBe('2.25 TB');
    expect(formatSize(1024 ** 5)).toBe('1 PB');
    expect(formatSize(1024 ** 6)).toBe('1 EB');
    expect(formatSize(1024 ** 7)).toBe('1 ZB');
    expect(formatSize(1024 ** 8)).toBe('1 YB');
    // Beyond YB the unit stays YB.
    expect(formatSize(2048 * 1024 ** 8)).toBe('2048 YB');
  });

  it('shows nothing strange for sizes that are not sizes', () => {
    expect(formatSize(-5)).toBe('0 B');
    expect(formatSize(Number.NaN)).toBe('0 B');
    expect(formatSize(Number.POSITIVE_INFINITY)).toBe('0 B');
  });

  it('says "x of y"', () => {
    expect(formatSizeOf(60 * 1024 * 1024, 120 * 1024 * 1024)).toBe('60 MB of 120 MB');
  });
});

describe('the record of unfinished uploads, per file fingerprint', () => {
  const file = { name: 'bundle.pdf', size: 120 * 1024 * 1024, lastModified: 1_700_000_000_000, type: 'application/pdf' };
  const fields = { title: 'Bundle', description: '', category: 'spec-sheets' };
  const now = 1_800_000_000_000;

  it('the fingerprint is name, size, lastModified and type: a change in any is another file', () => {
    const base = fileFingerprint(file);
    expect(fileFingerprint({ ...file })).toBe(base);
    for (const other of [{ name: 'Bundle.pdf' }, { size: file.size + 1 }, { lastModified: file.lastModified + 1 }, { type: 'application/octet-stream' }]) {
      expect(fileFingerprint({ ...file, ...other })).not.toBe(base);
    }
    // No separator tricks: a comma in the name is not a field boundary.
    expect(fileFingerprint({ ...file, name: 'a,1' })).not.toBe(fileFingerprint({ ...file, name: 'a' }));
  });

  it('saves, finds and removes a record; other files keep theirs', () => {
    const storage = memoryStorage();
    expect(findUploadRecord(file, storage, now)).toBeNull();
    saveUploadRecord(file, { uploadId: 'u-1', key: 'documents/u-1', fields }, storage, now);
    saveUploadRecord({ ...file, name: 'other.pdf' }, { uploadId: 'u-2', key: 'documents/u-2', fields }, storage, now);
    expect(findUploadRecord(file, storage, now)).toEqual({ uploadId: 'u-1', key: 'documents/u-1', fields, savedAt: now });
    expect(findUploadRecord({ ...file, lastModified: 1 }, storage, now)).toBeNull();

    removeUploadRecord(file, storage, now);
    expect(findUploadRecord(file, storage, now)).toBeNull();
    expect(findUploadRecord({ ...file, name: 'other.pdf' }, storage, now)?.uploadId).toBe('u-2');
    removeUploadRecord({ ...file, name: 'other.pdf' }, storage, now);
    // Nothing left: the key itself goes.
    expect(storage.getItem(UPLOAD_RECORDS_KEY)).toBeNull();
  });

  it('holds only the upload id, key and fields: nothing of the file itself', () => {
    const storage = memoryStorage();
    saveUploadRecord(file, { uploadId: 'u-1', key: 'documents/u-1', fields }, storage, now);
    const stored = JSON.parse(storage.getItem(UPLOAD_RECORDS_KEY) ?? '{}') as Record<string, object>;
    expect(Object.values(stored)).toEqual([{ uploadId: 'u-1', key: 'documents/u-1', fields, savedAt: now }]);
  });

  it('forgets records older than a week', () => {
    const storage = memoryStorage();
    saveUploadRecord(file, { uploadId: 'u-1', key: 'documents/u-1', fields }, storage, now);
    expect(findUploadRecord(file, storage, now + UPLOAD_RECORD_MAX_AGE_MS - 1)).not.toBeNull();
    expect(findUploadRecord(file, storage, now + UPLOAD_RECORD_MAX_AGE_MS)).toBeNull();
  });

  it('treats unreadable storage as empty: bad JSON, wrong shapes, no storage, a full one', () => {
    const storage = memoryStorage();
    storage.setItem(UPLOAD_RECORDS_KEY, '{not json');
    expect(findUploadRecord(file, storage, now)).toBeNull();
    storage.setItem(UPLOAD_RECORDS_KEY, JSON.stringify([1, 2]));
    expect(findUploadRecord(file, storage, now)).toBeNull();
    storage.setItem(UPLOAD_RECORDS_KEY, JSON.stringify({ [fileFingerprint(file)]: { uploadId: 1, key: 'k', fields, savedAt: now } }));
    expect(findUploadRecord(file, storage, now)).toBeNull();
    storage.setItem(UPLOAD_RECORDS_KEY, JSON.stringify({ [fileFingerprint(file)]: { uploadId: 'u', key: 'k', fields: { title: 'x' }, savedAt: now } }));
    expect(findUploadRecord(file, storage, now)).toBeNull();
    // A bad entry does not stop a good one being saved beside it.
    saveUploadRecord({ ...file, name: 'b.pdf' }, { uploadId: 'u-3', key: 'documents/u-3', fields }, storage, now);
    expect(findUploadRecord({ ...file, name: 'b.pdf' }, storage, now)?.uploadId).toBe('u-3');

    expect(findUploadRecord(file, null, now)).toBeNull();
    expect(() => saveUploadRecord(file, { uploadId: 'u', key: 'k', fields }, null, now)).not.toThrow();
    const full = memoryStorage(true);
    expect(() => saveUploadRecord(file, { uploadId: 'u', key: 'k', fields }, full, now)).not.toThrow();
    expect(findUploadRecord(file, full, now)).toBeNull();
  });
});

describe('the transfer policy', () => {
  it('cuts a file in 5 MiB parts, numbered from 1, the last one shorter', () => {
    const size = 104_857_600 + 1024 * 1024 + 4321;
    const parts = planParts(size);
    expect(parts).toHaveLength(21);
    expect(parts[0]).toEqual({ partNumber: 1, start: 0, end: MIN_PART_BYTES });
    expect(parts[20]).toEqual({ partNumber: 21, start: 20 * MIN_PART_BYTES, end: size });
    for (const [index, part] of parts.entries()) {
      if (index > 0) expect(part.start).toBe(parts[index - 1]?.end);
      if (index < parts.length - 1) expect(part.end - part.start).toBe(MIN_PART_BYTES);
    }
    expect(planParts(1)).toEqual([{ partNumber: 1, start: 0, end: 1 }]);
    expect(planParts(0)).toEqual([]);
    expect(planParts(-1)).toEqual([]);
    expect(planParts(1.5)).toEqual([]);
  });

  it('never makes more than 10,000 parts: larger parts for a huge file', () => {
    const huge = 5 * 1024 ** 4; // 5 TiB
    const parts = planParts(huge);
    expect(parts.length).toBeLessThanOrEqual(MAX_PARTS);
    expect(parts.at(-1)?.end).toBe(huge);
    expect((parts[0]?.end ?? 0) - (parts[0]?.start ?? 0)).toBeGreaterThan(MIN_PART_BYTES);
    expect(planParts(MAX_PARTS * MIN_PART_BYTES)).toHaveLength(MAX_PARTS);
    expect(planParts(MAX_PARTS * MIN_PART_BYTES + 1).length).toBeLessThanOrEqual(MAX_PARTS);
  });

  it('retries no answer, 408, 409, 418, 423, 429 and 5xx but 501 and 505; and an expired signature', () => {
    for (const status of [0, 408, 409, 418, 423, 429, 500, 502, 503, 504, 599]) expect(isRetryable(status), String(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 413, 415, 501, 505]) expect(isRetryable(status), String(status)).toBe(false);
    expect(isRetryable(403, '<Error><Message>Request has expired</Message></Error>')).toBe(true);
    expect(isRetryable(403, '{"message":"This upload URL is invalid or has expired."}')).toBe(true);
    expect(isRetryable(403, '{"message":"Forbidden"}')).toBe(false);
  });

  it('waits 0, 1, 3 and 5 seconds between a part’s tries, then gives up', () => {
    expect(PART_RETRY_DELAYS).toEqual([0, 1000, 3000, 5000]);
    expect([0, 1, 2, 3, 4].map(partRetryDelay)).toEqual([0, 1000, 3000, 5000, undefined]);
  });

  it('retries a companion call ten times, then gives up; a 429 holds everyone at least a second', () => {
    const delays = Array.from({ length: 11 }, (_, attempt) => companionRetryDelay(attempt));
    expect(delays).toEqual([0, 1000, 3000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, undefined]);
    expect([0, 1, 2, 3, 9].map(rateLimitPause)).toEqual([1000, 1000, 3000, 5000, 5000]);
  });
});
