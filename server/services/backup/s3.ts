import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { type S3Config, createS3Client } from '../../storage/s3-client.ts';
import { normalizeEtag } from '../../storage/storage.ts';
import type { S3ObjectEntry } from './manifest.ts';

/**
 * Every object in the bucket (keys, sizes, ETags), all pages. A backup records this list and
 * not the files: the bucket's own versioning (or replication) is their backup, and the list
 * says which versions the database of this backup names. Read below the storage port, like
 * pg_dump reads below Kysely: a backup copies the backend itself.
 */
export async function listBucket(config: S3Config): Promise<S3ObjectEntry[]> {
  const client = createS3Client(config);
  try {
    const objects: S3ObjectEntry[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }));
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        objects.push({
          key: item.Key,
          size: item.Size ?? 0,
          etag: normalizeEtag(item.ETag ?? ''),
          lastModified: item.LastModified?.toISOString() ?? null,
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  } finally {
    client.destroy();
  }
}
