import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { choosePartsToComplete } from '../../server/services/uploads/uploads-service.ts';
import { MIN_PART_BYTES } from '@domain/documents/upload-limits.ts';
import { DiskStorage } from '../../server/storage/disk.ts';
import { S3Storage } from '../../server/storage/s3.ts';
import { UrlSigner } from '../../server/storage/signed-url.ts';
import { ObjectTooLargeError, UnknownUploadError, normalizeEtag } from '../../server/storage/storage.ts';

describe('the S3 POST policy', () => {
  it('is the SDK\'s presigned post, bound to the key, a 201 answer and at most the size limit', async () => {
    const storage = await S3Storage.create({
      kind: 's3',
      bucket: 'b',
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
    });
    const key = `uploads/${crypto.randomUUID()}`;
    const target = await storage.postTarget(key, { expiresInSeconds: 60, maxBytes: 500 });
    expect(target.url).toBe('http://127.0.0.1:9/b');
    expect(target.fields).toMatchObject({ key, success_action_status: '201', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    const policy = JSON.parse(Buffer.from(target.fields.Policy ?? '', 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 500]);
    expect(policy.conditions).toContainEqual({ key });
  });
});

describe('choosing the parts a complete names', () => {
  const part = (partNumber: number, size: number) => ({ partNumber, etag: crypto.createHash('md5').update(String(partNumber)).digest('hex'), size });
  const stored = [part(1, MIN_PART_BYTES), part(2, MIN_PART_BYTES), part(3, 10)];

  it('takes the named parts, ETags with or without quotes', () => {
    expect(choosePartsToComplete(stored, stored.map((p) => ({ partNumber: p.partNumber, etag: `"${p.etag}"` })))).toEqual(stored);
    // A subset, as S3 allows: the last named part may be small.
    expect(choosePartsToComplete(stored, [{ partNumber: 1, etag: stored[0]!.etag }, { partNumber: 3, etag: stored[2]!.etag }])).toEqual([stored[0], stored[2]]);
  });

  it.each([
    [[], /List the uploaded parts/],
    [[{ partNumber: 2, etag: 'x' }], /Part 2 is not stored with that ETag/],
    [[{ partNumber: 4, etag: 'x' }], /Part 4 is not stored/],
    [[{ partNumber: 3, etag: 'E3' }, { partNumber: 1, etag: 'E1' }], /ascending order/],
    [[{ partNumber: 3, etag: 'E3' }, { partNumber: 3, etag: 'E3' }], /ascending order/],
  ])('refuses %j', (requested, message) => {
    const named = requested.map((item) => ({ ...item, etag: item.etag.replace(/^E(\d)$/, (_, n: string) => stored[Number(n) - 1]!.etag) }));
    expect(choosePartsToComplete(stored, named)).toMatch(message);
  });

  it('refuses a part under 5 MiB that is not the last, and a file of nothing', () => {
    const small = [part(1, 100), part(2, 100)];
    expect(choosePartsToComplete(small, small.map((p) => ({ partNumber: p.partNumber, etag: p.etag })))).toMatch(/^Part 1 has 100 bytes/);
    const empty = [part(1, 0)];
    expect(choosePartsToComplete(empty, [{ partNumber: 1, etag: empty[0]!.etag }])).toBe('Please select a file to upload.');
  });

  it('normalises ETags as S3 compares them', () => {
    expect(normalizeEtag('"abc"')).toBe('abc');
    expect(normalizeEtag('W/"abc"')).toBe('abc');
    expect(normalizeEtag('abc')).toBe('abc');
  });
});

describe('disk storage, in parts', () => {
  let root: string;
  let storage: DiskStorage;
  const upload = { uploadId: crypto.randomUUID(), key: `documents/${crypto.randomUUID()}`, storageUploadId: null };
  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'vpv-multipart-'));
    storage = new DiskStorage(path.join(root, 'objects'), path.join(root, 'multipart'), new UrlSigner(crypto.randomBytes(32)));
    await storage.createUpload(upload);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const query = (url: string) => Object.fromEntries(new URL(url, 'http://site.invalid').searchParams);

  it('signs part URLs for one upload, one part number, an expiry and a size', async () => {
    const url = await storage.partUrl(upload, 7, { expiresInSeconds: 60, maxBytes: 1000 });
    expect(url).toMatch(new RegExp(`^/api/uploads/parts/${upload.uploadId}/7\\?expires=\\d+&max=1000&sig=`));
    expect(storage.checkPartUrl(upload.uploadId, 7, query(url))).toEqual({ ok: true, maxBytes: 1000 });
    expect(storage.checkPartUrl(upload.uploadId, 8, query(url))).toEqual({ ok: false, reason: 'bad-signature' });
    expect(storage.checkPartUrl(crypto.randomUUID(), 7, query(url))).toEqual({ ok: false, reason: 'bad-signature' });
    expect(storage.checkPartUrl(upload.uploadId, 7, { ...query(url), max: '1001' })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(storage.checkPartUrl(upload.uploadId, 7, { ...query(url), max: ['1', '2'] })).toEqual({ ok: false, reason: 'malformed' });
    const expired = await storage.partUrl(upload, 7, { expiresInSeconds: -5, maxBytes: 1000 });
    expect(storage.checkPartUrl(upload.uploadId, 7, query(expired))).toEqual({ ok: false, reason: 'expired' });
  });

  it('stores parts aside and lists the newest copy of each, with its MD5 as ETag and its size', async () => {
    const first = await storage.receivePart(upload.uploadId, 2, Readable.from([Buffer.from('second part')]), 100);
    await storage.receivePart(upload.uploadId, 1, Readable.from([Buffer.from('first, old')]), 100);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await storage.receivePart(upload.uploadId, 1, Readable.from([Buffer.from('first, new')]), 100);
    expect(first.etag).toBe(crypto.createHash('md5').update('second part').digest('hex'));
    expect(await storage.listParts(upload)).toEqual([
      { partNumber: 1, etag: again.etag, size: 10 },
      { partNumber: 2, etag: first.etag, size: 11 },
    ]);
    expect(fs.readdirSync(path.join(root, 'multipart', upload.uploadId)).sort()).toEqual([`1.${again.etag}`, `2.${first.etag}`]);
    const parts = (await storage.listParts(upload))!;
    expect((await storage.peekParts(upload, parts, 15)).toString()).toBe('first, newsecon');
    await storage.completeUpload(upload, parts);
    expect(fs.readFileSync(path.join(root, 'objects', ...upload.key.split('/')), 'utf8')).toBe('first, newsecond part');
    expect(await storage.listParts(upload)).toBeNull();
  });

  it('refuses a part over its limit and an upload that is gone, leaving no file', async () => {
    await expect(storage.receivePart(upload.uploadId, 1, Readable.from([Buffer.alloc(101)]), 100)).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(fs.readdirSync(path.join(root, 'multipart', upload.uploadId))).toEqual([]);
    await storage.abortUpload(upload);
    await expect(storage.receivePart(upload.uploadId, 1, Readable.from([Buffer.from('late')]), 100)).rejects.toBeInstanceOf(UnknownUploadError);
    expect(fs.existsSync(path.join(root, 'multipart', upload.uploadId))).toBe(false);
  });

  it('signs a single-request form for uploads/ keys only', async () => {
    const key = `uploads/${crypto.randomUUID()}`;
    const target = await storage.postTarget(key, { expiresInSeconds: 60, maxBytes: 500, origin: 'https://site.example' });
    expect(target.url).toBe('https://site.example/api/uploads/objects');
    const fields = new Map(Object.entries(target.fields));
    expect(storage.checkPostFields(fields)).toEqual({ ok: true, maxBytes: 500, key });
    expect(storage.checkPostFields(new Map([...fields, ['key', `uploads/${crypto.randomUUID()}`]]))).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(storage.checkPostFields(new Map([...fields, ['key', upload.key]]))).toMatchObject({ ok: false, reason: 'malformed' });
  });
});
