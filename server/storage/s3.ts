import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config.ts';
import { type ByteRange, type ObjectStorage, type PutOptions, ObjectTooLargeError, assertObjectKey } from './storage.ts';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/**
 * Parts of a streamed upload. S3 needs every part but the last to be at least 5 MiB; 8 MiB
 * bounds memory per upload while keeping a 100 MB document to 13 requests.
 */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Objects in an S3-compatible bucket (AWS, MinIO, R2, s3rver in the tests). Uploads stream
 * through one part-sized buffer: a small file is one PutObject, a large one a multipart
 * upload, so a 100 MB document never sits in memory whole.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3';

  private constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    readonly uploadOrigin: string,
  ) {}

  static async create(config: S3Config): Promise<S3Storage> {
    const client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      // A copy: the SDK marks the credentials object it is given ($source), and the config is frozen.
      ...(config.credentials ? { credentials: { ...config.credentials } } : {}),
      // Checksums only where S3 requires them: the newer default (aws-chunked bodies with
      // trailing checksums, checksum query parameters on presigned URLs) is not understood
      // by every S3-compatible store, and breaks browser uploads to presigned URLs.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
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
    let uploadId: string | null = null;
    const parts: { PartNumber: number; ETag: string }[] = [];

    const flushPart = async () => {
      uploadId ??=
        (await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType })))
          .UploadId ?? null;
      if (!uploadId) throw new Error('S3 did not return an upload id');
      const PartNumber = parts.length + 1;
      const { ETag } = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body: Buffer.concat(pending) }),
      );
      if (!ETag) throw new Error('S3 did not return an ETag for a part');
      parts.push({ PartNumber, ETag });
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
      if (uploadId === null) {
        await this.client.send(
          new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: Buffer.concat(pending), ContentLength: total, ContentType: contentType }),
        );
      } else {
        if (pendingBytes > 0) await flushPart();
        await this.client.send(
          new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
        );
      }
      return { size: total };
    } catch (error) {
      body.destroy();
      if (uploadId) await this.abortQuietly(key, uploadId);
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

  async presignPut(key: string, { expiresInSeconds }: { expiresInSeconds: number; maxBytes: number }): Promise<string> {
    assertObjectKey(key);
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: expiresInSeconds });
  }

  private async abortQuietly(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch {
      // Not every S3-compatible store implements abort; a bucket lifecycle rule for
      // incomplete multipart uploads cleans up after it (see docs/documents.md).
    }
  }
}

function isNotFound(error: unknown): boolean {
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return candidate.name === 'NoSuchKey' || candidate.name === 'NotFound' || candidate.$metadata?.httpStatusCode === 404;
}
