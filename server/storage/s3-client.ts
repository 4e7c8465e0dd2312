import { S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.ts';

export type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/**
 * An S3 client for the configured bucket, as the uploads need it (server/storage/multipart-s3.ts);
 * the same settings as S3Storage's (s3.ts).
 */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // A copy: the SDK marks the credentials object it is given ($source), and the config is frozen.
    ...(config.credentials ? { credentials: { ...config.credentials } } : {}),
    // Checksums only where S3 requires them: the newer default (aws-chunked bodies, checksum
    // query parameters on presigned URLs) is not understood by every S3-compatible store,
    // and a presigned part URL with a checksum parameter would bind the part's bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
