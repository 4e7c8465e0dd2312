import crypto from 'node:crypto';
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
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type S3Config, createS3Client } from './s3-client.ts';
import { assertObjectKey } from './storage.ts';
import {
  type MultipartStorage,
  type PostTarget,
  type SignOptions,
  type StoredPart,
  type UploadRef,
  normalizeEtag,
} from './multipart.ts';

/**
 * Multipart uploads on S3 (or any S3-compatible store): the browser PUTs each part to a
 * presigned UploadPart URL, so part bytes never pass through our server; we only create,
 * list, complete and abort. The single-request target is an S3 POST policy (what Uppy's
 * companion mode posts its form to), signed here with SigV4: the SDK's own helper for it is a
 * separate package, and the signature is a few lines.
 */
export class S3MultipartStorage implements MultipartStorage {
  readonly kind = 's3';
  readonly receiver = null;

  private constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly region: string,
    /** The bucket's URL (path or virtual-host style), where a POST policy form goes. */
    private readonly bucketUrl: string,
    readonly uploadOrigin: string,
  ) {}

  static async create(config: S3Config): Promise<S3MultipartStorage> {
    const client = createS3Client(config);
    // Where the bucket is, from a real presigned URL, so it always matches the SDK's addressing.
    const probeKey = 'uploads/origin-probe';
    const sample = new URL(await getSignedUrl(client, new GetObjectCommand({ Bucket: config.bucket, Key: probeKey }), { expiresIn: 60 }));
    const bucketUrl = `${sample.origin}${sample.pathname.slice(0, -`/${probeKey}`.length)}`;
    return new S3MultipartStorage(client, config.bucket, config.region, bucketUrl, sample.origin);
  }

  async create({ key }: Omit<UploadRef, 'storageUploadId'>): Promise<string> {
    assertObjectKey(key);
    // The browser's claimed type is not trusted; downloads carry the type found in the bytes.
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: 'application/octet-stream' }),
    );
    if (!UploadId) throw new Error('S3 did not return an upload id');
    return UploadId;
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

  async complete(upload: UploadRef, parts: StoredPart[]): Promise<void> {
    await this.client.send(
      new CompleteMultipartUploadCommand({
        ...this.target(upload),
        MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: `"${part.etag}"` })) },
      }),
    );
  }

  async abort(upload: UploadRef): Promise<void> {
    if (!upload.storageUploadId) return;
    try {
      await this.client.send(new AbortMultipartUploadCommand(this.target(upload)));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async postTarget(key: string, { expiresInSeconds, maxBytes }: SignOptions): Promise<PostTarget> {
    assertObjectKey(key);
    const credentials = await this.client.config.credentials();
    const now = new Date();
    const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const day = amzDate.slice(0, 8);
    const credential = `${credentials.accessKeyId}/${day}/${this.region}/s3/aws4_request`;
    const signed: Record<string, string> = {
      bucket: this.bucket,
      key,
      success_action_status: '201',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': credential,
      'X-Amz-Date': amzDate,
      ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
    };
    const policy = Buffer.from(
      JSON.stringify({
        expiration: new Date(now.getTime() + expiresInSeconds * 1000).toISOString(),
        conditions: [...Object.entries(signed).map(([name, value]) => ({ [name]: value })), ['content-length-range', 1, maxBytes]],
      }),
    ).toString('base64');
    return {
      url: this.bucketUrl,
      fields: { ...signed, Policy: policy, 'X-Amz-Signature': signPolicy(policy, credentials.secretAccessKey, day, this.region) },
    };
  }

  async readHead(key: string, bytes: number): Promise<Buffer | null> {
    assertObjectKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
      return result.Body ? Buffer.from(await result.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (isNotFound(error)) return null;
      // An empty object has no byte 0: S3 answers 416.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) return Buffer.alloc(0);
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    assertObjectKey(key);
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return result.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async deleteObject(key: string): Promise<void> {
    assertObjectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async promote(fromKey: string, toKey: string): Promise<void> {
    assertObjectKey(fromKey);
    assertObjectKey(toKey);
    // One CopyObject takes up to 5 GB; single-request uploads are at most 100 MB.
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: toKey, CopySource: `${this.bucket}/${fromKey}` }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: fromKey }));
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

  async removeOrphans(): Promise<number> {
    // A multipart upload whose row is gone cannot be found without ListMultipartUploads over
    // the whole bucket; the bucket's lifecycle rule (docs/documents.md) aborts those after a day.
    return 0;
  }

  private target(upload: UploadRef) {
    assertObjectKey(upload.key);
    if (!upload.storageUploadId) throw new Error('An S3 multipart upload needs its UploadId');
    return { Bucket: this.bucket, Key: upload.key, UploadId: upload.storageUploadId };
  }
}

/** SigV4 for a POST policy: the policy (base64) signed with the day's derived key. */
export function signPolicy(policyBase64: string, secretAccessKey: string, day: string, region: string): string {
  const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
  return crypto.createHmac('sha256', signingKey).update(policyBase64).digest('hex');
}

function isNotFound(error: unknown): boolean {
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    candidate.name === 'NoSuchUpload' ||
    candidate.name === 'NoSuchKey' ||
    candidate.name === 'NotFound' ||
    candidate.$metadata?.httpStatusCode === 404
  );
}
