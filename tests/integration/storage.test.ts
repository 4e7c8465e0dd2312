import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createStorage } from '../../server/storage/create-storage.ts';
import { UrlSigner, loadUrlSecret } from '../../server/storage/signed-url.ts';
import { type Storage, ObjectTooLargeError, objectKeys, readToBuffer } from '../../server/storage/storage.ts';
import { type TestS3, startTestS3 } from '../helpers/s3.ts';

const backends = ['disk', 's3'] as const;

function bytes(size: number, seed = 1): Buffer {
  const buffer = Buffer.alloc(size);
  for (let index = 0; index < size; index++) buffer[index] = (index * 31 + seed) % 251;
  return buffer;
}

async function read(storage: Storage, key: string, range?: { start: number; end: number }): Promise<Buffer | null> {
  const stream = await storage.get(key, range);
  return stream ? readToBuffer(stream, 64 * 1024 * 1024) : null;
}

describe.each(backends)('object storage on %s', (backend) => {
  let dataDir: string;
  let s3: TestS3 | undefined;
  let storage: Storage;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vpv-storage-'));
    s3 = backend === 's3' ? await startTestS3() : undefined;
    const config = loadConfig({ DATA_DIR: dataDir, ...(s3?.env ?? {}) });
    storage = await createStorage(config);
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a stream and gives back the same bytes, its size, and a byte range', async () => {
    const key = objectKeys.document('pdf');
    const content = bytes(70_000);
    expect(await storage.put(key, Readable.from([content.subarray(0, 1000), content.subarray(1000)]), { maxBytes: 100_000 })).toEqual({
      size: 70_000,
    });
    expect(await storage.head(key)).toEqual({ size: 70_000 });
    expect((await read(storage, key))?.equals(content)).toBe(true);
    expect((await read(storage, key, { start: 100, end: 199 }))?.equals(content.subarray(100, 200))).toBe(true);
  });

  it('streams a file larger than one S3 part (multipart) without changing a byte', async () => {
    const key = objectKeys.document('mp4');
    const content = bytes(19 * 1024 * 1024, 7);
    const chunks = Array.from({ length: 19 }, (_, index) => content.subarray(index * 1024 * 1024, (index + 1) * 1024 * 1024));
    expect(await storage.put(key, Readable.from(chunks), { maxBytes: 20 * 1024 * 1024 })).toEqual({ size: content.length });
    const stored = await read(storage, key);
    expect(stored?.length).toBe(content.length);
    expect(crypto.createHash('sha256').update(stored ?? '').digest('hex')).toBe(crypto.createHash('sha256').update(content).digest('hex'));
    await storage.delete(key);
  });

  it('refuses more than maxBytes and leaves nothing behind', async () => {
    const key = objectKeys.document('pdf');
    await expect(storage.put(key, Readable.from([bytes(6000)]), { maxBytes: 5000 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await storage.head(key)).toBeNull();
    const bigKey = objectKeys.document('mp4');
    const chunks = Array.from({ length: 12 }, () => bytes(1024 * 1024));
    await expect(storage.put(bigKey, Readable.from(chunks), { maxBytes: 10 * 1024 * 1024 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await storage.head(bigKey)).toBeNull();
    if (backend === 'disk') {
      const leftovers = fs.readdirSync(path.join(dataDir, 'objects', 'documents')).filter((name) => name.endsWith('.part'));
      expect(leftovers).toEqual([]);
    }
    if (s3) expect((await s3.listKeys()).filter((name) => name === key || name === bigKey)).toEqual([]);
  });

  it('answers null for a missing object and deletes idempotently', async () => {
    const key = objectKeys.document('pdf');
    expect(await storage.head(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
    await storage.put(key, Readable.from([Buffer.from('%PDF-1.4')]), { maxBytes: 100 });
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
  });

  it.each(['../../etc/passwd', 'documents/../../escape.pdf', '/etc/passwd', 'documents/report.pdf', 'images/x.svg', ''])(
    'refuses a key it did not generate: %j',
    async (key) => {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 })).rejects.toThrow(/did not generate/);
      await expect(storage.get(key)).rejects.toThrow(/did not generate/);
      await expect(storage.delete(key)).rejects.toThrow(/did not generate/);
      await expect(storage.presignPut(key, { expiresInSeconds: 60, maxBytes: 10 })).rejects.toThrow(/did not generate/);
    },
  );

  it('presigns a PUT URL bound to one key', async () => {
    const key = objectKeys.upload();
    const url = await storage.presignPut(key, { expiresInSeconds: 60, maxBytes: 5_242_880 });
    if (backend === 'disk') {
      expect(url).toMatch(new RegExp(`^/api/objects/put/${key}\\?expires=\\d+&max=5242880&sig=[A-Za-z0-9_-]{43}$`));
      expect(storage.uploadOrigin).toBeNull();
    } else {
      expect(url.startsWith(`${s3?.endpoint}/${s3?.bucket}/${key}?`)).toBe(true);
      expect(storage.uploadOrigin).toBe(s3?.endpoint);
      const response = await fetch(url, { method: 'PUT', body: 'hello' });
      expect(response.status).toBe(200);
      expect(await storage.head(key)).toEqual({ size: 5 });
    }
  });
});

describe('signed upload URLs for disk storage', () => {
  const signer = new UrlSigner(Buffer.from('a'.repeat(43)));
  const key = 'uploads/0f8fad5b-d9cb-469f-a165-70867728950e';
  const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

  it('accepts its own URL until it expires, and nothing altered', () => {
    const now = 1_800_000_000;
    const query = queryOf(`/x?${new URLSearchParams(signer.sign(`PUT\n${key}`, now + 60, 5_242_880)).toString()}`);
    expect(signer.check(`PUT\n${key}`, query, now)).toEqual({ ok: true, maxBytes: 5_242_880 });
    expect(signer.check(`PUT\n${key}`, query, now + 61)).toEqual({ ok: false, reason: 'expired' });
    expect(signer.check('PUT\nuploads/1f8fad5b-d9cb-469f-a165-70867728950e', query, now)).toMatchObject({ ok: false });
    expect(signer.check(`PUT\n${key}`, { ...query, max: '99999999' }, now)).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(signer.check(`PUT\n${key}`, { ...query, expires: String(now + 9999) }, now)).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(signer.check(`PUT\n${key}`, { ...query, sig: `${query.sig?.slice(0, -1)}A` }, now)).toMatchObject({ ok: false });
    expect(signer.check(`PUT\n${key}`, {}, now)).toEqual({ ok: false, reason: 'malformed' });
    expect(new UrlSigner(Buffer.from('b'.repeat(43))).check(`PUT\n${key}`, query, now)).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('keeps a generated secret in DATA_DIR, the same for every process, unless OBJECT_URL_SECRET is set', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vpv-secret-'));
    const first = loadUrlSecret(dir, null);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadUrlSecret(dir, null).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, 'object-url.key')).mode & 0o077).toBe(0);
    expect(loadUrlSecret(dir, 'x'.repeat(40)).toString()).toBe('x'.repeat(40));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
