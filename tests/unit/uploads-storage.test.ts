import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { choosePartsToComplete } from '../../server/services/uploads/uploads-service.ts';
import { MIN_PART_BYTES, UnknownUploadError, normalizeEtag } from '../../server/storage/multipart.ts';
import { DiskMultipartStorage } from '../../server/storage/multipart-disk.ts';
import { signPolicy } from '../../server/storage/multipart-s3.ts';
import { ObjectTooLargeError } from '../../server/storage/storage.ts';

/** SHA-256 for the SDK's signer, from node:crypto (the SDK's own is not a dependency of ours). */
class NodeSha256 {
  private readonly hash: crypto.Hash | crypto.Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? crypto.createHash('sha256') : crypto.createHmac('sha256', Buffer.from(secret as Uint8Array));
  }
  update(data: Uint8Array): void {
    this.hash.update(data);
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

describe('the S3 POST policy signature', () => {
  it("is SigV4's signature of the policy, as the AWS SDK computes it", async () => {
    const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
    const signer = new SignatureV4({ credentials, region: 'eu-central-1', service: 's3', sha256: NodeSha256 });
    const policy = Buffer.from(JSON.stringify({ expiration: '2026-11-24T00:00:00.000Z', conditions: [{ bucket: 'b' }] })).toString('base64');
    const expected = await signer.sign(policy, { signingDate: new Date('2026-11-23T12:00:00Z') });
    expect(signPolicy(policy, credentials.secretAccessKey, '20261123', 'eu-central-1')).toBe(expected);
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

describe('disk multipart storage', () => {
  let root: string;
  let storage: DiskMultipartStorage;
  const upload = { uploadId: crypto.randomUUID(), key: `documents/${crypto.randomUUID()}`, storageUploadId: null };
  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'vpv-multipart-'));
    storage = new DiskMultipartStorage(path.join(root, 'objects'), path.join(root, 'multipart'), crypto.randomBytes(32));
    await storage.create(upload);
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
    const first = await storage.storePart(upload.uploadId, 2, Readable.from([Buffer.from('second part')]), 100);
    await storage.storePart(upload.uploadId, 1, Readable.from([Buffer.from('first, old')]), 100);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await storage.storePart(upload.uploadId, 1, Readable.from([Buffer.from('first, new')]), 100);
    expect(first.etag).toBe(crypto.createHash('md5').update('second part').digest('hex'));
    expect(await storage.listParts(upload)).toEqual([
      { partNumber: 1, etag: again.etag, size: 10 },
      { partNumber: 2, etag: first.etag, size: 11 },
    ]);
    expect(fs.readdirSync(path.join(root, 'multipart', upload.uploadId)).sort()).toEqual([`1.${again.etag}`, `2.${first.etag}`]);
    const parts = (await storage.listParts(upload))!;
    expect((await storage.peekParts(upload, parts, 15)).toString()).toBe('first, newsecon');
    await storage.complete(upload, parts);
    expect(fs.readFileSync(path.join(root, 'objects', ...upload.key.split('/')), 'utf8')).toBe('first, newsecond part');
    expect(await storage.listParts(upload)).toBeNull();
  });

  it('refuses a part over its limit and an upload that is gone, leaving no file', async () => {
    await expect(storage.storePart(upload.uploadId, 1, Readable.from([Buffer.alloc(101)]), 100)).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(fs.readdirSync(path.join(root, 'multipart', upload.uploadId))).toEqual([]);
    await storage.abort(upload);
    await expect(storage.storePart(upload.uploadId, 1, Readable.from([Buffer.from('late')]), 100)).rejects.toBeInstanceOf(UnknownUploadError);
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
