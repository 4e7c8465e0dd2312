import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type S3Config, createS3Client } from './s3-client.ts';
import type { ByteRange, PostTarget, PutOptions, SignOptions, Storage, StoredPart, UploadRef } from './storage.ts';
import { ObjectTooLargeError, assertObjectKey, normalizeEtag, readToBuffer } from './storage.ts';

/**
 * Parts of a streamed upload. S3 needs every part but the last to be at least 5 MiB; 8 MiB
 * bounds memory per upload while keeping a 100 MB document to 13 requests.
 */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Objects in an S3-compatible bucket (AWS, MinIO, R2, s3rver in the tests), on one client.
 * `put` streams through one part-sized buffer: a small file is one PutObject, a large one a
 * multipart upload, so a 100 MB document never sits in memory whole. The browser's uploads
 * go straight to the bucket: presigned PUT and UploadPart URLs, and a POST policy signed by
 * the SDK's own createPresignedPost; we only create, list, complete and abort.
 */
export class S3Storage implements Storage {
  readonly kind = 's3';

  private constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    readonly uploadOrigin: string,
  ) {}

  static async create(config: S3Config): Promise<S3Storage> {
    const client = createS3Client(config);
    // Where presigned URLs point (virtual-hosted or path style, custom endpoint or AWS),
    // taken from a real one so it always matches what the browser will be sent to.
    const sample = await getSignedUrl(client, new PutObjectCommand({ Bucket: config.bucket, Key: 'uploads/origin-probe' }), {
      expiresIn: 60,
    });
    return new S3Storage(client, config.bucket, new URL(sample).origin);
  }

  async put(key: string, body: Readable, { maxBytes, contentType }: PutOptions): Promise<{ size: number }> {
    assertObjectKey(key);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let total = 0;
    // Started with the first full part; a smaller object is one PutObject.
    let upload: UploadRef | null = null;
    const parts: StoredPart[] = [];

    const flushPart = async () => {
      upload ??= { uploadId: key, key, storageUploadId: await this.start(key, contentType) };
      const partNumber = parts.length + 1;
      const { ETag } = await this.client.send(
        new UploadPartCommand({ ...this.target(upload), PartNumber: partNumber, Body: Buffer.concat(pending) }),
      );
      if (!ETag) throw new Error('S3 did not return an ETag for a part');
      parts.push({ partNumber, etag: normalizeEtag(ETag), size: pendingBytes });
      pending = [];
      pendingBytes = 0;
    };

    try {
      // for await handles the body's errors (a client hanging up mid-upload): the upload is
      // aborted below and nothing is stored.
      for await (const chunk of body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        total += buffer.length;
        if (total > maxBytes) throw new ObjectTooLargeError(maxBytes);
        pending.push(buffer);
        pendingBytes += buffer.length;
        if (pendingBytes >= PART_BYTES) await flushPart();
      }
      if (upload === null) {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: Buffer.concat(pending),
            ContentLength: total,
            ContentType: contentType,
          }),
        );
      } else {
        if (pendingBytes > 0) await flushPart();
        await this.completeUpload(upload, parts);
      }
      return { size: total };
    } catch (error) {
      body.destroy();
      // Not every S3-compatible store implements abort; a bucket lifecycle rule for incomplete
      // multipart uploads cleans up after it (see docs/documents.md).
      if (upload) await this.abortUpload(upload).catch(() => {});
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    assertObjectKey(key);
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!result.Body) return null;
      return result.Body instanceof Readable ? result.Body : Readable.fromWeb(result.Body.transformToWebStream() as never);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    assertObjectKey(key);
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: result.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async readHead(key: string, bytes: number): Promise<Buffer | null> {
    const stream = await this.get(key, { start: 0, end: bytes - 1 }).catch((error: unknown) => {
      // An empty object has no byte 0: S3 answers 416.
      if (statusOf(error) === 416) return Readable.from([]);
      throw error;
    });
    return stream ? readToBuffer(stream, bytes) : null;
  }

  async promote(fromKey: string, toKey: string): Promise<void> {
    assertObjectKey(fromKey);
    assertObjectKey(toKey);
    // One CopyObject takes up to 5 GB; single-request uploads are at most 100 MiB.
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: toKey, CopySource: `${this.bucket}/${fromKey}` }));
    await this.delete(fromKey);
  }

  async objectsOlderThan(prefix: string, before: number): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && object.LastModified.getTime() < before) keys.push(object.Key);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async presignPut(key: string, { expiresInSeconds }: SignOptions): Promise<string> {
    assertObjectKey(key);
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: expiresInSeconds });
  }

  /** An S3 POST policy (what Uppy's single-request mode posts its form to), bound to the key and a size range. */
  async postTarget(key: string, { expiresInSeconds, maxBytes }: SignOptions): Promise<PostTarget> {
    assertObjectKey(key);
    return createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: key,
      Fields: { success_action_status: '201' },
      Conditions: [{ success_action_status: '201' }, ['content-length-range', 1, maxBytes]],
      Expires: expiresInSeconds,
    });
  }

  createUpload({ key }: Omit<UploadRef, 'storageUploadId'>): Promise<string> {
    // The browser's claimed type is not trusted; downloads carry the type found in the bytes.
    return this.start(key, 'application/octet-stream');
  }

  async partUrl(upload: UploadRef, partNumber: number, { expiresInSeconds }: SignOptions): Promise<string> {
    // S3 cannot bind a part's size in a presigned URL it has not seen; complete checks the sum.
    return getSignedUrl(this.client, new UploadPartCommand({ ...this.target(upload), PartNumber: partNumber }), {
      expiresIn: expiresInSeconds,
    });
  }

  async listParts(upload: UploadRef): Promise<StoredPart[] | null> {
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    try {
      // ListParts answers at most 1,000 parts a page; an upload may have 10,000.
      for (;;) {
        const page = await this.client.send(new ListPartsCommand({ ...this.target(upload), PartNumberMarker: marker }));
        for (const part of page.Parts ?? []) {
          if (part.PartNumber === undefined || !part.ETag) continue;
          parts.push({ partNumber: part.PartNumber, etag: normalizeEtag(part.ETag), size: part.Size ?? 0 });
        }
        if (!page.IsTruncated || !page.NextPartNumberMarker || page.NextPartNumberMarker === marker) break;
        marker = page.NextPartNumberMarker;
      }
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async peekParts(): Promise<null> {
    return null;
  }

  async completeUpload(upload: UploadRef, parts: StoredPart[]): Promise<void> {
    await this.client.send(
      new CompleteMultipartUploadCommand({
        ...this.target(upload),
        MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: `"${part.etag}"` })) },
      }),
    );
  }

  async abortUpload(upload: UploadRef): Promise<void> {
    if (!upload.storageUploadId) return;
    try {
      await this.client.send(new AbortMultipartUploadCommand(this.target(upload)));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async removeOrphans(): Promise<number> {
    // A multipart upload whose row is gone cannot be found without ListMultipartUploads over
    // the whole bucket; the bucket's lifecycle rule (docs/documents.md) aborts those after a day.
    return 0;
  }

  private async start(key: string, contentType: string | undefined): Promise<string> {
    assertObjectKey(key);
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }));
    if (!UploadId) throw new Error('S3 did not return an upload id');
    return UploadId;
  }

  private target(upload: UploadRef) {
    assertObjectKey(upload.key);
    if (!upload.storageUploadId) throw new Error('An S3 multipart upload needs its UploadId');
    return { Bucket: this.bucket, Key: upload.key, UploadId: upload.storageUploadId };
  }
}

function isNotFound(error: unknown): boolean {
  const { name } = error as { name?: string };
  return name === 'NoSuchUpload' || name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}
